/**
 * An order's life (issue 11): Payment pending -> Paid -> Shipped -> Delivered, or Cancelled (by
 * the customer while payment is pending, by an admin before delivery). An order paid on
 * installation (ADR 031) goes Placed -> Shipped -> Delivered, paid at delivery; its customer may
 * cancel it while it is Placed. Nothing else.
 */
import type { OrderStatus, PaymentMethod } from "~/db/schema/enums";
import { ordersMessages } from "./orders.messages";

export { type OrderStatus, orderStatuses } from "~/db/schema/enums";

/** The words of each status (translated where shown: ordersMessages holds them). */
export const orderStatusLabels: Record<OrderStatus, string> = ordersMessages.statusLabels;

/** Who asks for a change: the order's customer, or an admin. */
export type OrderActor = "customer" | "admin";

const next: Record<OrderStatus, readonly OrderStatus[]> = {
  payment_pending: ["paid", "cancelled"],
  placed: ["shipped", "cancelled"],
  paid: ["shipped", "cancelled"],
  shipped: ["delivered", "cancelled"],
  delivered: [],
  cancelled: [],
};

/** The statuses `actor` may move an order in `from` to (what the order page offers). */
export function allowedTransitions(from: OrderStatus, actor: OrderActor): OrderStatus[] {
  if (actor === "customer") return customerMayCancel(from) ? ["cancelled"] : [];
  return [...next[from]];
}

/** Before anything is paid or sent, a customer may cancel their order. */
function customerMayCancel(status: OrderStatus): boolean {
  return status === "payment_pending" || status === "placed";
}

/** Statuses of an order that holds its batteries without money in (the 3-orders limit). */
export const awaitingPayment = ["payment_pending", "placed"] as const satisfies OrderStatus[];

/** Has the customer paid? By UPI: from Paid on. On installation: at delivery. */
export function isPaid(order: { status: OrderStatus; paymentMethod: PaymentMethod }): boolean {
  if (order.paymentMethod === "on_installation") return order.status === "delivered";
  return order.status === "paid" || order.status === "shipped" || order.status === "delivered";
}

export const paymentMethodLabels: Record<PaymentMethod, string> =
  ordersMessages.paymentMethodLabels;

/** May `actor` move an order from `from` to `to`? */
export function canTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return allowedTransitions(from, actor).includes(to);
}

/** Does this change put the order's batteries back in stock? (A cancellation does.) */
export function restocks(to: OrderStatus): boolean {
  return to === "cancelled";
}
