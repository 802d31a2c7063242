import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartItems, carts, orders, products, promoCodes, rateLimits } from "~/db/schema";
import { addToCart } from "~/features/cart/cart.server";
import { promoTriesPerIp } from "~/features/cart/cart-page.server";
import { catalogMessages } from "~/features/catalog/catalog.messages";
import { gstMessages } from "~/features/gst/gst.messages";
import { ordersMessages } from "~/features/orders/orders.messages";
import { updateSettings } from "~/features/settings/settings.server";
import { cartCookieHeader, chosenPincodeHeader } from "~/lib/cookies.server";
import { StoreMetrics } from "../../../server/metrics";
import {
  createDeliveryArea,
  createProduct,
  createUser,
  type TestUser,
} from "../../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as orderPage from "./account-order";
import * as cart from "./cart";
import * as cartAdd from "./cart-add";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await createDeliveryArea(t, { prefix: "380" });
});
afterAll(async () => {
  await t?.close();
});

type Route = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
type Who = {
  cookie?: string;
  publicUrl?: string;
  host?: string;
  tally?: (event: string) => void;
  /** The connection's address (x-forwarded-for); none by default. */
  ip?: string;
};

function request(path: string, who: Who, values?: Record<string, string>) {
  const origin = who.host ?? "http://localhost:3000";
  return new Request(`${origin}${path}`, {
    method: values ? "POST" : "GET",
    body: values ? new URLSearchParams(values) : undefined,
    headers: {
      ...(who.cookie ? { Cookie: who.cookie } : {}),
      ...(who.ip ? { "x-forwarded-for": who.ip } : {}),
      ...(values ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
  });
}

async function run(
  route: Route,
  path: string,
  who: Who,
  values?: Record<string, string>,
  params: Record<string, string> = {},
) {
  const overrides = {
    ...(who.publicUrl ? { publicUrl: who.publicUrl } : {}),
    ...(who.tally ? { tally: who.tally } : {}),
  };
  const fn = (values ? route.action : route.loader) as (args: never) => unknown;
  return outcome(async () =>
    fn((await routeArgs(t, request(path, who, values), params, overrides)) as never),
  );
}

const failure = (r: unknown) =>
  (
    r as {
      data: {
        fieldErrors: Record<string, string>;
        formError?: string;
        values: Record<string, string>;
      };
    }
  ).data;
const locationOf = (r: unknown) => (r instanceof Response ? r.headers.get("Location") : null);

type CartData = Awaited<ReturnType<typeof cart.loader>>;

const delivery = {
  name: "Asha Kumari",
  phone: "98765 43210",
  house: "12",
  address: "12 MG Road, Navrangpura",
  city: "Ahmedabad",
  pincode: "380009",
};

async function shopperWithCart(quantity = 2, overrides = {}) {
  const product = await createProduct(t, { pricePaise: 429_900, stock: 10, ...overrides });
  const shopper = await createUser(t);
  await addToCart(t.db, { userId: shopper.id }, product.id, quantity);
  return { product, shopper };
}

async function lineQuantity(shopper: TestUser, productId: number) {
  const [row] = await t.db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, shopper.id));
  void productId;
  return row?.quantity;
}

/** Opens the checkout as the Checkout button does; gives the dialog's data. */
/** Checkout pressed: the dialog's data (payment null when there is nothing to pay). */
async function openCheckoutView(shopper: TestUser) {
  const opened = await run(cart, "/cart", shopper, { intent: "checkout" });
  expect(locationOf(opened)).toBe("/cart?checkout=1");
  const page = (await run(cart, "/cart?checkout=1", shopper)) as CartData;
  if (!page.checkout) throw new Error("the checkout dialog did not open");
  return page.checkout;
}

/** The checkout of a cart with something to pay: its UPI payment. */
async function openCheckout(shopper: TestUser) {
  const checkout = await openCheckoutView(shopper);
  if (!checkout.payment) throw new Error("the checkout has no payment");
  return { ...checkout, payment: checkout.payment };
}

async function ordersOf(shopper: TestUser) {
  return t.db.select().from(orders).where(eq(orders.userId, shopper.id));
}

