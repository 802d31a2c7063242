/**
 * The cart, the checkout, the customer's orders and sign-in answer in the language of the page
 * that asked (issue 26): a Hindi or Gujarati address gets its messages, its errors and its
 * redirects in that language; English addresses are unchanged.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryDetails, orders } from "~/db/schema";
import { addToCart } from "~/features/cart/cart.server";
import { createTranslate, type Messages } from "~/lib/i18n/translate";
import * as loginRoute from "~/routes/auth/login";
import {
  createDeliveryArea,
  createOrder,
  createProduct,
  createUser,
  type TestUser,
} from "../../../tests/factories";
import {
  callRoute,
  failureOf,
  flashMessageOf,
  locationOf,
  throughRouter as routed,
  statusOf,
} from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as accountOrder from "./account-order";
import * as accountOrders from "./account-orders";
import * as cart from "./cart";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await createDeliveryArea(t, { prefix: "380" });
});
afterAll(async () => {
  await t?.close();
});

type Handler = (args: never) => unknown;

/** A translator over the messages a loader sent, as the page's components use them. */
const translatorOf = (locale: "hi" | "gu", data: unknown) =>
  createTranslate(locale, (data as { i18n: Messages }).i18n);

async function shopperWithCart() {
  const product = await createProduct(t, { pricePaise: 429_900, stock: 10 });
  const shopper = await createUser(t);
  await addToCart(t.db, { userId: shopper.id }, product.id, 1);
  return shopper;
}

async function openHindiCheckout(shopper: TestUser) {
  const opened = await routed(t, cart as never, "/cart", "/hi/cart", {
    cookie: shopper.cookie,
    values: { intent: "checkout" },
  });
  // The checkout opens on the Hindi cart, not the English one.
  expect(locationOf(opened)).toBe("/hi/cart?checkout=1");
  const page = (await callRoute(t, cart.loader as Handler, "/hi/cart?checkout=1", {
    cookie: shopper.cookie,
  })) as Awaited<ReturnType<typeof cart.loader>>;
  if (!page.checkout?.payment) throw new Error("the checkout did not open with a payment");
  return page;
}

const delivery = {
  name: "Asha Kumari",
  phone: "98765 43210",
  house: "12",
  address: "12 MG Road, Navrangpura",
  city: "Ahmedabad",
  pincode: "380009",
};

