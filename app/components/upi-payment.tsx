import { QRCodeSVG } from "qrcode.react";
import type { UpiPaymentView } from "~/features/orders/upi";
import { formatPaise } from "~/lib/money";

/**
 * A UPI payment: the 200 px QR code any UPI app scans, and on a phone the "Open in UPI app"
 * button (the same upi://pay link), with the amount, the payee and the reference spelt out.
 */
export function UpiPayment({ payment }: { payment: UpiPaymentView }) {
  return (
    <section aria-labelledby="upi-heading" className="space-y-3">
      <h3 id="upi-heading" className="font-semibold text-slate-900">
        Pay {formatPaise(payment.amountPaise)} by UPI
      </h3>
      <p className="text-sm text-slate-700" data-testid="upi-deadline">
        {payment.deadline}
      </p>
      {payment.demo ? (
        <p
          role="note"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
        >
          {payment.demoNotice}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <QRCodeSVG
          value={payment.link}
          size={200}
          marginSize={2}
          title={`UPI QR code: pay ${formatPaise(payment.amountPaise)} to ${payment.payeeName}`}
          className="shrink-0 rounded-md border border-slate-200"
          data-testid="upi-qr"
        />
        <dl className="min-w-0 space-y-1 text-sm text-slate-700">
          <div>
            <dt className="inline font-medium">To: </dt>
            <dd className="inline">{payment.payeeName}</dd>
          </div>
          <div>
            <dt className="inline font-medium">UPI ID: </dt>
            <dd className="inline break-all">{payment.payeeId}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Reference: </dt>
            <dd className="inline break-all" data-testid="upi-reference">
              {payment.reference}
            </dd>
          </div>
        </dl>
      </div>
      <a
        href={payment.link}
        className="btn-primary inline-flex w-full justify-center md:hidden"
        data-testid="upi-app-link"
      >
        Open in UPI app
      </a>
    </section>
  );
}
