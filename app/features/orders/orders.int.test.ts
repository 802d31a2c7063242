import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartItems,
  carts,
  orderEvents,
  orderItems,
  orders,
  products,
  promoCodes,
} from "~/db/schema";
import { addToCart } from "~/features/cart/cart.server";
import { createDeliveryArea, createProduct, createUser } from "../../../tests/factories";
import { orderOptions } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import {
  CartNeedsChanges,
  changeOrderStatus,
  newCheckoutReference,
  placeOrder,
} from "./orders.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await createDeliveryArea(t, { prefix: "380" });
});
afterAll(async () => {
  await t?.close();
});

const delivery = {
  name: "Asha Kumari",
  phone: "+91 98765 43210",
  house: "12",
  address: "12 MG Road, Navrangpura",
  city: "Ahmedabad",
  pincode: "380009",
};

async function shopperWith(productId: number, quantity: number) {
  const shopper = await createUser(t);
  await addToCart(t.db, { userId: shopper.id }, productId, quantity);
  return shopper;
}

const stockOf = async (id: number) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
    ?.stock;

describe("placing an order", () => {
  it("prices the cart from the database, takes the stock, empties the cart and records the event", async () => {
    const product = await createProduct(t, { pricePaise: 429_900, stock: 10 });
    const shopper = await shopperWith(product.id, 2);
    const placed = await placeOrder(
      t.db,
      { reference: newCheckoutReference(), delivery },
      shopper,
      orderOptions,
    );
    expect(placed.created).toBe(true);
    expect(placed.number).toBeGreaterThanOrEqual(10001);
    const [order] = await t.db.select().from(orders).where(eq(orders.number, placed.number));
    expect(order).toMatchObject({
      status: "payment_pending",
      subtotalPaise: 859_800,
      totalPaise: 859_800,
      phone: "9876543210",
      userId: shopper.id,
    });
    const lines = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? 0));
    expect(lines).toMatchObject([{ model: product.model, unitPricePaise: 429_900, quantity: 2 }]);
    expect(await stockOf(product.id)).toBe(8);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, shopper.id));
    expect(
      await t.db
        .select()
        .from(cartItems)
        .where(eq(cartItems.cartId, cart?.id ?? "")),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order?.id ?? 0)),
    ).toMatchObject([{ fromStatus: null, toStatus: "payment_pending", actorId: shopper.id }]);
  });

  it("gives one order for one checkout, however often it is sent", async () => {
    const product = await createProduct(t, { stock: 10 });
    const shopper = await shopperWith(product.id, 1);
    const reference = newCheckoutReference();
    const results = await Promise.all(
      [1, 2, 3].map(() => placeOrder(t.db, { reference, delivery }, shopper, orderOptions)),
    );
    expect(new Set(results.map((r) => r.number)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(9);
    // Another customer cannot claim that checkout's order.
    const other = await shopperWith(product.id, 1);
    await expect(placeOrder(t.db, { reference, delivery }, other, orderOptions)).rejects.toThrow(
      "This checkout is no longer valid",
    );
  });

  it("sells the last 5 batteries to exactly 5 of 20 shoppers checking out at once (PGlite: a smoke check; CI proves the race on PostgreSQL)", async () => {
    const product = await createProduct(t, { stock: 5 });
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, () => shopperWith(product.id, 1)),
    );
    const results = await Promise.allSettled(
      shoppers.map((s) =>
        placeOrder(t.db, { reference: newCheckoutReference(), delivery }, s, orderOptions),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(15);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(CartNeedsChanges);
    expect(await stockOf(product.id)).toBe(0);
  });

  it("applies a promo code with one use left to one of two orders placed at once (PGlite: a smoke check; CI proves the race on PostgreSQL)", async () => {
    await t.db
      .insert(promoCodes)
      .values({ code: "LASTONE", kind: "fixed", amount: 10_000, usageLimit: 1 });
    const product = await createProduct(t, { stock: 10, pricePaise: 300_000 });
    const pair = [await shopperWith(product.id, 1), await shopperWith(product.id, 1)];
    const results = await Promise.allSettled(
      pair.map((s) =>
        placeOrder(
          t.db,
          { reference: newCheckoutReference(), delivery, promoCode: "lastone" },
          s,
          orderOptions,
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const [promo] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, "LASTONE"));
    expect(promo?.uses).toBe(1);
    const discounted = await t.db.select().from(orders).where(eq(orders.promoCode, "LASTONE"));
    expect(discounted).toMatchObject([{ discountPaise: 10_000, totalPaise: 290_000 }]);
  });

  it("places nothing from an empty cart, a short line or bad delivery details", async () => {
    const nobody = await createUser(t);
    await expect(
      placeOrder(t.db, { reference: newCheckoutReference(), delivery }, nobody, orderOptions),
    ).rejects.toThrow("Your cart is empty");
    const product = await createProduct(t, { stock: 4 });
    const shopper = await shopperWith(product.id, 4);
    await t.db.update(products).set({ stock: 3 }).where(eq(products.id, product.id));
    await expect(
      placeOrder(t.db, { reference: newCheckoutReference(), delivery }, shopper, orderOptions),
    ).rejects.toMatchObject({
      lines: [{ model: product.model, message: "Only 3 left. Lower the quantity." }],
    });
    for (const bad of [{ phone: "12345" }, { pincode: "01234" }, { name: "" }]) {
      await expect(
        placeOrder(
          t.db,
          { reference: newCheckoutReference(), delivery: { ...delivery, ...bad } },
          shopper,
          orderOptions,
        ),
      ).rejects.toThrow();
    }
    await expect(
      placeOrder(t.db, { reference: "made-up", delivery }, shopper, orderOptions),
    ).rejects.toThrow("This checkout is no longer valid");
    expect(await t.db.select().from(orders).where(eq(orders.userId, shopper.id))).toEqual([]);
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe("an order's status", () => {
  async function placedOrder(stock = 10, quantity = 2) {
    const product = await createProduct(t, { stock });
    const shopper = await shopperWith(product.id, quantity);
    const { number } = await placeOrder(
      t.db,
      { reference: newCheckoutReference(), delivery },
      shopper,
      orderOptions,
    );
    return { product, shopper, number };
  }
  const admin = { id: "", as: "admin" as const };
  const statusOf = async (number: number) =>
    (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.number, number)))[0]
      ?.status;

  it("moves Paid, Shipped, Delivered by an admin, each an event, and nothing after", async () => {
    const { number } = await placedOrder();
    const staff = await createUser(t, { role: "admin" });
    for (const to of ["paid", "shipped", "delivered"] as const) {
      await changeOrderStatus(
        t.db,
        { number, to, note: `now ${to}`, courier: "delhivery", trackingNumber: "DL123456789" },
        { ...admin, id: staff.id },
        orderOptions,
      );
    }
    expect(await statusOf(number)).toBe("delivered");
    const [order] = await t.db.select().from(orders).where(eq(orders.number, number));
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order?.id ?? 0))
      .orderBy(orderEvents.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.note])).toEqual([
      [null, "payment_pending", null],
      ["payment_pending", "paid", "now paid"],
      ["paid", "shipped", "now shipped"],
      ["shipped", "delivered", "now delivered"],
    ]);
    await expect(
      changeOrderStatus(
        t.db,
        { number, to: "cancelled" },
        { ...admin, id: staff.id },
        orderOptions,
      ),
    ).rejects.toThrow("An order that is delivered cannot become cancelled.");
  });

  it("refuses a skipped step, and a customer anything but cancelling while payment is pending", async () => {
    const { number, shopper } = await placedOrder();
    const staff = await createUser(t, { role: "admin" });
    await expect(
      changeOrderStatus(
        t.db,
        { number, to: "shipped", courier: "own_delivery" },
        { ...admin, id: staff.id },
        orderOptions,
      ),
    ).rejects.toThrow("cannot become shipped");
    await expect(
      changeOrderStatus(
        t.db,
        { number, to: "paid" },
        { id: shopper.id, as: "customer" },
        orderOptions,
      ),
    ).rejects.toThrow("cannot become paid");
    expect(await statusOf(number)).toBe("payment_pending");
  });

  it("puts the batteries back when the customer cancels, and hides an order from other users", async () => {
    const { number, shopper, product } = await placedOrder(10, 3);
    expect(await stockOf(product.id)).toBe(7);
    const stranger = await createUser(t);
    await expect(
      changeOrderStatus(
        t.db,
        { number, to: "cancelled" },
        { id: stranger.id, as: "customer" },
        orderOptions,
      ),
    ).rejects.toMatchObject({ status: 404 });
    await changeOrderStatus(
      t.db,
      { number, to: "cancelled" },
      { id: shopper.id, as: "customer" },
      orderOptions,
    );
    expect(await statusOf(number)).toBe("cancelled");
    expect(await stockOf(product.id)).toBe(10);
  });
});