describe("the cart page", () => {
  it("shows a visitor's anonymous cart, priced on the server", async () => {
    const product = await createProduct(t, { pricePaise: 250_000 });
    const { cartId } = await addToCart(t.db, {}, product.id, 2);
    const cookie = (await cartCookieHeader(cartId, testSecret())).split(";")[0];
    const page = (await run(cart, "/cart", { cookie })) as CartData;
    expect(page.cart.lines).toMatchObject([
      { productId: product.id, quantity: 2, lineTotalPaise: 500_000 },
    ]);
    expect(page.cart.totals.totalPaise).toBe(500_000);
  });

  it("refuses a tampered quantity (0, 5, -1, 1.5, 10^9) and keeps the line as it was", async () => {
    const { product, shopper } = await shopperWithCart(2);
    for (const quantity of ["0", "5", "-1", "1.5", "1000000000", "", "two"]) {
      const result = await run(cart, "/cart", shopper, {
        intent: "quantity",
        productId: String(product.id),
        quantity,
      });
      expect(statusOf(result), quantity).toBe(400);
      expect(failure(result).fieldErrors.quantity).toBeTruthy();
      expect(await lineQuantity(shopper, product.id)).toBe(2);
    }
    const ok = await run(cart, "/cart", shopper, {
      intent: "quantity",
      productId: String(product.id),
      quantity: "3",
    });
    expect(statusOf(ok)).toBe(302);
    expect(await lineQuantity(shopper, product.id)).toBe(3);
  });

  it("never sets more than the stock, and says how many are left", async () => {
    const { product, shopper } = await shopperWithCart(1, { stock: 2 });
    const result = await run(cart, "/cart", shopper, {
      intent: "quantity",
      productId: String(product.id),
      quantity: "3",
    });
    expect(statusOf(result)).toBe(409);
    expect(failure(result).fieldErrors.quantity).toBe("Only 2 left in stock.");
    expect(await lineQuantity(shopper, product.id)).toBe(1);
  });

  it("ignores a price or total sent with a change: the totals come from the database", async () => {
    const { product, shopper } = await shopperWithCart(1);
    await run(cart, "/cart", shopper, {
      intent: "quantity",
      productId: String(product.id),
      quantity: "2",
      pricePaise: "1",
      unitPricePaise: "1",
      totalPaise: "1",
    });
    const page = (await run(cart, "/cart", shopper)) as CartData;
    expect(page.cart.totals.subtotalPaise).toBe(859_800);
  });

  it("does not touch another shopper's line", async () => {
    const { product, shopper } = await shopperWithCart(2);
    const other = await createUser(t);
    const result = await run(cart, "/cart", other, {
      intent: "remove",
      productId: String(product.id),
    });
    expect(statusOf(result)).toBe(404);
    expect(await lineQuantity(shopper, product.id)).toBe(2);
  });

  it("applies a promo code typed in any case, and explains a refused one next to the box", async () => {
    const { shopper } = await shopperWithCart(2);
    await t.db.insert(promoCodes).values([
      { code: "CART10", kind: "percent", amount: 10 },
      { code: "CARTOLD", kind: "fixed", amount: 50_000, endsAt: new Date("2026-01-01T00:00:00Z") },
    ]);
    const expired = await run(cart, "/cart", shopper, { intent: "promo", promoCode: "cartold" });
    expect(statusOf(expired)).toBe(409);
    expect(failure(expired).fieldErrors.promoCode).toBe(
      ordersMessages.promoExpired(new Date("2026-01-01T00:00:00Z")),
    );
    expect(failure(expired).values.promoCode).toBe("cartold");
    const unknown = await run(cart, "/cart", shopper, { intent: "promo", promoCode: "NOPE1" });
    expect(failure(unknown).fieldErrors.promoCode).toBe(ordersMessages.promoUnknown);
    const applied = await run(cart, "/cart", shopper, { intent: "promo", promoCode: " cart10 " });
    expect(statusOf(applied)).toBe(302);
    const page = (await run(cart, "/cart", shopper)) as CartData;
    expect(page.cart.promo).toEqual({ code: "CART10", problem: null });
    expect(page.cart.totals).toMatchObject({ subtotalPaise: 859_800, discountPaise: 85_980 });
  });

  it("stops a connection that tries more promo codes than a shopper would (429, next to the box)", async () => {
    const { shopper } = await shopperWithCart(1);
    await t.db.insert(promoCodes).values({ code: "GUESSME", kind: "percent", amount: 10 });
    const from = { ...shopper, ip: "198.51.100.77" };
    for (let i = 0; i < promoTriesPerIp.limit; i += 1) {
      const tried = await run(cart, "/cart", from, { intent: "promo", promoCode: `WORD${i}` });
      expect(statusOf(tried)).toBe(409);
    }
    const stopped = await run(cart, "/cart", from, { intent: "promo", promoCode: "guessme" });
    expect(statusOf(stopped)).toBe(429);
    expect(failure(stopped).formError).toMatch(/^Too many promo codes tried from your connection/);
    expect(failure(stopped).values.promoCode).toBe("guessme");
    const headers = new Headers((stopped as { init?: ResponseInit }).init?.headers);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await run(cart, "/cart", shopper)) as CartData).cart.promo).toBeNull();
    // The same shopper from another connection is not held back.
    const elsewhere = { ...shopper, ip: "198.51.100.78" };
    expect(
      statusOf(await run(cart, "/cart", elsewhere, { intent: "promo", promoCode: "guessme" })),
    ).toBe(302);
  });

  it("says how many are in the cart when an add reaches the most one order takes, and refuses one past it", async () => {
    const { product, shopper } = await shopperWithCart(3);
    const add = (quantity: number) =>
      run(cartAdd, "/cart/add", shopper, {
        productId: String(product.id),
        quantity: String(quantity),
      });
    const capped = (await add(2)) as { data: { ok: boolean; message: string } };
    expect(capped.data).toMatchObject({
      ok: true,
      message: catalogMessages.addedUpToMost(product.model, 4),
    });
    expect(await lineQuantity(shopper, product.id)).toBe(4);
    const [line] = await t.db.select().from(cartItems).where(eq(cartItems.productId, product.id));
    const full = await add(1);
    expect(statusOf(full)).toBe(409);
    // Refused, and nothing written.
    expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, product.id))).toEqual([
      line,
    ]);
    expect(failure(full).formError).toBe(catalogMessages.alreadyMost(product.model, 4));
    expect(await lineQuantity(shopper, product.id)).toBe(4);
  });

  it("names each battery in the page's language (a name made from its data)", async () => {
    const { shopper } = await shopperWithCart(1, { category: "inverter", capacityAh: 150 });
    const inHindi = (await run(cart, "/hi/cart", shopper)) as CartData;
    expect(inHindi.cart.lines[0]?.name).toBe("इन्वर्टर बैटरी 150Ah, 2 साल वारंटी");
    const inEnglish = (await run(cart, "/cart", shopper)) as CartData;
    expect(inEnglish.cart.lines[0]?.name).toBe("Inverter battery 150Ah, 2 years warranty");
  });

  it("sends a visitor to sign in before checkout, the cart kept", async () => {
    const product = await createProduct(t);
    const { cartId } = await addToCart(t.db, {}, product.id, 1);
    const cookie = (await cartCookieHeader(cartId, testSecret())).split(";")[0];
    const result = await run(cart, "/cart", { cookie }, { intent: "checkout" });
    expect(locationOf(result)).toBe("/login?redirectTo=%2Fcart");
    expect(locationOf(await run(cart, "/cart?checkout=1", { cookie }))).toBe(
      "/login?redirectTo=%2Fcart",
    );
    const place = await run(cart, "/cart", { cookie }, { intent: "place", ...delivery });
    expect(statusOf(place)).toBe(302);
    expect(locationOf(place)).toMatch(/^\/login/);
    const [kept] = await t.db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
    expect(kept?.quantity).toBe(1);
  });
});

