import type { Db } from "~/db/client.server";
import { documentHref } from "~/features/gst/document-links";
import { gstMessages } from "~/features/gst/gst.messages";
import { taxDocumentsOfOrders } from "~/features/gst/invoices.server";
import { getSettings } from "~/features/settings/settings.server";
import { formatDate, formatDateTime } from "~/lib/format";
import { queueMail } from "~/lib/mail-outbox.server";
import type { Mail } from "~/lib/mailer.server";
import { formatPaise } from "~/lib/money";
import { shipmentLines } from "./couriers";
import { streetLines } from "./order-address";
import { customerMailViewer, getOrder, type OrderDetail, refundSummary } from "./order-read.server";
import { orderStatusLabels, paymentMethodLabels } from "./order-status";
import { ordersMessages } from "./orders.messages";

export function orderLink(publicUrl: string, number: number): string {
  return new URL(`/account/orders/${number}`, publicUrl).toString();
}

/** An invoice or credit note a mail links to: "Tax invoice UC/26-27/000001 (PDF): <link>". */
export type MailedDocument = { label: string; link: string };

function documentLines(documents: readonly MailedDocument[]): string[] {
  return documents.map((document) => `${document.label} (PDF): ${document.link}`);
}

/** The confirmation of a new order: its lines, totals, delivery and how payment is checked. */
export function orderPlacedMail(
  order: OrderDetail,
  brand: string,
  link: string,
  documents: readonly MailedDocument[] = [],
): Mail | null {
  if (!order.email) return null;
  return {
    to: order.email,
    subject: `${brand} order #${order.number} placed`,
    text: [
      `Hello ${order.customerName},`,
      "",
      `Thank you for your order #${order.number} of ${formatDate(order.createdAt)}.`,
      "",
      ...order.lines.map(
        (line) =>
          `${line.quantity} × ${line.model} (${line.name})${line.exchangeCreditPaise > 0 ? ", with your old battery in exchange" : ""}: ${formatPaise(line.lineTotalPaise)}`,
      ),
      "",
      `Subtotal: ${formatPaise(order.subtotalPaise)}`,
      ...(order.discountPaise > 0
        ? [`Discount (${order.promoCode}): -${formatPaise(order.discountPaise)}`]
        : []),
      `Shipping: ${order.shippingPaise > 0 ? formatPaise(order.shippingPaise) : "Free"}`,
      `Total: ${formatPaise(order.totalPaise)} (GST included: ${formatPaise(order.gstIncludedPaise)})`,
      "",
      `Delivery to: ${[order.customerName, ...streetLines(order)].join(", ")}, ${order.city}${order.state ? `, ${order.state}` : ""} ${order.pincode}, mobile ${order.phone}`,
      "",
      ...(order.totalPaise === 0
        ? [`Status: ${orderStatusLabels[order.status]}. ${ordersMessages.nothingToPay}`]
        : order.paymentMethod === "on_installation"
          ? [
              `Payment: ${paymentMethodLabels.on_installation}`,
              `Status: ${orderStatusLabels[order.status]}. ${ordersMessages.payOnInstallation(order.totalPaise)}`,
            ]
          : [
              `Payment: ${paymentMethodLabels.upi}`,
              `Status: ${orderStatusLabels[order.status]}. We check each UPI payment against our bank account (reference ${order.reference}${order.utr ? `, your UPI transaction ID ${order.utr}` : ""}) and write to you when it has arrived.`,
              ...(order.paymentDueAt
                ? ["", ordersMessages.payBy(formatDateTime(order.paymentDueAt))]
                : []),
            ]),
      "",
      `Your order: ${link}`,
      ...documentLines(documents),
    ].join("\n"),
  };
}

/** A change of the order's status, with the note the store wrote. */
export function orderStatusMail(
  order: OrderDetail,
  brand: string,
  link: string,
  documents: readonly MailedDocument[] = [],
): Mail | null {
  if (!order.email) return null;
  const last = order.timeline.at(-1);
  const status = orderStatusLabels[order.status];
  return {
    to: order.email,
    subject: `${brand} order #${order.number}: ${status}`,
    text: [
      `Hello ${order.customerName},`,
      "",
      `Your order #${order.number} is now: ${status}.`,
      ...(order.status === "shipped" && order.shipment
        ? ["", ...shipmentLines(order.shipment)]
        : []),
      ...(order.paymentMethod === "on_installation"
        ? [`Payment: ${paymentMethodLabels.on_installation}`]
        : []),
      ...(last?.note ? ["", `Note: ${last.note}`] : []),
      "",
      `Your order: ${link}`,
      ...documentLines(documents),
    ].join("\n"),
  };
}

/** The mail telling a customer their refund was sent (null: the account is gone). */
export async function refundMail(tx: Db, number: number, publicUrl: string): Promise<Mail | null> {
  const order = await getOrder(tx, number, customerMailViewer);
  const { brandName } = await getSettings(tx);
  if (!order.email || !order.refund) return null;
  return {
    to: order.email,
    subject: `${brandName} order #${order.number}: refunded`,
    text: [
      `Hello ${order.customerName},`,
      "",
      `Your refund for the cancelled order #${order.number}: ${refundSummary(order.refund)}`,
      "It may take a working day or two to show in your account.",
      "",
      `Your order: ${orderLink(publicUrl, number)}`,
    ].join("\n"),
  };
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
  const mail = compose(order, brandName, orderLink(publicUrl, number), [
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
  const documents = (await taxDocumentsOfOrders(tx, [order.id])).get(order.id) ?? [];
  return documents
    .filter((document) => document.kind === kind)
    .map((document) => ({
      label:
        kind === "invoice"
          ? gstMessages.invoiceFor(document.number, document.issuedOn)
          : gstMessages.creditNoteFor(document.number, document.issuedOn),
      link: new URL(documentHref(order.number, kind, true), publicUrl).toString(),
    }));
}
