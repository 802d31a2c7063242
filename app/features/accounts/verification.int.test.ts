import { createEmailVerificationToken } from "better-auth/api";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carts, mailOutbox, orders, reviews, user } from "~/db/schema";
import { addToCart } from "~/features/cart/cart.server";
import { newCheckoutReference, placeOrder } from "~/features/orders/orders.server";
import * as signupRoute from "~/routes/auth/signup";
import * as verifyRoute from "~/routes/auth/verify-email";
import * as accountRoute from "~/routes/site/account";
import * as cartRoute from "~/routes/site/cart";
import * as productRoute from "~/routes/site/product";
import {
  createDeliveryArea,
  createProduct,
  createUser,
  type TestUser,
} from "../../../tests/factories";
import { orderOptions, outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { accountMessages as m } from "./accounts.messages";
import { EmailNotVerified, RESEND_VERIFICATION_PATH } from "./verification.server";

let t: TestDatabase;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  t = await createTestDatabase();
  await createDeliveryArea(t, { prefix: "380" });
  product = await createProduct(t, { stock: 50 });
});
afterAll(async () => {
  await t?.close();
});

type Answer = {
  status: number;
  data: {
    ok?: boolean;
    message?: string;
    formError?: string;
    fieldErrors?: Record<string, string>;
    values?: Record<string, string>;
  } | null;
};

let ipCounter = 0;
/** Posts a form to a route's action as the browser would, from an address of its own. */
async function post(
  action: (args: never) => unknown,
  url: string,
  values: Record<string, string>,
  who: { cookie?: string } = {},
  params: Record<string, string> = {},
): Promise<Answer> {
  ipCounter += 1;
  const request = new Request(url, {
    method: "POST",
    headers: {
      "x-forwarded-for": `10.9.0.${ipCounter}`,
      ...(who.cookie ? { Cookie: who.cookie } : {}),
    },
    body: new URLSearchParams(values),
  });
  const result = await outcome(async () => action((await routeArgs(t, request, params)) as never));
  return {
    status: statusOf(result),
    data: result instanceof Response ? null : (result as { data: Answer["data"] }).data,
  };
}

/** What /verify-email shows for this token, to this visitor. */
async function openLink(token: string, who: { cookie?: string } = {}) {
  const request = new Request(
    `http://localhost:3000/verify-email?token=${encodeURIComponent(token)}`,
    { headers: who.cookie ? { Cookie: who.cookie } : {} },
  );
  // The page's messages aside: what the page says of the link.
  const { i18n: _messages, ...shown } = await verifyRoute.loader(
    (await routeArgs(t, request)) as never,
  );
  return shown;
}

async function isVerified(email: string) {
  const [row] = await t.db
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email));
  return row?.verified;
}

/** Mail to this address waiting in the outbox (queued, not sent yet). */
async function waitingMail(to: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), isNull(mailOutbox.sentAt)));
}

const LINK = /http:\/\/localhost:3000\/verify-email\?token=([^\s&]+)/;

/** The token of the newest verification link sent to this address. */
function mailedToken(to: string): string {
  const mail = t.sentMail.filter((sent) => sent.to === to).at(-1);
  const match = mail?.text.match(LINK);
  if (!match?.[1]) throw new Error(`no verification link mailed to ${to}`);
  return decodeURIComponent(match[1]);
}

/** /account's "Send the link again", pressed by this customer. */
function sendAgain(who: { cookie: string }) {
  return post(accountRoute.action, "http://localhost:3000/account", { intent: "verify" }, who);
}

/** The product page's review form, sent by this customer. */
function writeReview(who: { cookie: string }) {
  return post(
    productRoute.action as never,
    `http://localhost:3000/oneprod/${product.model}`,
    { intent: "review", rating: "5", body: "Starts first time" },
    who,
    { model: product.model },
  );
}

/** A link of better-auth's making for this account, expired a minute ago. */
async function expiredToken(account: { id: string; email: string }) {
  const { secret } = await t.auth.$context;
  return createEmailVerificationToken(secret, account.email, undefined, -60, {
    userId: account.id,
  });
}

describe("sign-up", () => {
  it("queues a mail whose link, on the store's configured address, verifies the account", async () => {
    const email = "new.customer@example.in";
    // Sent to another host name: the link in the mail is still the store's configured address.
    const signedUp = await post(signupRoute.action, "http://shop.attacker.example/signup", {
      name: "New Customer",
      email,
      password: "new-customer-pass-1",
      confirmPassword: "new-customer-pass-1",
    });
    expect(signedUp.status).toBe(302);
    expect(await isVerified(email)).toBe(false);
    // Queued in the sign-up's request, sent later by the outbox: nothing was sent yet.
    expect(await waitingMail(email)).toHaveLength(1);
    expect(t.sentMail.filter((mail) => mail.to === email)).toEqual([]);

    const [mail] = (await t.deliverMail()).filter((sent) => sent.to === email);
    expect(mail?.subject).toBe("Verify your e-mail address for UrjaCell");
    expect(mail?.text).toContain("Hello New Customer,");
    expect(mail?.text).not.toContain("attacker");
    const token = mailedToken(email);
    // The link works for 24 hours.
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    expect(claims.exp - claims.iat).toBe(24 * 60 * 60);

    expect(await openLink(token)).toEqual({
      outcome: "verified",
      signedIn: false,
      verified: false,
    });
    expect(await isVerified(email)).toBe(true);
    // Opened again, the link says it was used (and the address stays verified).
    expect((await openLink(token)).outcome).toBe("used");
    expect(await isVerified(email)).toBe(true);
  });

  it("an expired, made-up or cut-short link says so and verifies nothing", async () => {
    const customer = await createUser(t, { emailVerified: false });
    const expired = await expiredToken(customer);
    expect(await openLink(expired)).toEqual({
      outcome: "expired",
      signedIn: false,
      verified: false,
    });
    // Signed in, the page offers to send a new link (the form's action, below).
    expect(await openLink(expired, customer)).toEqual({
      outcome: "expired",
      signedIn: true,
      verified: false,
    });
    const { secret } = await t.auth.$context;
    const good = await createEmailVerificationToken(secret, customer.email, undefined, 3600, {
      userId: customer.id,
    });
    const forged = await createEmailVerificationToken(
      "another-secret-0123456789abcdef-0123456789",
      customer.email,
      undefined,
      3600,
      { userId: customer.id },
    );
    for (const token of ["", "made-up", good.slice(0, -6), forged]) {
      expect((await openLink(token)).outcome, token).toBe("invalid");
    }
    expect(await isVerified(customer.email)).toBe(false);
  });
});

