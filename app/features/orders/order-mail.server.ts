import type { Db } from "~/db/client.server";
import type { PaymentMethod } from "~/db/schema/enums";
import { documentHref } from "~/features/gst/document-links";
import { taxDocumentsOfOrders } from "~/features/gst/invoices.server";
import { getSettings } from "~/features/settings/settings.server";
import { formatDate, formatDateTime } from "~/lib/format";
import { translatorFor } from "~/lib/i18n/catalogue.server";
import type { Locale } from "~/lib/i18n/locales";
import type { Translate } from "~/lib/i18n/translate";
import { formatDay } from "~/lib/india-time";
import { composeMail, mailLink } from "~/lib/mail-layout.server";
import { queueMail } from "~/lib/mail-outbox.server";
import type { Mail } from "~/lib/mailer.server";
import { formatPaise } from "~/lib/money";
import type { Shipment } from "./couriers";
import { streetLines } from "./order-address";
import { customerMailViewer, getOrder, type OrderDetail } from "./order-read.server";
import { orderStatusLabels, paymentMethodLabels } from "./order-status";

export function orderLink(publicUrl: string, number: number, locale: Locale = "en"): string {
  return mailLink(publicUrl, locale, `/account/orders/${number}`);
}

/** An invoice or credit note a mail links to: "Tax invoice UC/26-27/000001 (PDF): <link>". */
export type MailedDocument = { label: string; link: string };

type T = Translate["t"];

function documentLines(t: T, documents: readonly MailedDocument[]): string[] {
  return documents.map(({ label, link }) =>
    t("{document} (PDF): {link}", { document: label, link }),
  );
}

function paymentLine(t: T, method: PaymentMethod): string {
  return t("Payment: {method}", { method: t(paymentMethodLabels[method]) });
}

/** The lines on how an order is paid, and where its payment stands. */
function paymentLines(t: T, order: OrderDetail, locale: Locale): string[] {
  const status = t("Status: {status}.", { status: t(orderStatusLabels[order.status]) });
  if (order.totalPaise === 0) {
    return [`${status} ${t("Nothing to pay: the promo code covers the whole order.")}`];
  }
  if (order.paymentMethod === "on_installation") {
    return [
      paymentLine(t, order.paymentMethod),
      `${status} ${t("Pay {amount} when the battery is installed, in cash or by UPI to the fitter.", { amount: formatPaise(order.totalPaise) })}`,
    ];
  }
  const checking = order.utr
    ? t(
        "We check each UPI payment against our bank account (reference {reference}, your UPI transaction ID {utr}) and write to you when it has arrived.",
        { reference: order.reference, utr: order.utr },
      )
    : t(
        "We check each UPI payment against our bank account (reference {reference}) and write to you when it has arrived.",
        { reference: order.reference },
      );
  return [
    paymentLine(t, order.paymentMethod),
    `${status} ${checking}`,
    ...(order.paymentDueAt
      ? [
          "",
          t(
            "Please pay by {deadline} (India time): an order not paid by then is cancelled and its batteries go back on sale.",
            { deadline: formatDateTime(order.paymentDueAt, locale) },
          ),
        ]
      : []),
  ];
}

/** The confirmation of a new order: its lines, totals, delivery and how payment is checked. */
export function orderPlacedMail(
  order: OrderDetail,
  brand: string,
  link: string,
  documents: readonly MailedDocument[] = [],
): Mail | null {
  if (!order.email) return null;
  const locale = order.locale;
  const { t } = translatorFor(locale, "mail");
  const number = String(order.number);
  const address = `${[order.customerName, ...streetLines(order)].join(", ")}, ${order.city}${order.state ? `, ${order.state}` : ""} ${order.pincode}`;
  return composeMail(locale, {
    to: order.email,
    subject: t("{brand} order #{number} placed", { brand, number }),
    lines: [
      t("Hello {name},", { name: order.customerName }),
      "",
      t("Thank you for your order #{number} of {date}.", {
        number,
        date: formatDate(order.createdAt, locale),
      }),
      "",
      ...order.lines.map((line) => {
        const values = {
          quantity: String(line.quantity),
          model: line.model,
          name: line.name,
          amount: formatPaise(line.lineTotalPaise),
        };
        return line.exchangeCreditPaise > 0
          ? t("{quantity} × {model} ({name}), with your old battery in exchange: {amount}", values)
          : t("{quantity} × {model} ({name}): {amount}", values);
      }),
      "",
      t("Subtotal: {amount}", { amount: formatPaise(order.subtotalPaise) }),
      ...(order.discountPaise > 0
        ? [
            t("Discount ({code}): -{amount}", {
              code: order.promoCode ?? "",
              amount: formatPaise(order.discountPaise),
            }),
          ]
        : []),
      t("Shipping: {amount}", {
        amount: order.shippingPaise > 0 ? formatPaise(order.shippingPaise) : t("Free"),
      }),
      t("Total: {total} (GST included: {gst})", {
        total: formatPaise(order.totalPaise),
        gst: formatPaise(order.gstIncludedPaise),
      }),
      "",
      t("Delivery to: {address}, mobile {phone}", { address, phone: order.phone }),
      "",
      ...paymentLines(t, order, locale),
      "",
      t("Your order: {link}", { link }),
      ...documentLines(t, documents),
    ],
  });
}

