/**
 * Issue 20: what an order holds and gives back. Unpaid orders lapse and give their stock and
 * promo use back; a customer holds at most a few unpaid orders and places a limited number an
 * hour; a cancellation gives the promo use back; a shipped order's batteries come back only when
 * they do; a paid order cancelled is refunded on the record; totals never overflow; an order the
 * promo pays in full is placed as paid; a UTR pays one order.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orderRefunds, orders, products, promoCodes } from "~/db/schema";
import { addToCart } from "~/features/cart/cart.server";
import { updateSettings } from "~/features/settings/settings.server";
import { DomainError, TooManyRequests, ValidationError } from "~/lib/errors";
import { formatDateTime } from "~/lib/format";
import { addDays, formatDay, indiaDayOf } from "~/lib/india-time";
import {
  createDeliveryArea,
  createOrder,
  createProduct,
  createUser,
  type TestUser,
} from "../../../tests/factories";
import { orderOptions } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { getOrder } from "./order-read.server";
import { ordersMessages } from "./orders.messages";
import {
  changeOrderStatus,
  expireUnpaidOrders,
  MAX_UNPAID_ORDERS,
  newCheckoutReference,
  placeOrder,
  recordRefund,
  requestOrder,
} from "./orders.server";
import { upiPayLink } from "./upi";

let t: TestDatabase;
/** The back office's actor (a real account: order events name who made them). */
let admin: { id: string; as: "admin" };
beforeAll(async () => {
  t = await createTestDatabase();
  await createDeliveryArea(t, { prefix: "380" });
  admin = { id: (await createUser(t, { role: "admin", name: "Order Desk" })).id, as: "admin" };
});
afterAll(async () => {
  await t?.close();
});

const delivery = {
  name: "Asha Kumari",
  phone: "9876543210",
  house: "12",
  address: "12 MG Road",
  city: "Ahmedabad",
  pincode: "380009",
};
const HOUR = 60 * 60 * 1000;
/** A fixed clock: 26 Nov 2026, 10:00 in India. */
const now = new Date("2026-11-26T04:30:00Z");

const stockOf = async (id: number) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
    ?.stock;
const usesOf = async (id: number) =>
  (await t.db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.id, id)))[0]
    ?.uses;

/** A customer who put `quantity` of a product in their cart and placed it. */
async function placed(
  product: { id: number },
  quantity = 1,
  shopper?: TestUser,
  extra: { promoCode?: string; utr?: string; at?: Date } = {},
) {
  const who = shopper ?? (await createUser(t));
  await addToCart(t.db, { userId: who.id }, product.id, quantity);
  const { number } = await placeOrder(
    t.db,
    { reference: newCheckoutReference(), delivery, promoCode: extra.promoCode, utr: extra.utr },
    who,
    { ...orderOptions, now: extra.at ?? now },
  );
  return { number, shopper: who };
}

async function promo(code: string, overrides: Partial<typeof promoCodes.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(promoCodes)
    .values({ code, kind: "percent", amount: 10, ...overrides })
    .returning();
  if (!row) throw new Error("promo not stored");
  return row;
}