function testSecret() {
  return { cookieSecret: "integration-tests-cookie-secret" };
}

describe("checkout", () => {
  it("has nothing to pay when the promo code covers the order, and places it as paid (issue 20)", async () => {
    const { shopper } = await shopperWithCart(1);
    await t.db.insert(promoCodes).values({ code: "ALLFREE", kind: "percent", amount: 100 });
    await run(cart, "/cart", shopper, { intent: "promo", promoCode: "allfree" });
    const checkout = await openCheckoutView(shopper);
    expect(checkout.amountPaise).toBe(0);
    expect(checkout.payment).toBeNull();
    const placed = await run(cart, "/cart?checkout=1", shopper, {
      intent: "place",
      ...delivery,
      reference: checkout.reference,
      expectedTotalPaise: "0",
    });
    expect(locationOf(placed)).toMatch(/^\/account\/orders\/\d+$/);
    const [order] = await ordersOf(shopper);
    expect(order).toMatchObject({ status: "paid", totalPaise: 0, paymentDueAt: null });
  });

  it("shows a UPI QR of the exact total with a reference kept for the checkout, and places the order", async () => {
    const { product, shopper } = await shopperWithCart(2);
    const checkout = await openCheckout(shopper);
    expect(checkout.payment.amountPaise).toBe(859_800);
    expect(checkout.payment.demo).toBe(true);
    expect(checkout.payment.link).toBe(
      `upi://pay?pa=demo.store%40invalid&pn=Demo%20store&am=8598.00&cu=INR&tr=${checkout.payment.reference}&tn=UrjaCell%20order`,
    );
    // Opening it again shows the same QR.
    expect((await openCheckout(shopper)).payment.reference).toBe(checkout.payment.reference);

    const placed = await run(cart, "/cart?checkout=1", shopper, {
      intent: "place",
      ...delivery,
      reference: checkout.payment.reference,
      expectedTotalPaise: "859800",
      utr: "434512345678",
    });
    expect(statusOf(placed)).toBe(302);
    const [order] = await ordersOf(shopper);
    expect(order).toMatchObject({ totalPaise: 859_800, utr: "434512345678", phone: "9876543210" });
    expect(locationOf(placed)).toBe(`/account/orders/${order?.number}`);
    const [left] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(left?.stock).toBe(8);
    await t.deliverMail();
    const mail = t.sentMail.at(-1);
    expect(mail?.to).toBe(shopper.email);
    expect(mail?.subject).toBe(`UrjaCell order #${order?.number} placed`);
    expect(mail?.text).toContain("Total: ₹8,598");
  });

  it("ignores prices, totals and quantities sent with the order: the cart and the database decide", async () => {
    const { product, shopper } = await shopperWithCart(2);
    const checkout = await openCheckout(shopper);
    for (const quantity of ["0", "5", "-1", "1.5", "1000000000"]) {
      const placed = await run(cart, "/cart?checkout=1", shopper, {
        intent: "place",
        ...delivery,
        reference: checkout.payment.reference,
        expectedTotalPaise: String(checkout.payment.amountPaise),
        quantity,
        productId: String(product.id),
        unitPricePaise: "1",
        pricePaise: "1",
        totalPaise: "1",
        subtotalPaise: "1",
        discountPaise: "859800",
      });
      expect(statusOf(placed)).toBe(302);
    }
    const placedOrders = await ordersOf(shopper);
    expect(placedOrders).toHaveLength(1);
    expect(placedOrders[0]).toMatchObject({
      subtotalPaise: 859_800,
      discountPaise: 0,
      totalPaise: 859_800,
    });
    const [left] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(left?.stock).toBe(8);
  });

  it("places one order however often the same checkout is sent, and counts it once", async () => {
    const { shopper: customer } = await shopperWithCart(1);
    const metrics = new StoreMetrics();
    const shopper = { ...customer, tally: metrics.tally };
    const checkout = await openCheckout(shopper);
    const form = {
      intent: "place",
      ...delivery,
      reference: checkout.payment.reference,
      expectedTotalPaise: String(checkout.payment.amountPaise),
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() => run(cart, "/cart?checkout=1", shopper, form)),
    );
    const orderList = await ordersOf(shopper);
    expect(orderList).toHaveLength(1);
    for (const answer of answers) {
      expect(locationOf(answer)).toBe(`/account/orders/${orderList[0]?.number}`);
    }
    // The server's /metrics counts the order placed, not the checkouts sent again (ADR 044).
    expect(await metrics.registry.getSingleMetricAsString("orders_placed_total")).toMatch(
      /^orders_placed_total 1$/m,
    );
  });

  it("places nothing when the total sent is not the cart's, and says the new total", async () => {
    const { shopper } = await shopperWithCart(1);
    const checkout = await openCheckout(shopper);
    for (const expectedTotalPaise of ["1", "429899", "-1", "1.5", "abc"]) {
      const result = await run(cart, "/cart?checkout=1", shopper, {
        intent: "place",
        ...delivery,
        reference: checkout.payment.reference,
        expectedTotalPaise,
      });
      expect([400, 409], expectedTotalPaise).toContain(statusOf(result));
    }
    const changed = await run(cart, "/cart?checkout=1", shopper, {
      intent: "place",
      ...delivery,
      reference: checkout.payment.reference,
      expectedTotalPaise: "100",
    });
    expect(failure(changed).formError).toBe(ordersMessages.totalChanged(429_900));
    expect(await ordersOf(shopper)).toHaveLength(0);
  });

  it("refuses a reference that is not this checkout's", async () => {
    const { shopper } = await shopperWithCart(1);
    await openCheckout(shopper);
    const result = await run(cart, "/cart?checkout=1", shopper, {
      intent: "place",
      ...delivery,
      reference: `UC${"0".repeat(20)}`,
      expectedTotalPaise: "429900",
    });
    expect(statusOf(result)).toBe(409);
    expect(failure(result).formError).toBe(ordersMessages.checkoutExpired);
    expect(await ordersOf(shopper)).toHaveLength(0);
  });

  it("keeps the typed delivery details and shows each error by its field", async () => {
    const { shopper } = await shopperWithCart(1);
    const checkout = await openCheckout(shopper);
    const result = await run(cart, "/cart?checkout=1", shopper, {
      intent: "place",
      ...delivery,
      phone: "12345",
      pincode: "0123",
      utr: "no!",
      reference: checkout.payment.reference,
      expectedTotalPaise: "429900",
    });
    expect(statusOf(result)).toBe(400);
    expect(Object.keys(failure(result).fieldErrors).sort()).toEqual(["phone", "pincode", "utr"]);
    expect(failure(result).values.address).toBe(delivery.address);
    expect(await ordersOf(shopper)).toHaveLength(0);
  });

  it("offers the last delivery details again at the next checkout", async () => {
    const { product, shopper } = await shopperWithCart(1);
    const first = await openCheckout(shopper);
    await run(cart, "/cart?checkout=1", shopper, {
      intent: "place",
      ...delivery,
      reference: first.payment.reference,
      expectedTotalPaise: String(first.payment.amountPaise),
    });
    await addToCart(t.db, { userId: shopper.id }, product.id, 1);
    const second = await openCheckout(shopper);
    expect(second.delivery).toMatchObject({ ...delivery, phone: "9876543210" });
    expect(second.payment.reference).not.toBe(first.payment.reference);
  });

  it("refuses checkout on a public address until an admin sets a real payee", async () => {
    const { shopper } = await shopperWithCart(1);
    const publicStore = {
      ...shopper,
      publicUrl: "https://shop.example.in",
      host: "https://shop.example.in",
    };
    const refused = await run(cart, "/cart", publicStore, { intent: "checkout" });
    expect(statusOf(refused)).toBe(409);
    expect(failure(refused).formError).toBe(ordersMessages.paymentsNotSetUp);
    await updateSettings(t.db, {
      upiPayeeId: "urjacell@okaxis",
      upiPayeeName: "UrjaCell Batteries",
    });
    try {
      expect(locationOf(await run(cart, "/cart", publicStore, { intent: "checkout" }))).toBe(
        "/cart?checkout=1",
      );
      const page = (await run(cart, "/cart?checkout=1", publicStore)) as CartData;
      expect(page.checkout?.payment).toMatchObject({ demo: false, payeeId: "urjacell@okaxis" });
    } finally {
      await updateSettings(t.db, { upiPayeeId: null, upiPayeeName: null });
    }
  });
});

