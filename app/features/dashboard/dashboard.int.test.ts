import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, orders, user, warrantyClaims } from "~/db/schema";
import type { PaymentMethod } from "~/db/schema/enums";
import { isPaid, type OrderStatus } from "~/features/orders/order-status";
import {
  createBooking,
  createOrder,
  createOutlet,
  createProduct,
  createUser,
  createWarranty,
} from "../../../tests/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { getDailyFigures, getDashboard } from "./dashboard.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

// India's 15 Dec 2026 at 10:00 (04:30 UTC): the 30 days are 16 Nov to 15 Dec, the 30 before
// them 17 Oct to 15 Nov. India's 16 Nov starts at 15 Nov 18:30 UTC.
const now = new Date("2026-12-15T04:30:00Z");
const dashboard = (lowStockThreshold = 5) => getDashboard(t.db, { now, lowStockThreshold });

const order = (
  status: OrderStatus,
  totalPaise: number,
  createdAt: string,
  paymentMethod: PaymentMethod = "upi",
) => createOrder(t, { status, totalPaise, paymentMethod, createdAt: new Date(createdAt) });

describe("the dashboard's orders and revenue", () => {
  beforeAll(async () => {
    // This period.
    await order("paid", 1_000_00, "2026-12-15T04:00:00Z"); // today, 09:30 in India
    await order("shipped", 2_000_00, "2026-12-01T10:00:00Z");
    await order("delivered", 4_000_00, "2026-11-20T10:00:00Z");
    await order("payment_pending", 300_00, "2026-12-10T10:00:00Z"); // unpaid: no revenue
    await order("cancelled", 8_000_00, "2026-12-02T10:00:00Z"); // never counts
    await order("placed", 700_00, "2026-12-03T10:00:00Z", "on_installation"); // not paid yet
    await order("shipped", 900_00, "2026-12-04T10:00:00Z", "on_installation"); // not paid yet
    await order("delivered", 1_500_00, "2026-12-05T10:00:00Z", "on_installation"); // paid
    // The day boundary: 18:30 UTC on 15 Nov is India's 16 Nov (this period), a minute before
    // is India's 15 Nov (the period before).
    await order("paid", 50_00, "2026-11-15T18:30:00Z");
    await order("paid", 20_00, "2026-11-15T18:29:00Z");
    // The period before.
    await order("delivered", 3_000_00, "2026-10-20T10:00:00Z");
    await order("cancelled", 9_000_00, "2026-10-21T10:00:00Z");
    // Before both periods, and after now: in neither.
    await order("paid", 7_777_00, "2026-10-16T18:29:59Z");
    await order("paid", 6_666_00, "2026-12-15T18:30:00Z");
  });

  it("sums the orders and the paid revenue of each 30 days", async () => {
    const d = await dashboard();
    expect(d.today).toBe("2026-12-15");
    expect(d.from).toBe("2026-11-16");
    // 8 orders placed in the period that are not cancelled; 2 in the period before.
    expect(d.orders).toEqual({ current: 8, previous: 2 });
    expect(d.revenuePaise).toEqual({
      current: 1_000_00 + 2_000_00 + 4_000_00 + 1_500_00 + 50_00,
      previous: 3_000_00 + 20_00,
    });
    expect(d.waiting.paymentsToVerify).toBe(1);
  });

  it("gives each of the 30 India days, oldest first, with zeros for days with nothing", async () => {
    const days = await getDailyFigures(t.db, now);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: "2026-11-16", orders: 1, revenuePaise: 50_00 });
    expect(days.at(-1)).toEqual({ day: "2026-12-15", orders: 1, revenuePaise: 1_000_00 });
    expect(days.find((d) => d.day === "2026-11-17")).toEqual({
      day: "2026-11-17",
      orders: 0,
      revenuePaise: 0,
    });
    // A cancelled order is neither an order nor revenue on its day; a placed one is an order.
    expect(days.find((d) => d.day === "2026-12-02")).toMatchObject({ orders: 0, revenuePaise: 0 });
    expect(days.find((d) => d.day === "2026-12-03")).toMatchObject({ orders: 1, revenuePaise: 0 });
    expect(days.map((d) => d.day)).toEqual(
      Array.from({ length: 30 }, (_, i) =>
        new Date(Date.UTC(2026, 10, 16 + i)).toISOString().slice(0, 10),
      ),
    );
    const d = await dashboard();
    expect(d.days).toEqual(days);
    expect(days.reduce((s, x) => s + x.revenuePaise, 0)).toBe(d.revenuePaise.current);
  });

  it("counts as revenue exactly the orders isPaid says are paid", async () => {
    const cases: [OrderStatus, PaymentMethod][] = [
      ["payment_pending", "upi"],
      ["paid", "upi"],
      ["shipped", "upi"],
      ["delivered", "upi"],
      ["cancelled", "upi"],
      ["placed", "on_installation"],
      ["shipped", "on_installation"],
      ["delivered", "on_installation"],
      ["cancelled", "on_installation"],
    ];
    // On a day of the period before that holds nothing else (each one paisa apart to tell).
    const before = (await dashboard()).revenuePaise.previous;
    let expected = 0;
    for (const [i, [status, method]] of cases.entries()) {
      const paise = 10 ** i;
      await order(status, paise, "2026-10-25T06:00:00Z", method);
      if (isPaid({ status, paymentMethod: method })) expected += paise;
    }
    expect((await dashboard()).revenuePaise.previous - before).toBe(expected);
  });
});