describe("a Hindi checkout", () => {
  it("sends the cart page its Hindi messages, and the payment deadline in Hindi", async () => {
    const shopper = await shopperWithCart();
    const page = await openHindiCheckout(shopper);
    const { t: tr, text } = translatorOf("hi", page);
    expect(tr("My Cart")).toBe("मेरा कार्ट");
    expect(tr("Confirm Order")).toBe("ऑर्डर कन्फ़र्म करें");
    expect(tr("Gujarat")).toBe("गुजरात");
    expect(text(page.checkout?.payment?.deadline ?? "")).toMatch(/^ऑर्डर देने के \d+ घंटे के अंदर/);
  });

  it("refuses a bad field with a 400 and Hindi field errors, storing nothing", async () => {
    const shopper = await shopperWithCart();
    const page = await openHindiCheckout(shopper);
    const placed = await callRoute(t, cart.action as Handler, "/hi/cart?checkout=1", {
      cookie: shopper.cookie,
      values: {
        intent: "place",
        ...delivery,
        phone: "12345",
        city: "",
        reference: page.checkout?.reference ?? "",
        expectedTotalPaise: String(page.checkout?.amountPaise),
      },
    });
    expect(statusOf(placed)).toBe(400);
    const failure = failureOf(placed);
    expect(failure.fieldErrors).toMatchObject({
      phone: "10 अंकों का मोबाइल नंबर डालें",
      city: "शहर डालें",
    });
    // The typed values come back as typed.
    expect(failure.values).toMatchObject({ name: "Asha Kumari", phone: "12345" });
    expect(await t.db.select().from(orders).where(eq(orders.userId, shopper.id))).toEqual([]);
    expect(
      await t.db.select().from(deliveryDetails).where(eq(deliveryDetails.userId, shopper.id)),
    ).toEqual([]);
  });

  it("places the order and goes on to its Hindi page, with a Hindi notice", async () => {
    const shopper = await shopperWithCart();
    const page = await openHindiCheckout(shopper);
    const placed = await routed(t, cart as never, "/cart", "/hi/cart?checkout=1", {
      cookie: shopper.cookie,
      values: {
        intent: "place",
        ...delivery,
        reference: page.checkout?.reference ?? "",
        expectedTotalPaise: String(page.checkout?.amountPaise),
      },
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, shopper.id));
    expect(locationOf(placed)).toBe(`/hi/account/orders/${order?.number}`);
    // The notice is written in English and shown in the page's language (root.tsx).
    expect(flashMessageOf(placed)).toBe(`Order #${order?.number} placed. Thank you!`);
    const shown = await callRoute(
      t,
      accountOrder.loader as Handler,
      `/hi/account/orders/${order?.number}`,
      {
        cookie: shopper.cookie,
        params: { number: String(order?.number) },
      },
    );
    const { text } = translatorOf("hi", shown);
    expect(text(`Order #${order?.number} placed. Thank you!`)).toBe(
      `ऑर्डर #${order?.number} हो गया। धन्यवाद!`,
    );
    // The deadline's date is written in Hindi, inside the Hindi sentence.
    const deadline = text(
      (shown as Awaited<ReturnType<typeof accountOrder.loader>>).payment?.deadline ?? "",
    );
    expect(deadline).toMatch(/^कृपया .+ \(भारतीय समय\) तक भुगतान करें/);
    // Its month is Hindi's (नव॰), not "Nov".
    expect(deadline).not.toMatch(/Nov|Dec|Jan/);
  });

  it("sends a visitor to the Hindi sign-in page, which comes back to the Hindi cart", async () => {
    const answer = await routed(t, cart as never, "/cart", "/hi/cart", {
      values: { intent: "checkout" },
    });
    expect(locationOf(answer)).toBe(`/hi/login?redirectTo=${encodeURIComponent("/cart")}`);
  });
});

describe("a Gujarati customer's orders", () => {
  it("are listed with the Gujarati words of the page and of each status", async () => {
    const customer = await createUser(t);
    await createOrder(t, { userId: customer.id, totalPaise: 450_000, status: "payment_pending" });
    const data = await callRoute(t, accountOrders.loader as Handler, "/gu/account/orders", {
      cookie: customer.cookie,
    });
    expect(statusOf(data)).toBe(200);
    const { t: tr } = translatorOf("gu", data);
    expect(tr("Your orders")).toBe("તમારા ઓર્ડર");
    expect(tr("Payment pending")).toBe("ચુકવણી બાકી");
    expect(tr("{count, plural, one {# battery} other {# batteries}}", { count: 2 })).toBe("2 બેટરી");
    expect((data as { orders: unknown[] }).orders).toHaveLength(1);
  });
});

describe("signing in from the Hindi page", () => {
  const email = "hindi-login@example.in";
  const password = "hindi-password-1";
  beforeAll(async () => {
    await createUser(t, { email, password });
  });

  async function signIn(values: Record<string, string>) {
    return routed(t, loginRoute as never, "/login", "/hi/login", {
      values: { email, password, ...values },
    });
  }

  it("lands on the Hindi address it came from, or the Hindi home page", async () => {
    expect(locationOf(await signIn({ redirectTo: "/cart" }))).toBe("/hi/cart");
    expect(locationOf(await signIn({}))).toBe("/hi");
    // Never another site.
    expect(locationOf(await signIn({ redirectTo: "//evil.example/x" }))).toBe("/hi");
  });

  it("answers a wrong password in Hindi", async () => {
    const refused = await callRoute(t, loginRoute.action as Handler, "/hi/login", {
      cookie: "",
      values: { email, password: "not-the-password" },
    });
    expect(statusOf(refused)).toBe(400);
    expect(failureOf(refused).formError).toBe("ई-मेल या पासवर्ड गलत है");
  });

  it("sends a signed-in visitor of /hi/login on to the Hindi page", async () => {
    const customer = await createUser(t);
    const sent = await routed(t, loginRoute as never, "/login", "/hi/login?redirectTo=%2Faccount", {
      cookie: customer.cookie,
    });
    expect(locationOf(sent)).toBe("/hi/account");
  });
});
