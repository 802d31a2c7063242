import { Form } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import { purchaseMessages as m } from "~/features/purchase/purchase.messages";
import { telHref } from "~/lib/format";
import { useT } from "~/lib/i18n/react";
import { FieldError } from "./ui/field";
import { useValidatedForm } from "./ui/use-validated-form";

/** "Inclusive of all taxes (GST)": Indian prices are quoted with tax. */
export function TaxNote() {
  const t = useT("purchase");
  return <p className="text-sm text-slate-600">{t.text(m.taxesIncluded)}</p>;
}

export function InstallationNote() {
  const t = useT("purchase");
  return (
    <p className="inline-flex items-center gap-1.5 text-sm font-medium text-success-700">
      <SpriteIcon name="wrench" className="size-4" />
      {t.text(m.freeInstallation)}
    </p>
  );
}

export type DeliveryView =
  | { pincode: string; error: string }
  | { pincode: string; served: true; city: string; days: number; by: string }
  | { pincode: string; served: false };

const loadDeliveryCheckSchema = () =>
  import("~/features/purchase/purchase.schema").then((m) => m.deliveryCheckSchema);

/**
 * "Check delivery": a GET form on the product page (`?pincode=`), so it works without
 * JavaScript; the answer comes from the store's delivery areas.
 */
export function DeliveryCheck({
  result,
  action,
  supportPhone,
}: {
  result: DeliveryView | null;
  action: string;
  supportPhone: string | null;
}) {
  // The same schema in the browser (no request for a bad pincode) and in the loader, loaded
  // with the form (zod is not part of the page's first visit).
  const t = useT("purchase");
  const form = useValidatedForm(loadDeliveryCheckSchema, null);
  const error = form.errors.pincode ?? (result && "error" in result ? t.text(result.error) : null);
  return (
    <section
      id="delivery"
      aria-labelledby="delivery-title"
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="delivery-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <SpriteIcon name="map-pin" className="size-5 text-brand-700" />
        {t("Check delivery")}
      </h2>
      <Form
        method="get"
        action={`${action}#delivery`}
        preventScrollReset
        replace
        noValidate
        className="mt-3 flex items-start gap-2"
        onSubmit={form.onSubmit}
        onFocus={form.onFocus}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="delivery-pincode" className="sr-only">
            {t("Pincode")}
          </label>
          <input
            id="delivery-pincode"
            name="pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder={t("Enter your 6-digit pincode")}
            defaultValue={result?.pincode ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "delivery-pincode-error" : undefined}
            className={`block min-h-11 w-full rounded-lg border bg-white px-3 ${error ? "border-danger-700" : "border-slate-300"}`}
          />
          <FieldError id="delivery-pincode-error" message={error ?? undefined} />
        </div>
        <button type="submit" className="btn-outline">
          {t("Check")}
        </button>
      </Form>
      <div aria-live="polite" data-testid="delivery-result">
        {result && !error && "served" in result ? (
          result.served ? (
            <p className="mt-3 text-sm font-medium text-success-700">
              {t.text(m.deliveryServed(result.city, result.days, result.by))}
            </p>
          ) : (
            <p className="mt-3 text-sm font-medium text-danger-700">
              {t.text(m.deliveryNotServed(result.pincode))}
              {supportPhone ? (
                <>
                  {" "}
                  {t.text(m.deliveryCallUs)}{" "}
                  <a href={telHref(supportPhone)} className="whitespace-nowrap underline">
                    {supportPhone}
                  </a>
                </>
              ) : null}
            </p>
          )
        ) : null}
      </div>
    </section>
  );
}
