import { QRCodeSVG } from "qrcode.react";
import { useId, useRef, useState } from "react";
import { SpriteIcon } from "~/components/sprite-icon";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { UpiPaymentView } from "~/features/orders/upi";
import { useT } from "~/lib/i18n/react";
import { formatPaise } from "~/lib/money";

/**
 * A UPI payment. On a phone, "Open in UPI app" (the upi://pay link) comes first: it is how a
 * shopper pays from the phone in their hand; then the payee with the UPI ID and its Copy button;
 * then the QR code, for paying from another phone. From tablet width up the 200 px QR comes first
 * and the app button is not shown. The amount, the payee and the reference are spelt out.
 */
export function UpiPayment({ payment }: { payment: UpiPaymentView }) {
  const t = useT("checkout");
  const amount = formatPaise(payment.amountPaise);
  return (
    <section aria-labelledby="upi-heading" className="space-y-3">
      <h3 id="upi-heading" className="font-semibold text-slate-900">
        {t("Pay {amount} by UPI", { amount })}
      </h3>
      <p className="text-sm text-slate-700" data-testid="upi-deadline">
        {t.text(payment.deadline)}
      </p>
      {payment.demo ? (
        <p
          role="note"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
        >
          {t.text(payment.demoNotice)}
        </p>
      ) : null}
      <div className="flex flex-col gap-4 md:flex-row md:flex-wrap md:items-center">
        <a
          href={payment.link}
          className="btn-primary order-1 w-full text-base md:hidden"
          data-testid="upi-app-link"
        >
          {t("Open in UPI app")}
          <SpriteIcon name="arrow-right" className="size-5" />
        </a>
        <dl className="order-2 min-w-0 space-y-1 text-sm text-slate-700">
          <div>
            <dt className="inline font-medium">{t("To:")} </dt>
            <dd className="inline">{payment.payeeName}</dd>
          </div>
          <div className="flex flex-wrap items-center gap-x-2">
            <dt className="font-medium">{t("UPI ID:")} </dt>
            <dd className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="break-all select-all" data-testid="upi-id">
                {payment.payeeId}
              </span>
              <CopyButton text={payment.payeeId} label={t("UPI ID")} />
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">{t("Reference:")} </dt>
            <dd className="inline break-all" data-testid="upi-reference">
              {payment.reference}
            </dd>
          </div>
        </dl>
        <figure className="order-3 md:order-first">
          <QRCodeSVG
            value={payment.link}
            size={200}
            marginSize={2}
            title={t("UPI QR code: pay {amount} to {payee}", {
              amount,
              payee: payment.payeeName,
            })}
            className="shrink-0 rounded-md border border-slate-200"
            data-testid="upi-qr"
          />
          <figcaption className="mt-1 text-sm text-slate-600 md:hidden">
            {t("Paying from another phone? Scan this QR code with its UPI app.")}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

/**
 * "Copy" next to a value, once JavaScript runs (before that the value is plain text to select);
 * says "Copied" to everyone, screen readers included.
 */
function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useT("checkout");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const statusId = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  if (!hydrated) return null;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard API here (an http address on the LAN): the older way.
      const field = document.createElement("textarea");
      field.value = text;
      field.setAttribute("readonly", "");
      field.style.position = "fixed";
      field.style.opacity = "0";
      document.body.append(field);
      field.select();
      document.execCommand("copy");
      field.remove();
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 4000);
  }
  return (
    <>
      <button
        type="button"
        className="btn-outline min-h-9 px-3 py-1"
        onClick={copy}
        aria-describedby={statusId}
      >
        {t.rich(
          "Copy<0> {label}</0>",
          {
            0: (part) => <span className="sr-only">{part}</span>,
          },
          { label },
        )}
      </button>
      <span id={statusId} role="status" className="text-sm font-medium text-success-700">
        {copied ? t("Copied") : ""}
      </span>
    </>
  );
}