describe("an unpaid order", () => {
  it("has until the settings' time to pay, told in its mail", async () => {
    await updateSettings(t.db, { paymentWindowHours: 24 });
    const product = await createProduct(t, { stock: 5 });
    const { number } = await placed(product);
    const [row] = await t.db.select().from(orders).where(eq(orders.number, number));
    expect(row?.paymentDueAt?.getTime()).toBe(now.getTime() + 24 * HOUR);
    const [mail] = await t.deliverMail();
    expect(mail?.text).toContain(
      ordersMessages.payBy(formatDateTime(new Date(now.getTime() + 24 * HOUR))),
    );
    await updateSettings(t.db, { paymentWindowHours: 48 });
  });

  it("lapses after its time: stock and promo use given back, the customer told; others stay", async () => {
    const product = await createProduct(t, { stock: 5 });
    const code = await promo("LAPSE10");
    const late = await placed(product, 2, undefined, { promoCode: "LAPSE10" });
    const recent = await placed(product, 1, undefined, { at: new Date(now.getTime() + 47 * HOUR) });
    const paid = await placed(product, 1);
    await changeOrderStatus(t.db, { number: paid.number, to: "paid" }, admin, orderOptions);
    expect(await stockOf(product.id)).toBe(1);
    expect(await usesOf(code.id)).toBe(1);
    await t.deliverMail();

    // Not yet: one minute before its deadline nothing lapses.
    const early = await expireUnpaidOrders(t.db, {
      ...orderOptions,
      now: new Date(now.getTime() + 48 * HOUR - 60_000),
    });
    expect(early).not.toContain(late.number);
    const lapsed = await expireUnpaidOrders(t.db, {
      ...orderOptions,
      now: new Date(now.getTime() + 48 * HOUR),
    });
    expect(lapsed).toContain(late.number);
    expect(lapsed).not.toContain(recent.number);
    expect(lapsed).not.toContain(paid.number);

    const view = await getOrder(t.db, late.number, { id: late.shopper.id, as: "customer" });
    expect(view.status).toBe("cancelled");
    expect(view.timeline.at(-1)).toMatchObject({
      title: "Cancelled",
      by: "The store",
      note: ordersMessages.lapsed(formatDateTime(new Date(now.getTime() + 48 * HOUR))),
    });
    expect(await stockOf(product.id)).toBe(3);
    expect(await usesOf(code.id)).toBe(0);
    const mails = (await t.deliverMail()).filter((m) => m.to === late.shopper.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/Cancelled$/)]);
    // Run again: nothing more to do.
    expect(
      await expireUnpaidOrders(t.db, { ...orderOptions, now: new Date(now.getTime() + 48 * HOUR) }),
    ).toEqual([]);
    expect((await getOrder(t.db, recent.number, { id: "", as: "admin" })).status).toBe(
      "payment_pending",
    );
  });

  it("is taken by one of two expiry jobs running at once (PGlite: a smoke check; CI proves the race on PostgreSQL)", async () => {
    const product = await createProduct(t, { stock: 20 });
    const numbers = [];
    for (let i = 0; i < 6; i++) numbers.push((await placed(product)).number);
    const later = { ...orderOptions, now: new Date(now.getTime() + 49 * HOUR), batch: 3 };
    const [a, b] = await Promise.all([
      expireUnpaidOrders(t.db, later),
      expireUnpaidOrders(t.db, later),
    ]);
    const both = [...a, ...b];
    expect(new Set(both).size).toBe(both.length);
    const rest = await expireUnpaidOrders(t.db, { ...later, batch: 50 });
    const all = [...both, ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(numbers));
    expect(await stockOf(product.id)).toBe(20);
  });
});

describe("placing orders", () => {
  it(`allows ${MAX_UNPAID_ORDERS} orders waiting for payment, then asks to pay or cancel one`, async () => {
    const product = await createProduct(t, { stock: 10 });
    const shopper = await createUser(t);
    for (let i = 0; i < MAX_UNPAID_ORDERS; i++) await placed(product, 1, shopper);
    await addToCart(t.db, { userId: shopper.id }, product.id, 1);
    const fourth = placeOrder(
      t.db,
      { reference: newCheckoutReference(), delivery },
      shopper,
      orderOptions,
    );
    await expect(fourth).rejects.toThrow(ordersMessages.tooManyUnpaid(MAX_UNPAID_ORDERS));
    expect(await stockOf(product.id)).toBe(10 - MAX_UNPAID_ORDERS);
    // One cancelled: the next can be placed.
    const [first] = await t.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.userId, shopper.id))
      .limit(1);
    await changeOrderStatus(
      t.db,
      { number: first?.number ?? 0, to: "cancelled" },
      { id: shopper.id, as: "customer" },
      orderOptions,
    );
    await expect(
      placeOrder(t.db, { reference: newCheckoutReference(), delivery }, shopper, orderOptions),
    ).resolves.toMatchObject({ created: true });
  });

  it("limits the orders one account places in an hour, counted in the database", async () => {
    const product = await createProduct(t, { stock: 100 });
    const shopper = await createUser(t);
    const client = { headers: new Headers({ "x-forwarded-for": "198.51.100.20" }) };
    let refused: unknown = null;
    for (let i = 0; i < 12 && !refused; i++) {
      await addToCart(t.db, { userId: shopper.id }, product.id, 1);
      try {
        const { number } = await requestOrder(
          t.db,
          { reference: newCheckoutReference(), delivery },
          shopper,
          client,
          orderOptions,
        );
        // Paid, so the unpaid limit is not what stops it.
        await changeOrderStatus(t.db, { number, to: "paid" }, admin, orderOptions);
      } catch (error) {
        refused = error;
      }
    }
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect(await t.db.$count(orders, eq(orders.userId, shopper.id))).toBe(10);
  });

  it("refuses a UTR already on another order that is not cancelled, next to its field", async () => {
    const product = await createProduct(t, { stock: 10 });
    await placed(product, 1, undefined, { utr: "434577778888" });
    const second = placed(product, 1, undefined, { utr: "434577778888" });
    await expect(second).rejects.toMatchObject({ fieldErrors: { utr: ordersMessages.utrInUse } });
    // The database refuses it too, whatever a check before it saw.
    await expect(createOrder(t, { totalPaise: 100, utr: "434577778888" })).rejects.toMatchObject({
      cause: { constraint: "orders_utr_unique" },
    });
  });

  it("places an order the promo code pays in full as paid, with nothing to pay and no QR", async () => {
    const product = await createProduct(t, { pricePaise: 300_000, stock: 3 });
    await promo("FREEBAT", { kind: "percent", amount: 100 });
    const { number, shopper } = await placed(product, 1, undefined, { promoCode: "FREEBAT" });
    const order = await getOrder(t.db, number, { id: shopper.id, as: "customer" });
    expect(order).toMatchObject({ status: "paid", totalPaise: 0, paymentDueAt: null });
    expect(order.timeline).toMatchObject([
      { title: "Order placed", note: ordersMessages.nothingToPay },
    ]);
    expect(await stockOf(product.id)).toBe(2);
  });

  it("totals exactly what 24 batteries at the Rs 10 lakh cap cost, past 32-bit integers", async () => {
    const shopper = await createUser(t);
    for (let i = 0; i < 6; i++) {
      const product = await createProduct(t, {
        pricePaise: 100_000_000,
        mrpPaise: 100_000_000,
        stock: 4,
      });
      await addToCart(t.db, { userId: shopper.id }, product.id, 4);
    }
    const { number } = await placeOrder(
      t.db,
      { reference: newCheckoutReference(), delivery },
      shopper,
      orderOptions,
    );
    const order = await getOrder(t.db, number, { id: shopper.id, as: "customer" });
    expect(order.totalPaise).toBe(2_400_000_000);
    expect(order.totalPaise).toBeGreaterThan(2 ** 31 - 1);
    expect(
      upiPayLink({
        payeeId: "a@b",
        payeeName: "A",
        amountPaise: order.totalPaise,
        reference: "R",
        note: "n",
      }),
    ).toContain("am=24000000.00");
    // A price above the cap is refused by the database as it is by the product form.
    await expect(
      createProduct(t, { pricePaise: 100_000_001, mrpPaise: 100_000_001 }),
    ).rejects.toMatchObject({
      cause: { constraint: "products_price_cap_check" },
    });
  });
});

