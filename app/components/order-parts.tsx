import { Fragment, type ReactNode } from "react";
import type { PaymentMethod } from "~/db/schema/enums";
import type { Shipment } from "~/features/orders/couriers";
import { streetLines } from "~/features/orders/order-address";
import type { DeliveryDetails } from "~/features/orders/order-read.server";
import type { OrderStatus } from "~/features/orders/order-status";
import { orderStatusLabels, paymentMethodLabels } from "~/features/orders/order-status";
import { formatDate, formatDateTime } from "~/lib/format";
import type { Locale } from "~/lib/i18n/locales";
import { useT } from "~/lib/i18n/react";
import { fill, type Values } from "~/lib/i18n/translate";
import { formatPaise } from "~/lib/money";

const statusTone: Record<OrderStatus, string> = {
  payment_pending: "bg-warning-50 text-warning-700",
  placed: "bg-brand-50 text-brand-800",
  paid: "bg-brand-50 text-brand-800",
  shipped: "bg-brand-50 text-brand-800",
  delivered: "bg-success-50 text-success-700",
  cancelled: "bg-slate-100 text-slate-700",
};

/** A record's status as a badge: its words (never colour alone) on its tone. */
export function StatusBadge({
  label,
  tone,
  testId,
}: {
  label: string;
  tone: string;
  testId: string;
}) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm font-medium ${tone}`}
      data-testid={testId}
    >
      {label}
    </span>
  );
}

/** An order's status as a badge. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT("account");
  return (
    <StatusBadge
      label={t(orderStatusLabels[status])}
      tone={statusTone[status]}
      testId="order-status"
    />
  );
}

type OrderLine = {
  model: string;
  name: string;
  quantity: number;
  unitPricePaise: number;
  exchangeCreditPaise: number;
  lineTotalPaise: number;
};

type OrderMoney = {
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  totalPaise: number;
  gstIncludedPaise: number;
  promoCode: string | null;
};

/** One part of an order's page: a white panel named by its heading. */
export function OrderPanel({
  id,
  title,
  testId,
  children,
}: {
  id: string;
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid={testId}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The lines as sold and the totals as charged. */
export function OrderLines({ lines, order }: { lines: OrderLine[]; order: OrderMoney }) {
  const t = useT("account");
  // A line's name was written in English when the order was placed.
  const lineNameLang = t.locale === "en" ? undefined : "en";
  return (
    <OrderPanel id="order-lines" title={t("Batteries")}>
      <ul className="mt-3 divide-y divide-slate-200">
        {lines.map((line) => (
          <li key={line.model} className="flex justify-between gap-4 py-3" data-testid="order-line">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {line.quantity} × {line.model}
              </p>
              <p className="text-sm text-slate-600" lang={lineNameLang}>
                {line.name}
              </p>
              <p className="text-sm text-slate-600">
                {line.exchangeCreditPaise > 0
                  ? t("{price} each, − {credit} for the old battery", {
                      price: formatPaise(line.unitPricePaise),
                      credit: formatPaise(line.exchangeCreditPaise),
                    })
                  : t("{price} each", { price: formatPaise(line.unitPricePaise) })}
              </p>
            </div>
            <p className="shrink-0 font-medium text-slate-900">
              {formatPaise(line.lineTotalPaise)}
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm text-slate-700">
        <div className="flex justify-between">
          <dt>{t("Subtotal")}</dt>
          <dd>{formatPaise(order.subtotalPaise)}</dd>
        </div>
        {order.discountPaise > 0 ? (
          <div className="flex justify-between">
            <dt>
              {order.promoCode ? t("Discount ({code})", { code: order.promoCode }) : t("Discount")}
            </dt>
            <dd>−{formatPaise(order.discountPaise)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>{t("Shipping")}</dt>
          <dd>{order.shippingPaise > 0 ? formatPaise(order.shippingPaise) : t("Free")}</dd>
        </div>
        <div className="flex justify-between text-base font-semibold text-slate-900">
          <dt>{t("Total")}</dt>
          <dd data-testid="order-total">{formatPaise(order.totalPaise)}</dd>
        </div>
        <div className="flex justify-between text-slate-600">
          <dt>{t("GST included")}</dt>
          <dd>{formatPaise(order.gstIncludedPaise)}</dd>
        </div>
      </dl>
    </OrderPanel>
  );
}

/** Where the order goes, and how it is paid. */
export function OrderDelivery({
  order,
}: {
  order: Omit<DeliveryDetails, "name"> & {
    customerName: string;
    paymentMethod: PaymentMethod;
  };
}) {
  const t = useT("account");
  return (
    <OrderPanel id="order-delivery" title={t("Delivery")}>
      <address className="mt-2 text-sm not-italic text-slate-700">
        {/* The customer's name and street as they typed them: names, never translated. */}
        <span translate="no">
          {order.customerName}
          <br />
          {streetLines(order).map((line) => (
            <Fragment key={line}>
              {line}
              <br />
            </Fragment>
          ))}
        </span>
        {order.city || order.pincode ? (
          <>
            {order.city}
            {order.state ? `, ${t(order.state)}` : ""} {order.pincode}
            <br />
          </>
        ) : (
          // An order brought over from the old site, which kept no address or phone.
          <>
            {t("No delivery address was recorded (an order from the old site).")}
            <br />
          </>
        )}
        {order.phone ? t("Mobile {phone}", { phone: order.phone }) : null}
      </address>
      {order.buyerGstin ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="order-business">
          <span className="font-medium">{t("Business:")} </span>
          {order.buyerLegalName}, GSTIN {order.buyerGstin}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-slate-700">
        <span className="font-medium">{t("Payment:")} </span>
        <span data-testid="order-payment-method">
          {t(paymentMethodLabels[order.paymentMethod])}
        </span>
      </p>
    </OrderPanel>
  );
}

/** Who carries a shipped order, its tracking number and, when the courier has one, the link. */
export function OrderShipment({ shipment }: { shipment: Shipment | null }) {
  const t = useT("account");
  if (!shipment) return null;
  return (
    <OrderPanel id="order-shipment" title={t("Shipment")} testId="order-shipment">
      <dl className="mt-2 space-y-1 text-sm text-slate-700">
        <div>
          <dt className="inline font-medium">{t("Courier:")} </dt>
          <dd className="inline">{shipment.courier}</dd>
        </div>
        {shipment.trackingNumber ? (
          <div>
            <dt className="inline font-medium">{t("Tracking number:")} </dt>
            <dd className="inline break-all" data-testid="tracking-number">
              {shipment.trackingNumber}
            </dd>
          </div>
        ) : null}
      </dl>
      {shipment.trackingUrl ? (
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-outline mt-3"
        >
          {t.rich(
            "Track your parcel on {courier}'s site<0> (opens in a new tab)</0>",
            { 0: (text) => <span className="sr-only">{text}</span> },
            { courier: shipment.courier },
          )}
        </a>
      ) : shipment.trackingNumber ? (
        <p className="mt-2 text-sm text-slate-600">
          {t("Enter the tracking number on the courier's website to follow the parcel.")}
        </p>
      ) : null}
    </OrderPanel>
  );
}

type TimelineEvent = {
  key: string;
  /** "Order placed", a status ("Paid"), or "Refunded". */
  title: string;
  note: string | null;
  /** Staff only: the back office's timeline has it; the customer's is always null. */
  internalNote?: string | null;
  createdAt: Date;
  by: string;
};

/** Every status change and the refund: when, what, who and why. */
export function OrderTimeline({ events }: { events: TimelineEvent[] }) {
  const t = useT("account");
  return (
    <OrderPanel id="order-timeline" title={t("Timeline")}>
      <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4">
        {events.map((event) => (
          <li key={event.key} data-testid="timeline-event">
            <p className="font-medium text-slate-900">{t.text(event.title)}</p>
            <p className="text-sm text-slate-600">
              <time dateTime={new Date(event.createdAt).toISOString()}>
                {formatDateTime(new Date(event.createdAt), t.locale)}
              </time>
              {` · ${t.text(event.by)}`}
            </p>
            {event.note ? <p className="text-sm text-slate-700">{t.text(event.note)}</p> : null}
            {event.internalNote ? (
              <p className="text-sm text-slate-600" data-testid="internal-note">
                <span className="font-medium">Staff only: </span>
                {event.internalNote}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </OrderPanel>
  );
}

/** "Order #10001 · 22 Nov 2026"; in the page's language given its translator. */
export function orderHeading(
  order: { number: number; createdAt: Date },
  t: (source: string, values: Values) => string = fill,
  locale: Locale = "en",
) {
  return t("Order #{number} · {date}", {
    number: order.number,
    date: formatDate(new Date(order.createdAt), locale),
  });
}