describe("the customer's order page", () => {
  async function placedOrder() {
    const { shopper } = await shopperWithCart(1);
    const checkout = await openCheckout(shopper);
    await run(cart, "/cart?checkout=1", shopper, {
      intent: "place",
      ...delivery,
      reference: checkout.payment.reference,
      expectedTotalPaise: String(checkout.payment.amountPaise),
    });
    const [order] = await ordersOf(shopper);
    if (!order) throw new Error("no order placed");
    return { shopper, number: String(order.number) };
  }

  it("shows the order, its QR while payment is pending, and is a 404 for anyone else", async () => {
    const { shopper, number } = await placedOrder();
    type Page = Awaited<ReturnType<typeof orderPage.loader>>;
    const page = (await run(orderPage, `/account/orders/${number}`, shopper, undefined, {
      number,
    })) as Page;
    expect(page.order.status).toBe("payment_pending");
    expect(page.payment?.amountPaise).toBe(429_900);
    expect(page.order.timeline).toMatchObject([{ title: "Order placed", by: "You" }]);
    expect(page.order).not.toHaveProperty("userId");

    const other = await createUser(t);
    for (const who of [other, await createUser(t, { role: "admin" })]) {
      const result = await run(orderPage, `/account/orders/${number}`, who, undefined, { number });
      expect(statusOf(result)).toBe(404);
    }
    for (const bad of ["abc", "0", "99999999999", "1.5"]) {
      const result = await run(orderPage, `/account/orders/${bad}`, shopper, undefined, {
        number: bad,
      });
      expect(statusOf(result)).toBe(404);
    }
    const cancelByOther = await run(
      orderPage,
      `/account/orders/${number}`,
      other,
      { intent: "cancel" },
      { number },
    );
    expect(statusOf(cancelByOther)).toBe(404);
  });

  it("lets the customer cancel while payment is pending, puts the stock back and writes to them", async () => {
    const { shopper, number } = await placedOrder();
    const result = await run(
      orderPage,
      `/account/orders/${number}`,
      shopper,
      { intent: "cancel", note: "Ordered twice" },
      { number },
    );
    expect(statusOf(result)).toBe(302);
    const [order] = await ordersOf(shopper);
    expect(order?.status).toBe("cancelled");
    await t.deliverMail();
    expect(t.sentMail.at(-1)?.subject).toBe(`UrjaCell order #${number}: Cancelled`);
    expect(t.sentMail.at(-1)?.text).toContain("Note: Ordered twice");
    const again = await run(
      orderPage,
      `/account/orders/${number}`,
      shopper,
      { intent: "cancel" },
      { number },
    );
    expect(statusOf(again)).toBe(409);
  });
});

