/**
 * Issue 21, ADR 031: an order paid on installation. Placed with nothing to pay, it goes Placed ->
 * Shipped -> Delivered and is paid at delivery (one admin step, audited); its customer may
 * cancel it while Placed; it never lapses for want of a UPI payment; its stock is taken when it
 * is placed and given back when it is cancelled; and it counts as money in only once delivered.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderEvents, orders, products } from "~/db/schema";
import { addToCart } from "~/features/cart/cart.server";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { updateSettings } from "~/features/settings/settings.server";
import { ValidationError } from "~/lib/errors";
import {
  createDeliveryArea,
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
} from "./orders.server";

let t: TestDatabase;
let admin: { id: string; as: "admin" };
beforeAll(async () => {
  t = await createTestDatabase();
  await createDeliveryArea(t, { prefix: "380" });
  await updateSettings(t.db, {
    payOnInstallationEnabled: true,
    payOnInstallationMaxPaise: 1_000_000,
  });
  admin = { id: (await createUser(t, { role: "admin" })).id, as: "admin" };
});
afterAll(async () => {
  await t?.close();
});

const delivery = {
  name: "Asha Kumari",
  phone: "9876543210",
  house: "12",
  address: "MG Road",
  city: "Ahmedabad",
  pincode: "380009",
};
/** A fixed clock: 26 Nov 2026, 10:00 in India. */
const now = new Date("2026-11-26T04:30:00Z");

const stockOf = async (id: number) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
    ?.stock;

/** A shopper's cart of one ₹4,500 battery placed to be paid on installation. */
async function placedOnInstallation(shopper?: TestUser) {
  const product = await createProduct(t, { pricePaise: 450_000, stock: 5 });
  const who = shopper ?? (await createUser(t));
  await addToCart(t.db, { userId: who.id }, product.id, 1);
  const { number } = await placeOrder(
    t.db,
    { reference: newCheckoutReference(), delivery, paymentMethod: "on_installation" },
    who,
    { ...orderOptions, now },
  );
  return { number, product, shopper: who };
}

