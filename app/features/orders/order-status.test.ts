import { describe, expect, it } from "vitest";
import { allowedTransitions, canTransition, orderStatuses, restocks } from "./order-status";

describe("an order's status", () => {
  it("moves forward one step at a time, for an admin", () => {
    expect(allowedTransitions("payment_pending", "admin")).toEqual(["paid", "cancelled"]);
    expect(allowedTransitions("paid", "admin")).toEqual(["shipped", "cancelled"]);
    expect(allowedTransitions("shipped", "admin")).toEqual(["delivered", "cancelled"]);
    expect(canTransition("payment_pending", "shipped", "admin")).toBe(false);
    expect(canTransition("paid", "payment_pending", "admin")).toBe(false);
  });

  it("can be cancelled by the customer only while payment is pending", () => {
    expect(allowedTransitions("payment_pending", "customer")).toEqual(["cancelled"]);
    for (const status of ["paid", "shipped", "delivered", "cancelled"] as const) {
      expect(allowedTransitions(status, "customer")).toEqual([]);
    }
    expect(canTransition("payment_pending", "paid", "customer")).toBe(false);
  });

  it("ends at Delivered or Cancelled, and only a cancellation puts stock back", () => {
    for (const actor of ["admin", "customer"] as const) {
      expect(allowedTransitions("delivered", actor)).toEqual([]);
      expect(allowedTransitions("cancelled", actor)).toEqual([]);
    }
    expect(orderStatuses.filter(restocks)).toEqual(["cancelled"]);
  });
});