describe("cancelling", () => {
  it("gives a promo code's use back, so its last use is not lost to a cancelled order", async () => {
    const product = await createProduct(t, { stock: 5 });
    const code = await promo("LASTUSE", { usageLimit: 1 });
    const first = await placed(product, 1, undefined, { promoCode: "LASTUSE" });
    await expect(placed(product, 1, undefined, { promoCode: "LASTUSE" })).rejects.toThrow(
      DomainError,
    );
    await changeOrderStatus(
      t.db,
      { number: first.number, to: "cancelled" },
      { id: first.shopper.id, as: "customer" },
      orderOptions,
    );
    expect(await usesOf(code.id)).toBe(0);
    await expect(placed(product, 1, undefined, { promoCode: "LASTUSE" })).resolves.toMatchObject(
      {},
    );
    expect(await usesOf(code.id)).toBe(1);
  });

  it("asks whether a shipped order's batteries came back, and restocks only if they did", async () => {
    const product = await createProduct(t, { stock: 10 });
    const ship = async () => {
      const { number } = await placed(product, 2);
      for (const to of ["paid", "shipped"] as const)
        await changeOrderStatus(t.db, { number, to, courier: "own_delivery" }, admin, orderOptions);
      return number;
    };
    const lost = await ship();
    const refusal = await changeOrderStatus(
      t.db,
      { number: lost, to: "cancelled" },
      admin,
      orderOptions,
    ).catch((e) => e);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect(refusal.fieldErrors).toEqual({ restock: ordersMessages.askGoodsBack });
    expect((await getOrder(t.db, lost, { id: "", as: "admin" })).status).toBe("shipped");

    await changeOrderStatus(
      t.db,
      { number: lost, to: "cancelled", restock: false },
      admin,
      orderOptions,
    );
    expect(await stockOf(product.id)).toBe(8);
    const back = await ship();
    await changeOrderStatus(
      t.db,
      { number: back, to: "cancelled", restock: true },
      admin,
      orderOptions,
    );
    expect(await stockOf(product.id)).toBe(8);
    const notes = await t.db
      .select({ note: orderEvents.note, internalNote: orderEvents.internalNote })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(and(eq(orders.number, lost), eq(orderEvents.toStatus, "cancelled")));
    // The stock is the store's business: staff read it, the customer reads of their refund.
    expect(notes[0]?.internalNote).toContain(ordersMessages.goodsNotBack);
    expect(notes[0]?.internalNote).toContain(ordersMessages.refundDue(2 * product.pricePaise));
    expect(notes[0]?.note).toBe(ordersMessages.refundDueToYou(2 * product.pricePaise));
  });
});