describe("an order paid on installation", () => {
  it("is Placed with no time to pay, holds its stock, and says how it is paid", async () => {
    const { number, product } = await placedOnInstallation();
    const order = await getOrder(t.db, number, admin);
    expect(order).toMatchObject({
      status: "placed",
      paymentMethod: "on_installation",
      paymentDueAt: null,
    });
    expect(order.timeline[0]?.note).toBe(ordersMessages.payOnInstallation(450_000));
    expect(await stockOf(product.id)).toBe(4);
  });

  it("goes Placed -> Shipped -> Delivered, paid at delivery in one audited step", async () => {
    const { number } = await placedOnInstallation();
    await expect(
      changeOrderStatus(t.db, { number, to: "paid" }, admin, orderOptions),
    ).rejects.toThrow(ordersMessages.transitionRefused("placed", "paid"));
    // The orders are placed now: the dashboard's 30 days are the ones up to now.
    const revenue = async () =>
      (await getDashboard(t.db, { now: new Date(), lowStockThreshold: 5 })).revenuePaise.current;
    const before = await revenue();
    await changeOrderStatus(
      t.db,
      { number, to: "shipped", courier: "own_delivery" },
      admin,
      orderOptions,
    );
    // Shipped but not yet paid: no money in.
    expect(await revenue()).toBe(before);
    await changeOrderStatus(
      t.db,
      { number, to: "delivered", note: "Cash to Ramesh" },
      admin,
      orderOptions,
    );
    const order = await getOrder(t.db, number, admin);
    expect(order.status).toBe("delivered");
    expect(order.timeline.at(-1)).toMatchObject({
      title: "Delivered",
      note: `${ordersMessages.paidOnInstallation(450_000)} Cash to Ramesh`,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(number)), eq(auditLog.actorId, admin.id)))
      .orderBy(auditLog.id);
    // Shipped is an admin's status change like any; delivered-and-paid is one step of its own.
    expect(audit.map((row) => row.action)).toEqual(["order.status", "order.paid_on_installation"]);
    expect(await revenue()).toBe(before + 450_000);
    await t.deliverMail();
    expect(t.sentMail.at(-1)?.text).toContain(ordersMessages.paidOnInstallation(450_000));
  });

  it("is cancelled by its customer while Placed, its batteries back in stock", async () => {
    const { number, product, shopper } = await placedOnInstallation();
    await changeOrderStatus(
      t.db,
      { number, to: "cancelled" },
      { id: shopper.id, as: "customer" },
      orderOptions,
    );
    expect(await stockOf(product.id)).toBe(5);
  });

  it("owes no refund when cancelled after shipping: no money came in", async () => {
    const { number } = await placedOnInstallation();
    await changeOrderStatus(
      t.db,
      { number, to: "shipped", courier: "own_delivery" },
      admin,
      orderOptions,
    );
    await changeOrderStatus(t.db, { number, to: "cancelled", restock: true }, admin, orderOptions);
    const order = await getOrder(t.db, number, admin);
    // No refund is due, for the customer or in the staff's note: only the stock facts.
    expect(order.timeline.at(-1)?.note).toBeNull();
    expect(order.timeline.at(-1)?.internalNote).toBe(ordersMessages.goodsBack);
  });

  it("never lapses for want of a UPI payment, however late the expiry job runs", async () => {
    const { number, product } = await placedOnInstallation();
    const muchLater = new Date(now.getTime() + 365 * 24 * 60 * 60 * 1000);
    const lapsed = await expireUnpaidOrders(t.db, { ...orderOptions, now: muchLater });
    expect(lapsed).not.toContain(number);
    const [order] = await t.db.select().from(orders).where(eq(orders.number, number));
    expect(order?.status).toBe("placed");
    expect(await stockOf(product.id)).toBe(4);
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order?.id ?? 0));
    expect(events).toHaveLength(1);
  });

  it("counts among the orders a customer may hold unpaid", async () => {
    const shopper = await createUser(t);
    for (let i = 0; i < MAX_UNPAID_ORDERS; i += 1) await placedOnInstallation(shopper);
    await expect(placedOnInstallation(shopper)).rejects.toThrow(
      ordersMessages.tooManyUnpaid(MAX_UNPAID_ORDERS),
    );
  });

  it("is refused, with nothing stored, when off or above the largest order", async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, { pricePaise: 450_000, stock: 5 });
    await addToCart(t.db, { userId: shopper.id }, product.id, 3); // ₹13,500
    const attempt = () =>
      placeOrder(
        t.db,
        { reference: newCheckoutReference(), delivery, paymentMethod: "on_installation" },
        shopper,
        orderOptions,
      );
    await expect(attempt()).rejects.toMatchObject({
      status: 400,
      fieldErrors: { paymentMethod: ordersMessages.payOnInstallationOver(1_000_000) },
    });
    await updateSettings(t.db, { payOnInstallationEnabled: false });
    try {
      await expect(attempt()).rejects.toBeInstanceOf(ValidationError);
      await expect(attempt()).rejects.toMatchObject({
        fieldErrors: { paymentMethod: ordersMessages.payOnInstallationOff },
      });
    } finally {
      await updateSettings(t.db, { payOnInstallationEnabled: true });
    }
    expect(await t.db.select().from(orders).where(eq(orders.userId, shopper.id))).toEqual([]);
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe("the delivery check at order time", () => {
  it("refuses a pincode outside the delivery areas, with the product page's words", async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, { stock: 5 });
    await addToCart(t.db, { userId: shopper.id }, product.id, 1);
    await expect(
      placeOrder(
        t.db,
        { reference: newCheckoutReference(), delivery: { ...delivery, pincode: "799001" } },
        shopper,
        orderOptions,
      ),
    ).rejects.toMatchObject({
      status: 400,
      fieldErrors: { pincode: "We do not deliver to 799001 yet." },
    });
    expect(await t.db.select().from(orders).where(eq(orders.userId, shopper.id))).toEqual([]);
    expect(await stockOf(product.id)).toBe(5);
  });
});
