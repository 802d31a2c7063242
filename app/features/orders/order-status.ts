/**
 * An order's life (issue 11): Payment pending -> Paid -> Shipped -> Delivered, or Cancelled (by
 * the customer while payment is pending, by an admin before delivery). Nothing else.
 */
import type { OrderStatus } from "~/db/schema/enums";

export { type OrderStatus, orderStatuses } from "~/db/schema/enums";

export const orderStatusLabels: Record<OrderStatus, string> = {
  payment_pending: "Payment pending",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** Who asks for a change: the order's customer, or an admin. */
export type OrderActor = "customer" | "admin";

const next: Record<OrderStatus, readonly OrderStatus[]> = {
  payment_pending: ["paid", "cancelled"],
  paid: ["shipped", "cancelled"],
  shipped: ["delivered", "cancelled"],
  delivered: [],
  cancelled: [],
};

/** The statuses `actor` may move an order in `from` to (what the order page offers). */
export function allowedTransitions(from: OrderStatus, actor: OrderActor): OrderStatus[] {
  if (actor === "customer") return from === "payment_pending" ? ["cancelled"] : [];
  return [...next[from]];
}

/** May `actor` move an order from `from` to `to`? */
export function canTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return allowedTransitions(from, actor).includes(to);
}

/** Does this change put the order's batteries back in stock? (A cancellation does.) */
export function restocks(to: OrderStatus): boolean {
  return to === "cancelled";
}