describe("a refund", () => {
  /** A paid order cancelled, with the clock of its refund: a minute after it was placed (the
   * database's clock), so the day is the order's own whatever the hour. */
  async function paidThenCancelled() {
    const product = await createProduct(t, { pricePaise: 450_000, stock: 5 });
    const order = await placed(product, 1);
    await changeOrderStatus(t.db, { number: order.number, to: "paid" }, admin, orderOptions);
    await changeOrderStatus(
      t.db,
      { number: order.number, to: "cancelled", note: "Out of stock at the warehouse" },
      admin,
      orderOptions,
    );
    const [row] = await t.db.select().from(orders).where(eq(orders.number, order.number));
    const placedAt = row?.createdAt ?? new Date();
    return { ...order, day: indiaDayOf(placedAt), at: new Date(placedAt.getTime() + 60_000) };
  }
  const refund = (number: number, overrides = {}) => ({
    number,
    amountPaise: 450_000,
    method: "upi" as const,
    reference: "434599990000",
    refundedOn: "2000-01-01",
    ...overrides,
  });

  it("is recorded once for a paid order that was cancelled, shown to the customer and mailed", async () => {
    const { number, shopper, day, at } = await paidThenCancelled();
    const staff = await createUser(t, { role: "admin", name: "Refund Desk" });
    await t.deliverMail();
    await recordRefund(t.db, refund(number, { refundedOn: day }), staff, {
      ...orderOptions,
      now: at,
    });
    const view = await getOrder(t.db, number, { id: shopper.id, as: "customer" });
    expect(view.timeline.at(-1)).toMatchObject({
      title: "Refunded",
      by: "The store",
      note: `₹4,500 sent back by UPI on ${formatDay(day)} (reference 434599990000).`,
    });
    const mails = (await t.deliverMail()).filter((m) => m.to === shopper.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/refunded$/)]);
    await expect(
      recordRefund(t.db, refund(number, { refundedOn: day }), staff, { ...orderOptions, now: at }),
    ).rejects.toThrow(ordersMessages.refundRecorded);
    expect(await t.db.$count(orderRefunds, eq(orderRefunds.reference, "434599990000"))).toBe(1);
  });

  it("is refused for an order never paid, above the total, or on a day that cannot be", async () => {
    const product = await createProduct(t, { stock: 5 });
    const unpaid = await placed(product, 1);
    await changeOrderStatus(t.db, { number: unpaid.number, to: "cancelled" }, admin, orderOptions);
    const staff = { id: (await createUser(t, { role: "admin" })).id };
    const { number, day, at } = await paidThenCancelled();
    const options = { ...orderOptions, now: at };
    await expect(
      recordRefund(t.db, refund(unpaid.number, { refundedOn: day }), staff, options),
    ).rejects.toThrow(ordersMessages.refundNotOwed);
    await expect(
      recordRefund(t.db, refund(number, { amountPaise: 450_001, refundedOn: day }), staff, options),
    ).rejects.toMatchObject({ fieldErrors: { amount: ordersMessages.refundTooMuch(450_000) } });
    // Not after today, not before the order.
    for (const refundedOn of [addDays(day, 1), addDays(day, -1)]) {
      await expect(
        recordRefund(t.db, refund(number, { refundedOn }), staff, options),
      ).rejects.toMatchObject({ fieldErrors: { refundedOn: ordersMessages.refundDay } });
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.number, number));
    expect(await t.db.$count(orderRefunds, eq(orderRefunds.orderId, order?.id ?? 0))).toBe(0);
  });

  it("is not owed for an order that brought no money in (the promo paid it in full)", async () => {
    const product = await createProduct(t, { pricePaise: 200_000, stock: 3 });
    await promo("GIFTBAT", { kind: "percent", amount: 100 });
    const { number } = await placed(product, 1, undefined, { promoCode: "GIFTBAT" });
    await changeOrderStatus(t.db, { number, to: "cancelled" }, admin, orderOptions);
    const order = await getOrder(t.db, number, { id: "", as: "admin" });
    expect(order.timeline.at(-1)?.note ?? "").not.toContain("A refund of");
    const today = indiaDayOf(order.createdAt);
    await expect(
      recordRefund(t.db, refund(number, { amountPaise: 1, refundedOn: today }), admin, {
        ...orderOptions,
        now: new Date(order.createdAt.getTime() + 60_000),
      }),
    ).rejects.toThrow(ordersMessages.refundNotOwed);
  });
});