describe("an account whose address is not verified", () => {
  let customer: TestUser;
  beforeAll(async () => {
    customer = await createUser(t, { emailVerified: false });
    await addToCart(t.db, { userId: customer.id }, product.id, 1);
  });

  it("fills a cart, but its first order is refused with the way to verify", async () => {
    const refused = placeOrder(
      t.db,
      { reference: newCheckoutReference(), delivery },
      customer,
      orderOptions,
    );
    await expect(refused).rejects.toBeInstanceOf(EmailNotVerified);
    await expect(refused).rejects.toMatchObject({
      status: 403,
      message: m.verifyFirst,
      resendPath: RESEND_VERIFICATION_PATH,
    });
    // Through the checkout form: a 403 with the message above the form, the details kept.
    const placed = await post(
      cartRoute.action,
      "http://localhost:3000/cart?checkout=1",
      {
        intent: "place",
        reference: newCheckoutReference(),
        expectedTotalPaise: String(product.pricePaise),
        ...delivery,
      },
      customer,
    );
    expect(placed.status).toBe(403);
    expect(placed.data?.formError).toBe(m.verifyFirst);
    expect(placed.data?.values).toMatchObject({ name: delivery.name, pincode: delivery.pincode });
    expect(await t.db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
    // The cart is as it was.
    expect(await t.db.select().from(carts).where(eq(carts.userId, customer.id))).toHaveLength(1);
  });

  it("is told at Checkout, before typing the delivery details, and no checkout is opened", async () => {
    const pressed = await post(
      cartRoute.action,
      "http://localhost:3000/cart",
      { intent: "checkout" },
      customer,
    );
    expect(pressed.status).toBe(403);
    expect(pressed.data?.formError).toBe(m.verifyFirst);
    expect(await t.db.select().from(carts).where(eq(carts.userId, customer.id))).toEqual([
      expect.objectContaining({ checkoutReference: null }),
    ]);
  });

  it("cannot write a review: the product page says why, keeps the text and stores nothing", async () => {
    const result = await writeReview(customer);
    expect(result.status).toBe(403);
    expect(result.data?.formError).toBe(m.verifyFirst);
    expect(result.data?.values).toMatchObject({ rating: "5", body: "Starts first time" });
    expect(await t.db.select().from(reviews).where(eq(reviews.userId, customer.id))).toEqual([]);
  });

  it("orders and reviews once the mailed link is opened", async () => {
    const resent = await sendAgain(customer);
    expect(resent.status).toBe(200);
    await t.deliverMail();
    expect((await openLink(mailedToken(customer.email))).outcome).toBe("verified");
    const placed = await placeOrder(
      t.db,
      { reference: newCheckoutReference(), delivery },
      customer,
      orderOptions,
    );
    expect(placed.created).toBe(true);
    const reviewed = await writeReview(customer);
    expect(reviewed.status).toBe(302);
  });
});

describe("/account's “Send the link again”", () => {
  async function accountPage(who: TestUser) {
    const request = new Request("http://localhost:3000/account", {
      headers: { Cookie: who.cookie },
    });
    return accountRoute.loader((await routeArgs(t, request)) as never);
  }

  it("shows the state, and queues at most 3 links an hour per account", async () => {
    const customer = await createUser(t, { emailVerified: false });
    expect((await accountPage(customer)).emailVerified).toBe(false);
    for (let i = 0; i < 3; i++) {
      const sent = await sendAgain(customer);
      expect(sent.status).toBe(200);
      expect(sent.data?.message).toBe(m.verificationSent(customer.email));
    }
    const refused = await sendAgain(customer);
    expect(refused.status).toBe(429);
    expect(refused.data?.formError).toBe(m.tooManyAttempts(60));
    expect(await waitingMail(customer.email)).toHaveLength(3);
    // Any of the links verifies the address; the page then says so.
    await t.deliverMail();
    expect((await openLink(mailedToken(customer.email))).outcome).toBe("verified");
    expect((await accountPage(customer)).emailVerified).toBe(true);
  });

  it("tells a verified customer so, and sends nothing", async () => {
    const customer = await createUser(t);
    expect((await accountPage(customer)).emailVerified).toBe(true);
    const answer = await sendAgain(customer);
    expect(answer.status).toBe(200);
    expect(answer.data?.message).toBe(m.alreadyVerified);
    expect(await waitingMail(customer.email)).toEqual([]);
  });
});

const delivery = {
  name: "Asha Kumari",
  phone: "98765 43210",
  house: "12",
  address: "12 MG Road, Navrangpura",
  city: "Ahmedabad",
  pincode: "380009",
};