/** Every checkout here comes from one address: its hourly count starts again for each test. */
const freshRateLimits = () => t.db.delete(rateLimits);

describe("issue 21: a checkout the store can deliver, and paying on installation", () => {
  beforeEach(freshRateLimits);
  /** Confirm Order of the shopper's open checkout, with these fields over the usual ones. */
  async function place(shopper: TestUser, fields: Record<string, string> = {}) {
    const checkout = await openCheckoutView(shopper);
    return run(cart, "/cart?checkout=1", shopper, {
      intent: "place",
      ...delivery,
      reference: checkout.reference,
      expectedTotalPaise: String(checkout.amountPaise),
      ...fields,
    });
  }

  it("refuses a pincode the store does not deliver to next to the field, and stores nothing", async () => {
    const { product, shopper } = await shopperWithCart(1);
    const refused = await place(shopper, { pincode: "799001" });
    expect(statusOf(refused)).toBe(400);
    expect(failure(refused).fieldErrors.pincode).toBe("We do not deliver to 799001 yet.");
    expect(failure(refused).values.house).toBe("12");
    expect(await ordersOf(shopper)).toEqual([]);
    expect(await lineQuantity(shopper, product.id)).toBe(1);
    const [kept] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(kept?.stock).toBe(10);
  });

  it("asks for the flat or house and the area, takes a landmark if given, and shows them", async () => {
    const { shopper } = await shopperWithCart(1);
    for (const [field, message] of [
      ["house", "Enter the flat, house no. or building"],
      ["address", "Enter the area or street"],
    ] as const) {
      const refused = await place(shopper, { [field]: " " });
      expect(statusOf(refused)).toBe(400);
      expect(failure(refused).fieldErrors[field]).toBe(message);
    }
    expect(await ordersOf(shopper)).toEqual([]);
    const placed = await place(shopper, {
      house: "Flat 4B, Shanti Apartments",
      address: "CG Road, Navrangpura",
      landmark: "Near Stadium Circle",
    });
    expect(statusOf(placed)).toBe(302);
    const [order] = await ordersOf(shopper);
    expect(order).toMatchObject({
      house: "Flat 4B, Shanti Apartments",
      address: "CG Road, Navrangpura",
      landmark: "Near Stadium Circle",
      paymentMethod: "upi",
    });
    const number = String(order?.number);
    type Page = Awaited<ReturnType<typeof orderPage.loader>>;
    const page = (await run(orderPage, `/account/orders/${number}`, shopper, undefined, {
      number,
    })) as Page;
    expect(page.order).toMatchObject({
      house: "Flat 4B, Shanti Apartments",
      landmark: "Near Stadium Circle",
    });
    await t.deliverMail();
    expect(t.sentMail.at(-1)?.text).toContain(
      "Delivery to: Asha Kumari, Flat 4B, Shanti Apartments, CG Road, Navrangpura, Landmark: Near Stadium Circle",
    );
    // The next checkout starts with them; a landmark left out is stored as none.
    await addToCart(t.db, { userId: shopper.id }, (await createProduct(t)).id, 1);
    const next = await openCheckoutView(shopper);
    expect(next.delivery).toMatchObject({ house: "Flat 4B, Shanti Apartments" });
    await place(shopper, { house: "7", landmark: "" });
    const latest = (await ordersOf(shopper)).find((o) => o.house === "7");
    expect(latest?.landmark).toBeNull();
  });

  it("prefills the pincode checked on a product page", async () => {
    const { shopper } = await shopperWithCart(1);
    const remembered = (await chosenPincodeHeader("380015")).split(";")[0];
    const cookie = `${shopper.cookie}; ${remembered}`;
    const opened = await run(cart, "/cart", { cookie }, { intent: "checkout" });
    expect(locationOf(opened)).toBe("/cart?checkout=1");
    const page = (await run(cart, "/cart?checkout=1", { cookie })) as CartData;
    expect(page.checkout?.delivery.pincode).toBe("380015");
    // With no city kept, the directory's fills it, and the state is shown (ADR 030).
    expect(page.checkout?.delivery.city).toBe("Ahmedabad");
    expect(page.checkout?.place).toEqual({ city: "Ahmedabad", state: "Gujarat" });
  });

  it("takes the State the customer chose (the pincode's when none is chosen), and shows it", async () => {
    const { shopper } = await shopperWithCart(1);
    const placed = await place(shopper, { pincode: "380015", state: "" });
    expect(statusOf(placed)).toBe(302);
    const [order] = await ordersOf(shopper);
    expect(order?.state).toBe("Gujarat");
    await t.deliverMail();
    expect(t.sentMail.at(-1)?.text).toMatch(/, Gujarat 380015, mobile /);

    // Issue 24: the customer may change the State the pincode suggests (a border town).
    const second = await shopperWithCart(1);
    expect(statusOf(await place(second.shopper, { pincode: "380015", state: "Maharashtra" }))).toBe(
      302,
    );
    expect((await ordersOf(second.shopper))[0]?.state).toBe("Maharashtra");
    // A State that is not one is refused next to its field, and nothing is stored.
    const third = await shopperWithCart(1);
    const refused = await place(third.shopper, { pincode: "380015", state: "Atlantis" });
    expect(statusOf(refused)).toBe(400);
    expect(failure(refused).fieldErrors.state).toBe(gstMessages.chooseState);
    expect(await ordersOf(third.shopper)).toEqual([]);
  });

  describe("pay on installation", () => {
    afterAll(async () => {
      await updateSettings(t.db, { payOnInstallationEnabled: false });
    });

    it("is refused while the store does not offer it, and never offered", async () => {
      await updateSettings(t.db, { payOnInstallationEnabled: false });
      const { shopper } = await shopperWithCart(1);
      expect((await openCheckoutView(shopper)).payOnInstallation).toBe(false);
      const refused = await place(shopper, { paymentMethod: "on_installation" });
      expect(statusOf(refused)).toBe(400);
      expect(failure(refused).fieldErrors.paymentMethod).toBe(ordersMessages.payOnInstallationOff);
      expect(await ordersOf(shopper)).toEqual([]);
    });

    it("is refused above the store's largest order, and not offered there", async () => {
      await updateSettings(t.db, {
        payOnInstallationEnabled: true,
        payOnInstallationMaxPaise: 500_000,
      });
      const { shopper } = await shopperWithCart(2); // ₹8,598
      expect((await openCheckoutView(shopper)).payOnInstallation).toBe(false);
      const refused = await place(shopper, { paymentMethod: "on_installation" });
      expect(statusOf(refused)).toBe(400);
      expect(failure(refused).fieldErrors.paymentMethod).toBe(
        ordersMessages.payOnInstallationOver(500_000),
      );
      expect(await ordersOf(shopper)).toEqual([]);
    });

    it("places the order as Placed with nothing to pay now, and the order page says so", async () => {
      await updateSettings(t.db, {
        payOnInstallationEnabled: true,
        payOnInstallationMaxPaise: 500_000,
      });
      const { product, shopper } = await shopperWithCart(1); // ₹4,299
      expect((await openCheckoutView(shopper)).payOnInstallation).toBe(true);
      const placed = await place(shopper, {
        paymentMethod: "on_installation",
        utr: "434500001111",
      });
      expect(statusOf(placed)).toBe(302);
      const [order] = await ordersOf(shopper);
      expect(order).toMatchObject({
        status: "placed",
        paymentMethod: "on_installation",
        paymentDueAt: null,
        utr: null,
      });
      const [left] = await t.db.select().from(products).where(eq(products.id, product.id));
      expect(left?.stock).toBe(9);
      const number = String(order?.number);
      type Page = Awaited<ReturnType<typeof orderPage.loader>>;
      const page = (await run(orderPage, `/account/orders/${number}`, shopper, undefined, {
        number,
      })) as Page;
      expect(page.payment).toBeNull();
      expect(page.canCancel).toBe(true);
      expect(page.order.paymentMethod).toBe("on_installation");
      await t.deliverMail();
      expect(t.sentMail.at(-1)?.text).toContain(
        "Payment: Pay on installation (cash or UPI to the fitter)",
      );
    });
  });
});