function shipmentSentences(t: T, shipment: Shipment): string[] {
  if (!shipment.trackingNumber) return [t("Sent with: {courier}", shipment)];
  return [
    t("Sent with: {courier}, tracking number {trackingNumber}", shipment),
    ...(shipment.trackingUrl ? [t("Track it: {link}", { link: shipment.trackingUrl })] : []),
  ];
}

/** A change of the order's status, with the note the store wrote. */
export function orderStatusMail(
  order: OrderDetail,
  brand: string,
  link: string,
  documents: readonly MailedDocument[] = [],
): Mail | null {
  if (!order.email) return null;
  const { t } = translatorFor(order.locale, "mail");
  const last = order.timeline.at(-1);
  const status = t(orderStatusLabels[order.status]);
  const number = String(order.number);
  return composeMail(order.locale, {
    to: order.email,
    subject: t("{brand} order #{number}: {status}", { brand, number, status }),
    lines: [
      t("Hello {name},", { name: order.customerName }),
      "",
      t("Your order #{number} is now: {status}.", { number, status }),
      ...(order.status === "shipped" && order.shipment
        ? ["", ...shipmentSentences(t, order.shipment)]
        : []),
      ...(order.paymentMethod === "on_installation" ? [paymentLine(t, order.paymentMethod)] : []),
      ...(last?.note ? ["", t("Note: {note}", { note: last.note })] : []),
      "",
      t("Your order: {link}", { link }),
      ...documentLines(t, documents),
    ],
  });
}

/** "₹4,500 sent back by UPI on Fri, 27 Nov 2026 (reference 434599990000)." in the language. */
function refundSentence(t: T, refund: NonNullable<OrderDetail["refund"]>, locale: Locale) {
  const methods: Record<typeof refund.method, string> = {
    upi: t("by UPI"),
    bank_transfer: t("by bank transfer"),
    cash: t("by cash"),
    other: t("by another way"),
  };
  return t("{amount} sent back {method} on {day} (reference {reference}).", {
    amount: formatPaise(refund.amountPaise),
    method: methods[refund.method],
    day: formatDay(refund.refundedOn, locale),
    reference: refund.reference,
  });
}

/** The mail telling a customer their refund was sent (null: the account is gone). */
export async function refundMail(tx: Db, number: number, publicUrl: string): Promise<Mail | null> {
  const order = await getOrder(tx, number, customerMailViewer);
  const { brandName } = await getSettings(tx);
  if (!order.email || !order.refund) return null;
  const { t } = translatorFor(order.locale, "mail");
  return composeMail(order.locale, {
    to: order.email,
    subject: t("{brand} order #{number}: refunded", { brand: brandName, number: String(number) }),
    lines: [
      t("Hello {name},", { name: order.customerName }),
      "",
      t("Your refund for the cancelled order #{number}: {refund}", {
        number: String(number),
        refund: refundSentence(t, order.refund, order.locale),
      }),
      t("It may take a working day or two to show in your account."),
      "",
      t("Your order: {link}", { link: orderLink(publicUrl, number, order.locale) }),
    ],
  });
}

/**
 * Queues an order's e-mail to its customer in the caller's transaction (ADR 026): stored with
 * the change itself, sent by the background worker. The order is read inside the transaction,
 * so the mail tells the change being made.
 */
export async function queueOrderMail(
  tx: Db,
  number: number,
  kind: "placed" | "status",
  publicUrl: string,
): Promise<void> {
  const order = await getOrder(tx, number, customerMailViewer);
  const { brandName } = await getSettings(tx);
  const compose = kind === "placed" ? orderPlacedMail : orderStatusMail;
  const mail = compose(order, brandName, orderLink(publicUrl, number, order.locale), [
    ...(await mailedDocuments(tx, order, publicUrl)),
  ]);
  if (mail) await queueMail(tx, mail);
}

/**
 * The tax document a status brings (ADR 033): the invoice when the order became paid (on
 * installation: delivered), the credit note when a paid one was cancelled.
 */
async function mailedDocuments(
  tx: Db,
  order: OrderDetail,
  publicUrl: string,
): Promise<MailedDocument[]> {
  const kind =
    order.status === "cancelled"
      ? "credit_note"
      : order.status === "paid" ||
          (order.status === "delivered" && order.paymentMethod === "on_installation")
        ? "invoice"
        : null;
  if (kind === null) return [];
  const { t } = translatorFor(order.locale, "mail");
  const documents = (await taxDocumentsOfOrders(tx, [order.id])).get(order.id) ?? [];
  return documents
    .filter((document) => document.kind === kind)
    .map((document) => ({
      label:
        kind === "invoice"
          ? t("Tax invoice {number} of {day}", {
              number: document.number,
              day: formatDay(document.issuedOn, order.locale),
            })
          : t("Credit note {number} of {day}", {
              number: document.number,
              day: formatDay(document.issuedOn, order.locale),
            }),
      link: new URL(documentHref(order.number, kind, true), publicUrl).toString(),
    }));
}
