import { type ChangeEvent, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { UrlDialog } from "~/components/ui/dialog";
import { Field, FieldError, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { UpiPayment } from "~/components/upi-payment";
import { gstStateChoices } from "~/features/gst/gst-states";
import type { DeliveryDetails } from "~/features/orders/order-read.server";
import { ordersMessages } from "~/features/orders/orders.messages";
import { placeOrderSchema } from "~/features/orders/orders.schema";
import type { UpiPaymentView } from "~/features/orders/upi";
import type { FormFailure } from "~/lib/forms";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { PINCODE_PATTERN } from "~/lib/pincode";

/** What the checkout dialog shows: the delivery details to confirm and the payment to make
 * (null: the promo code pays the whole order, nothing to pay). */
export type CheckoutView = {
  reference: string;
  amountPaise: number;
  delivery: DeliveryDetails;
  payment: UpiPaymentView | null;
  /** The store offers pay on installation for this total (ADR 031). */
  payOnInstallation: boolean;
  /** The offered pincode's city and state in India Post's directory, if it knows it. */
  place: PincodePlaceView | null;
};

type PincodePlaceView = { city: string; state: string };

/**
 * The city and state of the pincode being typed, from the store's directory
 * (`/api/pincodes/:code`, ADR 030): shown under the field, and the city filled in when it is
 * empty. Without JavaScript the shopper types the city; the order takes the state either way.
 */
function usePincodePlace(initial: PincodePlaceView | null) {
  const [place, setPlace] = useState(initial);
  const asked = useRef<AbortController | null>(null);
  // The State the last pincode filled in (not one the customer chose).
  const filledState = useRef<string | null>(null);
  async function pincodeTyped(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    asked.current?.abort();
    setPlace(null);
    if (!PINCODE_PATTERN.test(input.value)) return;
    const controller = new AbortController();
    asked.current = controller;
    const state = input.form?.elements.namedItem("state");
    try {
      const response = await fetch(`/api/pincodes/${input.value}`, { signal: controller.signal });
      if (!response.ok) {
        // A pincode the directory does not know: the State another pincode filled in is not
        // this one's; the customer chooses it.
        if (state instanceof HTMLSelectElement && state.value === filledState.current) {
          state.value = "";
        }
        filledState.current = null;
        return;
      }
      const found = (await response.json()) as { place: string; state: string };
      setPlace({ city: found.place, state: found.state });
      const city = input.form?.elements.namedItem("city");
      if (city instanceof HTMLInputElement && city.value.trim() === "") city.value = found.place;
      // The pincode's State, which the customer may change (a border town, ADR 033).
      if (state instanceof HTMLSelectElement && found.state) {
        state.value = found.state;
        filledState.current = found.state;
      }
    } catch {
      // Aborted by the next keystroke, or offline: the shopper types the city.
    }
  }
  return { place, pincodeTyped };
}

/** The State select's choices: each state and union territory with its GST code. */
const stateOptions = gstStateChoices(msg("Choose the State"));

/** "How will you pay?" when the store offers pay on installation (ADR 031). */
const paymentChoices = [
  { value: "upi", label: msg("Pay now by UPI"), hint: null },
  {
    value: "on_installation",
    label: msg("Pay on installation"),
    hint: msg("Cash or UPI to the fitter when the battery is installed."),
  },
] as const;

/**
 * The checkout dialog of `/cart?checkout=1` (open in the URL, so it works without JavaScript):
 * the delivery details, the UPI QR of the exact total with its reference, an optional UTR, and
 * Confirm Order, which posts the `place` intent.
 */
export function CheckoutDialog({
  checkout,
  failure,
}: {
  checkout: CheckoutView;
  /** The server's refusal of the last Confirm Order, if any. */
  failure: FormFailure | undefined;
}) {
  const t = useT("checkout");
  const form = useValidatedForm(placeOrderSchema, failure ?? null);
  const busy = useNavigation().formData?.get("intent") === "place";
  const v = form.value;
  const e = form.errors;
  const saved = checkout.delivery;
  const [method, setMethod] = useState(v("paymentMethod", "upi"));
  const { place, pincodeTyped } = usePincodePlace(checkout.place);
  const payNow = checkout.payment !== null && method !== "on_installation";
  return (
    <UrlDialog title={t("Checkout")} closeHref="/cart">
      <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
        <FormAlert message={form.formError ?? e.reference ?? e.expectedTotalPaise} />
        <input type="hidden" name="intent" value="place" />
        <input type="hidden" name="reference" value={checkout.reference} />
        <input type="hidden" name="expectedTotalPaise" value={checkout.amountPaise} />
        <fieldset className="space-y-3">
          <legend className="font-semibold text-slate-900">{t("Deliver to")}</legend>
          <Field
            label={t("Name")}
            name="name"
            autoComplete="name"
            required
            maxLength={80}
            defaultValue={v("name", saved.name)}
            error={e.name}
          />
          <Field
            label={t("Mobile number")}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required
            maxLength={16}
            hint={t("10 digits")}
            defaultValue={v("phone", saved.phone)}
            error={e.phone}
          />
          <Field
            label={t("Flat, house no., building")}
            name="house"
            autoComplete="address-line1"
            required
            maxLength={120}
            defaultValue={v("house", saved.house)}
            error={e.house}
          />
          <Field
            label={t("Area, street, sector, village")}
            name="address"
            autoComplete="address-line2"
            required
            maxLength={200}
            defaultValue={v("address", saved.address)}
            error={e.address}
          />
          <Field
            label={t("Landmark (optional)")}
            name="landmark"
            autoComplete="off"
            maxLength={100}
            hint={t("Such as: near Apollo Hospital")}
            defaultValue={v("landmark", saved.landmark ?? "")}
            error={e.landmark}
          />
          <div className="grid grid-cols-2 gap-3">
            <Field
              label={t("Pincode")}
              name="pincode"
              inputMode="numeric"
              autoComplete="postal-code"
              required
              maxLength={6}
              defaultValue={v("pincode", saved.pincode)}
              onChange={pincodeTyped}
              hint={
                place ? (
                  <span aria-live="polite" data-testid="pincode-place">
                    <span lang={t.locale === "en" ? undefined : "en"}>{place.city}</span>,{" "}
                    {t(place.state)}
                  </span>
                ) : null
              }
              error={e.pincode}
            />
            <Field
              label={t("City")}
              name="city"
              autoComplete="address-level2"
              required
              maxLength={60}
              defaultValue={v("city", saved.city)}
              error={e.city}
            />
          </div>
          <SelectField
            label={t("State")}
            name="state"
            autoComplete="address-level1"
            required
            options={stateOptions.map((option) => ({
              ...option,
              // "Gujarat (24)": the name in the page's language, the GST code as it is.
              label: option.value
                ? option.label.replace(option.value, t(option.value))
                : t(option.label),
            }))}
            defaultValue={v("state", saved.state)}
            hint={t("Filled in from the pincode; change it if it is wrong.")}
            error={e.state}
          />
        </fieldset>
        <details
          className="rounded-lg border border-slate-200 px-3 py-2"
          open={Boolean(saved.buyerGstin || e.buyerGstin || e.buyerLegalName) || undefined}
        >
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-slate-900">
            {t("Buying for a business? Add your GSTIN")}
          </summary>
          <div className="space-y-3 pb-2">
            <p className="text-sm text-slate-600">
              {t(
                "Your tax invoice then shows your GSTIN, so you can claim the GST as input tax credit.",
              )}
            </p>
            <Field
              label={t("GSTIN (optional)")}
              name="buyerGstin"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              hint={t("15 characters, such as {example}", { example: "24AAACC1206D1ZM" })}
              defaultValue={v("buyerGstin", saved.buyerGstin ?? "")}
              error={e.buyerGstin}
            />
            <Field
              label={t("Legal name of the business")}
              name="buyerLegalName"
              autoComplete="organization"
              maxLength={100}
              hint={t("As on its GST registration")}
              defaultValue={v("buyerLegalName", saved.buyerLegalName ?? "")}
              error={e.buyerLegalName}
            />
          </div>
        </details>
        {checkout.payment && checkout.payOnInstallation ? (
          <fieldset
            className="space-y-2"
            aria-describedby={e.paymentMethod ? "payment-method-error" : undefined}
          >
            <legend className="font-semibold text-slate-900">{t("How will you pay?")}</legend>
            {paymentChoices.map((choice) => (
              <label
                key={choice.value}
                className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 px-3 py-2"
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={choice.value}
                  checked={(method === "on_installation") === (choice.value === "on_installation")}
                  onChange={() => setMethod(choice.value)}
                  className="size-5"
                />
                <span>
                  {t(choice.label)}
                  {choice.hint ? (
                    <span className="block text-sm text-slate-600">{t(choice.hint)}</span>
                  ) : null}
                </span>
              </label>
            ))}
            <FieldError id="payment-method-error" message={e.paymentMethod} />
          </fieldset>
        ) : null}
        {payNow && checkout.payment ? (
          <>
            <UpiPayment payment={checkout.payment} />
            <Field
              label={t("UPI transaction ID (optional)")}
              name="utr"
              autoComplete="off"
              maxLength={35}
              hint={t(
                "The 12-digit UTR your UPI app shows after paying helps us confirm your payment sooner.",
              )}
              defaultValue={v("utr", "")}
              error={e.utr}
            />
          </>
        ) : checkout.payment ? (
          <p className="rounded-md bg-brand-50 px-3 py-2 text-brand-800" data-testid="pay-later">
            {t.text(ordersMessages.payOnInstallation(checkout.amountPaise))}
          </p>
        ) : (
          <p
            className="rounded-md bg-success-50 px-3 py-2 font-medium text-success-700"
            data-testid="nothing-to-pay"
          >
            {t.text(ordersMessages.nothingToPay)}
          </p>
        )}
        {/* Not the app button's look: paying and confirming are two different steps. */}
        <button type="submit" className="btn-accent w-full" disabled={busy}>
          {busy ? t("Placing your order…") : t("Confirm Order")}
        </button>
      </Form>
    </UrlDialog>
  );
}
