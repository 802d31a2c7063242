import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import type { OrderStatus } from "~/features/orders/order-status";
import { createOrder } from "../../../tests/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { getDashboardCounts, listRecentOrders } from "./dashboard.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

function product(model: string, stock: number, active: boolean) {
  return {
    slug: model.toLowerCase(),
    model,
    category: "car" as const,
    brand: "UrjaCell",
    capacityAh: 35,
    voltageV: 12,
    warrantyMonths: 24,
    pricePaise: 500_000,
    mrpPaise: 600_000,
    stock,
    active,
  };
}

describe("getDashboardCounts", () => {
  it("counts only active products on the Active products tile, out-of-stock note included", async () => {
    await t.db
      .insert(products)
      .values([
        product("IN-STOCK", 5, true),
        product("SOLD-OUT", 0, true),
        product("RETIRED-EMPTY", 0, false),
        product("RETIRED-FULL", 3, false),
      ]);
    const counts = await getDashboardCounts(t.db);
    expect(counts.activeProducts).toBe(2);
    expect(counts.outOfStockProducts).toBe(1);
  });
});

const order = (status: OrderStatus, totalPaise: number, createdAt: string, customerName = "Asha") =>
  createOrder(t, { status, totalPaise, createdAt: new Date(createdAt), customerName });

describe("the dashboard's orders", () => {
  it("counts orders but not cancelled ones, and revenue only from paid, shipped and delivered", async () => {
    await order("payment_pending", 100_00, "2026-11-20T10:00:00Z");
    await order("payment_pending", 200_00, "2026-11-20T11:00:00Z");
    await order("paid", 1_000_00, "2026-11-21T10:00:00Z");
    await order("shipped", 2_000_00, "2026-11-21T11:00:00Z");
    await order("delivered", 4_000_00, "2026-11-22T10:00:00Z");
    await order("cancelled", 8_000_00, "2026-11-22T11:00:00Z");
    const counts = await getDashboardCounts(t.db);
    expect(counts).toMatchObject({
      orders: 5,
      awaitingPayment: 2,
      paidOrders: 3,
      revenuePaise: 7_000_00,
    });
  });

  it("lists the newest orders first, at most the limit", async () => {
    await order("paid", 500_00, "2026-11-23T09:00:00Z", "Newest Buyer");
    const recent = await listRecentOrders(t.db, 3);
    expect(recent.map((o) => [o.customerName, o.status])).toEqual([
      ["Newest Buyer", "paid"],
      ["Asha", "cancelled"],
      ["Asha", "delivered"],
    ]);
  });
});