describe("issue 21: the order page", () => {
  beforeEach(freshRateLimits);
  async function pendingOrder() {
    const { shopper } = await shopperWithCart(1);
    const checkout = await openCheckoutView(shopper);
    await run(cart, "/cart?checkout=1", shopper, {
      intent: "place",
      ...delivery,
      reference: checkout.reference,
      expectedTotalPaise: String(checkout.amountPaise),
    });
    const [order] = await ordersOf(shopper);
    if (!order) throw new Error("no order placed");
    return { shopper, number: String(order.number) };
  }
  const addUtr = (who: Who, number: string, utr: string) =>
    run(orderPage, `/account/orders/${number}`, who, { intent: "utr", utr }, { number });

  it("takes a UTR later while payment is pending: its owner only, checked and unique", async () => {
    const { shopper, number } = await pendingOrder();
    const bad = await addUtr(shopper, number, "12 34");
    expect(statusOf(bad)).toBe(400);
    expect(failure(bad).fieldErrors.utr).toBe(ordersMessages.utrInvalid);
    expect(statusOf(await addUtr(await createUser(t), number, "434599990001"))).toBe(404);

    expect(statusOf(await addUtr(shopper, number, "434599990001"))).toBe(302);
    const [order] = await ordersOf(shopper);
    expect(order?.utr).toBe("434599990001");

    const other = await pendingOrder();
    const taken = await addUtr(other.shopper, other.number, "434599990001");
    expect(statusOf(taken)).toBe(409);
    expect(failure(taken).fieldErrors.utr).toBe(ordersMessages.utrInUse);
    expect((await ordersOf(other.shopper))[0]?.utr).toBeNull();

    // Once paid (or cancelled), the UTR is no longer the customer's to change.
    await run(orderPage, `/account/orders/${number}`, shopper, { intent: "cancel" }, { number });
    const late = await addUtr(shopper, number, "434599990002");
    expect(statusOf(late)).toBe(409);
    expect(failure(late).formError).toBe(ordersMessages.utrNotPending);
  });

  it("asks before cancelling: ?cancel=1 opens the question, only while the customer may cancel", async () => {
    const { shopper, number } = await pendingOrder();
    type Page = Awaited<ReturnType<typeof orderPage.loader>>;
    const view = async (path: string) =>
      (await run(orderPage, path, shopper, undefined, { number })) as Page;
    expect((await view(`/account/orders/${number}`)).confirmingCancel).toBe(false);
    expect((await view(`/account/orders/${number}?cancel=1`)).confirmingCancel).toBe(true);
    const cancelled = await run(
      orderPage,
      `/account/orders/${number}?cancel=1`,
      shopper,
      { intent: "cancel" },
      { number },
    );
    expect(locationOf(cancelled)).toBe(`/account/orders/${number}`);
    expect((await view(`/account/orders/${number}?cancel=1`)).confirmingCancel).toBe(false);
  });
});