describe("the days' figures follow each order's life", () => {
  it("moves an order's revenue when it is paid, cancelled or deleted (order_days' trigger)", async () => {
    const day = async () =>
      (await getDailyFigures(t.db, now)).find((d) => d.day === "2026-11-30") ?? null;
    expect(await day()).toEqual({ day: "2026-11-30", orders: 0, revenuePaise: 0 });
    const placed = await order("payment_pending", 4_321_00, "2026-11-30T12:00:00Z");
    expect(await day()).toMatchObject({ orders: 1, revenuePaise: 0 });
    const setStatus = (status: OrderStatus) =>
      t.db.update(orders).set({ status }).where(eq(orders.id, placed.id));
    await setStatus("paid");
    expect(await day()).toMatchObject({ orders: 1, revenuePaise: 4_321_00 });
    await setStatus("cancelled");
    expect(await day()).toMatchObject({ orders: 0, revenuePaise: 0 });
    await setStatus("paid");
    await t.db.delete(orders).where(eq(orders.id, placed.id));
    expect(await day()).toMatchObject({ orders: 0, revenuePaise: 0 });
  });
});

describe("the dashboard's other tiles and the work waiting", () => {
  it("counts new customers per period, active products, today's bookings, open claims and new messages", async () => {
    const setCreated = async (id: string, at: string) => {
      await t.db
        .update(user)
        .set({ createdAt: new Date(at) })
        .where(eq(user.id, id));
    };
    const a = await createUser(t);
    const b = await createUser(t);
    const c = await createUser(t);
    const admin = await createUser(t, { role: "admin" });
    await setCreated(a.id, "2026-12-14T10:00:00Z");
    await setCreated(b.id, "2026-11-01T10:00:00Z");
    await setCreated(c.id, "2026-11-02T10:00:00Z");
    await setCreated(admin.id, "2026-12-14T10:00:00Z"); // staff: not a customer

    const old = await createProduct(t, { createdAt: new Date("2026-10-01T00:00:00Z") });
    await createProduct(t, { createdAt: new Date("2026-12-10T00:00:00Z") });
    await createProduct(t, { active: false, createdAt: new Date("2026-10-01T00:00:00Z") });

    const centre = await createOutlet(t, { kind: "service_centre" });
    await createBooking(t, { outletId: centre.id, date: "2026-12-15", time: "10:00" });
    await createBooking(t, {
      outletId: centre.id,
      date: "2026-12-15",
      time: "11:00",
      status: "confirmed",
    });
    await createBooking(t, {
      outletId: centre.id,
      date: "2026-12-15",
      time: "12:00",
      status: "cancelled",
    });
    await createBooking(t, { outletId: centre.id, date: "2026-12-16", time: "10:00" });

    const claim = (registrationId: number, status: "submitted" | "approved" | "closed") => ({
      reference: `WC-${String(registrationId).padStart(8, "0")}`,
      registrationId,
      problem: "low_backup" as const,
      outletId: centre.id,
      status,
      email: "owner@example.in",
      ...(status === "approved" ? { outcome: "replacement" as const } : {}),
    });
    const registration = (serial: string, replaced = false) =>
      createWarranty(t, {
        productId: old.id,
        purchaseDate: "2026-06-01",
        serial,
        replacedAt: replaced ? new Date("2026-12-01T00:00:00Z") : null,
      });
    const open = await registration("DASHOPEN01");
    const closed = await registration("DASHCLOSE1");
    const replaced = await registration("DASHREPL01", true);
    await t.db
      .insert(warrantyClaims)
      .values([
        claim(open.id, "submitted"),
        claim(closed.id, "closed"),
        claim(replaced.id, "approved"),
      ]);

    await t.db.insert(contactMessages).values([
      { name: "Ravi", email: "ravi@example.in", message: "Hello" },
      { name: "Meena", email: "meena@example.in", message: "Hi" },
      { name: "Old", email: "old@example.in", message: "Done", handledAt: now },
    ]);

    const d = await dashboard();
    expect(d.customers).toEqual({ current: 1, previous: 2 });
    expect(d.activeProducts).toEqual({ current: 2, previous: 1 });
    expect(d.waiting).toMatchObject({ bookingsToday: 2, openClaims: 1, newMessages: 2 });
  });

  it("takes India's day for today's bookings: at 18:30 UTC the next day's", async () => {
    const late = await getDashboard(t.db, {
      now: new Date("2026-12-15T18:30:00Z"),
      lowStockThreshold: 5,
    });
    expect(late.today).toBe("2026-12-16");
    expect(late.waiting.bookingsToday).toBe(1);
  });
});

describe("low stock", () => {
  it("lists active products at or under the threshold, lowest first, with their count", async () => {
    const none = await createProduct(t, { model: "LOW-ZERO", stock: 0 });
    const three = await createProduct(t, { model: "LOW-THREE", stock: 3 });
    const five = await createProduct(t, { model: "LOW-FIVE", stock: 5 });
    await createProduct(t, { model: "LOW-SIX", stock: 6 });
    await createProduct(t, { model: "LOW-RETIRED", stock: 1, active: false });
    const low = (await dashboard(5)).lowStock;
    expect(low.threshold).toBe(5);
    expect(low.products.map((p) => p.id)).toEqual([none.id, three.id, five.id]);
    expect(low.count).toBe(3);
    const fewer = (await dashboard(2)).lowStock;
    expect(fewer.products.map((p) => [p.model, p.stock])).toEqual([["LOW-ZERO", 0]]);
    expect((await dashboard(0)).lowStock.count).toBe(1);
  });
});

describe("the dashboard's cost", () => {
  it("reads the whole dashboard in at most 4 statements", async () => {
    const before = t.statementsSent();
    await dashboard();
    expect(t.statementsSent() - before).toBeLessThanOrEqual(4);
  });
});
