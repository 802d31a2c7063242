import { randomBytes } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { carts, mailOutbox, promoCodes, rateLimits, session, user } from "~/db/schema";
import { addToCart } from "~/features/cart/cart.server";
import { applyPromoCode } from "~/features/cart/cart-page.server";
import { createAuth } from "~/lib/auth.server";
import type { AppContext } from "~/lib/context";
import { cartCookieHeader } from "~/lib/cookies.server";
import { deliverQueuedMail } from "~/lib/mail-outbox.server";
import * as forgotRoute from "~/routes/auth/forgot-password";
import * as loginRoute from "~/routes/auth/login";
import * as resetRoute from "~/routes/auth/reset-password";
import * as signupRoute from "~/routes/auth/signup";
import { createProduct } from "../../../tests/factories";
import { routeArgs, testServices } from "../../../tests/helpers/app-context";
import {
  createTestDatabase,
  type TestDatabase,
  testPasswordHashing,
} from "../../../tests/helpers/test-db";
import { passwordMailComposer, verificationMailComposer } from "./account-mail";
import { accountMessages as m } from "./accounts.messages";
import { sendSetPasswordLink } from "./password.server";
import { storedRateLimitKey } from "./rate-limit.server";
import { signInKeys } from "./sign-in.server";
import { createUserByAdmin } from "./users.server";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

/** A fresh client address for every request, so the per-IP limits never get in the way. */
let ipCounter = 0;
function freshIp() {
  ipCounter += 1;
  return `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

function post(path: string, values: Record<string, string>, from = freshIp(), cookie?: string) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "x-forwarded-for": from, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(values),
  });
}

type RouteAction = (args: Awaited<ReturnType<typeof routeArgs>>) => Promise<unknown>;

/** Posts a form to a route's action as the browser would, through the session middleware. */
async function submit(
  action: RouteAction,
  path: string,
  values: Record<string, string>,
  services: Partial<AppContext> = {},
) {
  return answer(await action(await routeArgs(t, post(path, values), {}, services)));
}

type Answer = {
  status: number;
  /** The action's data (a form failure or success message); null for a redirect. */
  body: {
    ok?: boolean;
    fieldErrors?: Record<string, string>;
    formError?: string;
    message?: string;
    values?: Record<string, string>;
  } | null;
  headers: Headers;
  location: string | null;
};

/** Reads what an action returned: a redirect Response or a React Router `data()` object. */
function answer(result: unknown): Answer {
  if (result instanceof Response) {
    return {
      status: result.status,
      body: null,
      headers: result.headers,
      location: result.headers.get("Location"),
    };
  }
  const value = result as { data: Answer["body"]; init?: ResponseInit | null };
  return {
    status: value.init?.status ?? 200,
    body: value.data,
    headers: new Headers(value.init?.headers),
    location: null,
  };
}

async function doSignUp(values: Record<string, string>) {
  return submit(signupRoute.action, "/signup", values);
}

async function doSignIn(values: Record<string, string>, from?: string, cookie?: string) {
  const request = post("/login", values, from, cookie);
  return answer(await loginRoute.action(await routeArgs(t, request)));
}

async function doResetRequest(values: Record<string, string>, services?: Partial<AppContext>) {
  return submit(forgotRoute.action, "/forgot-password", values, services);
}

/** What /reset-password says when the link with this token is opened. */
async function linkUsable(token: string) {
  const request = new Request(
    `http://localhost:3000/reset-password?token=${encodeURIComponent(token)}`,
  );
  return (await resetRoute.loader((await routeArgs(t, request)) as never)).linkUsable;
}

async function doReset(values: Record<string, string>) {
  return submit(resetRoute.action, "/reset-password", values);
}

/** The outbox's mail to this address that is not sent yet. */
async function queued(to: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), isNull(mailOutbox.sentAt)));
}

/**
 * Signs up through the form; the verification mail it queues is sent (and checked) here. The
 * session the sign-up opened is ended, as a browser closed after registering: the tests that
 * follow sign in themselves.
 */
async function register(name: string, email: string, password: string) {
  const result = await doSignUp({ name, email, password, confirmPassword: password });
  expect(result.status).toBe(302);
  expect(result.headers.get("Set-Cookie")).toContain("session_token");
  await t.db.delete(session).where(eq(session.userId, (await userByEmail(email))!.id));
  await t.deliverMail();
  expect(mailTo(email).map((mail) => mail.subject)).toEqual([
    "Verify your e-mail address for UrjaCell",
  ]);
}

/** The mail sent to this address so far (the outbox's deliveries), oldest first. */
function mailTo(address: string) {
  return t.sentMail.filter((mail) => mail.to === address);
}

/** The password-reset mail sent to this address so far. */
function resetMailTo(address: string) {
  return mailTo(address).filter((mail) => mail.subject.startsWith("Reset your"));
}

async function userByEmail(email: string) {
  const [row] = await t.db.select().from(user).where(eq(user.email, email));
  return row;
}

async function sessionCount(userId: string) {
  const [row] = await t.db.select({ n: count() }).from(session).where(eq(session.userId, userId));
  return row?.n ?? 0;
}

/** The Cookie header a browser would send back after this answer. */
function cookiesFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Eight wrong passwords for the e-mail (from fresh addresses unless one is given): under attack. */
async function putUnderAttack(email: string, from?: string) {
  for (let i = 0; i < 8; i++) {
    expect((await doSignIn({ email, password: `wrong-${i}` }, from)).status).toBe(400);
  }
}

/** Moves back the time of an address's last try at an e-mail, as if the seconds had passed. */
async function ageLastTry(email: string, from: string, seconds: number) {
  const key = storedRateLimitKey(signInKeys(email, from).lastFailure);
  const aged = await t.db
    .update(rateLimits)
    .set({ windowStartedAt: sql`${rateLimits.windowStartedAt} - ${seconds} * interval '1 second'` })
    .where(eq(rateLimits.key, key))
    .returning({ key: rateLimits.key });
  expect(aged).toHaveLength(1);
}

/** The e-mail the login page's form starts with, for this address of the page. */
async function loginFormEmail(search: string) {
  const request = new Request(`http://localhost:3000/login${search}`);
  return (await loginRoute.loader((await routeArgs(t, request)) as never)).email;
}

describe("login page", () => {
  it("starts the form with the e-mail in the address (sign-up's redirect)", async () => {
    expect(await loginFormEmail("?email=asha%40example.in")).toBe("asha@example.in");
    expect(await loginFormEmail("?email=%20Asha%40Example.IN%20")).toBe("asha@example.in");
    expect(await loginFormEmail("")).toBe("");
  });

  it("ignores an e-mail parameter that is not an e-mail address, never echoing it", async () => {
    for (const bad of [
      "not-an-email",
      '"><script>alert(1)</script>@example.in',
      `${"a".repeat(250)}@example.in`,
      " ",
    ]) {
      expect(await loginFormEmail(`?email=${encodeURIComponent(bad)}`)).toBe("");
    }
  });
});

/** A visitor's anonymous cart with a battery and the promo code applied: its Cookie header. */
async function guestCartWithPromo(code: string) {
  const product = await createProduct(t);
  const { cartId } = await addToCart(t.db, {}, product.id, 1);
  await applyPromoCode(t.db, { cartId }, code.toLowerCase());
  const cookie = (await cartCookieHeader(cartId, testServices(t))).split(";")[0]!;
  return { cookie, cartId, product };
}

/** The account's cart: its promo code and its batteries. */
async function accountCart(email: string) {
  const userId = (await userByEmail(email))!.id;
  const [cart] = await t.db.select().from(carts).where(eq(carts.userId, userId));
  return cart;
}

describe("a visitor's cart and promo code follow into the account (issue 21)", () => {
  beforeAll(async () => {
    await t.db.insert(promoCodes).values([
      { code: "GUEST10", kind: "percent", amount: 10 },
      { code: "OWN5", kind: "percent", amount: 5 },
    ]);
  });

  it("on sign-up", async () => {
    const guest = await guestCartWithPromo("GUEST10");
    const request = post(
      "/signup",
      {
        name: "Promo Newcomer",
        email: "promo-new@example.in",
        password: "promo-password-1",
        confirmPassword: "promo-password-1",
        redirectTo: "/cart",
      },
      freshIp(),
      guest.cookie,
    );
    const result = answer(await signupRoute.action(await routeArgs(t, request)));
    expect(result.location).toBe("/cart");
    // The cart cookie is cleared: the cart is the account's now.
    expect(result.headers.getSetCookie().some((c) => /^cart=;/.test(c))).toBe(true);
    expect(await accountCart("promo-new@example.in")).toMatchObject({ promoCode: "GUEST10" });
    expect(await t.db.select().from(carts).where(eq(carts.id, guest.cartId))).toEqual([]);
  });

  it("on sign-in, replacing the account's own code with the one just applied", async () => {
    await register("Promo Regular", "promo-old@example.in", "promo-password-2");
    const userId = (await userByEmail("promo-old@example.in"))!.id;
    const own = await createProduct(t);
    await addToCart(t.db, { userId }, own.id, 1);
    await applyPromoCode(t.db, { userId }, "own5");
    const guest = await guestCartWithPromo("GUEST10");
    const result = await doSignIn(
      { email: "promo-old@example.in", password: "promo-password-2", redirectTo: "/cart" },
      undefined,
      guest.cookie,
    );
    expect(result.location).toBe("/cart");
    expect(await accountCart("promo-old@example.in")).toMatchObject({ promoCode: "GUEST10" });
  });
});

describe("sign-up", () => {
  it("creates a customer account, signs it in and sends it home (issue 21)", async () => {
    const result = await doSignUp({
      name: "Asha Rao",
      email: "  Asha@Example.IN ",
      password: "asha-password-1",
      confirmPassword: "asha-password-1",
    });
    expect(result.status).toBe(302);
    // Signed in at once: no second trip through the login form.
    expect(result.location).toBe("/");
    expect(result.location).not.toContain("asha-password-1");
    expect(result.headers.get("Set-Cookie")).toContain("flash=");
    const row = await userByEmail("asha@example.in");
    expect(row).toMatchObject({ name: "Asha Rao", role: "user", banned: false });
    expect(result.headers.get("Set-Cookie")).toContain("session_token");
    expect(await sessionCount(row!.id)).toBe(1);
    // The session works: the login page sends a signed-in visitor on.
    const login = new Request("http://localhost:3000/login?redirectTo=%2Faccount", {
      headers: { Cookie: cookiesFrom(result.headers) },
    });
    const sent = await loginRoute
      .loader((await routeArgs(t, login)) as never)
      .catch((thrown: unknown) => thrown);
    expect((sent as Response).headers.get("Location")).toBe("/account");
    // ADR 029 still holds: the address is not verified, the mail is queued.
    expect(row?.emailVerified).toBe(false);
    expect((await queued("asha@example.in")).map((mail) => mail.subject)).toEqual([
      "Verify your e-mail address for UrjaCell",
    ]);
  });

  it("ends the session the browser had before (one account per browser)", async () => {
    await register("Before", "before-signup@example.in", "before-password-1");
    const first = await doSignIn({
      email: "before-signup@example.in",
      password: "before-password-1",
    });
    const previous = await userByEmail("before-signup@example.in");
    expect(await sessionCount(previous!.id)).toBe(1);
    const request = post(
      "/signup",
      {
        name: "After",
        email: "after-signup@example.in",
        password: "after-password-1",
        confirmPassword: "after-password-1",
      },
      freshIp(),
      cookiesFrom(first.headers),
    );
    const result = answer(await signupRoute.action(await routeArgs(t, request)));
    expect(result.status).toBe(302);
    expect(await sessionCount(previous!.id)).toBe(0);
    expect(await sessionCount((await userByEmail("after-signup@example.in"))!.id)).toBe(1);
  });

  it("ignores a posted role=admin", async () => {
    const result = await doSignUp({
      name: "Sneaky",
      email: "sneaky@example.in",
      password: "sneaky-password-1",
      confirmPassword: "sneaky-password-1",
      role: "admin",
    });
    expect(result.status).toBe(302);
    expect((await userByEmail("sneaky@example.in"))?.role).toBe("user");
  });

  it("returns to a same-site path and never to another site (issue 21)", async () => {
    const base = {
      name: "Ret",
      password: "return-password-1",
      confirmPassword: "return-password-1",
    };
    const cases: [string, string][] = [
      ["/oneprod/RIDE-9B?pincode=380015#reviews", "/oneprod/RIDE-9B?pincode=380015#reviews"],
      ["/cart?x=1", "/cart?x=1"],
      ["https://evil.example", "/"],
      ["//evil.example/cart", "/"],
      ["/\\evil.example", "/"],
      ["javascript:alert(1)", "/"],
      ["http://localhost:3000/cart", "/"],
    ];
    for (const [index, [redirectTo, expected]] of cases.entries()) {
      const result = await doSignUp({ ...base, email: `ret${index}@example.in`, redirectTo });
      expect(result.status, redirectTo).toBe(302);
      expect(result.location, redirectTo).toBe(expected);
    }
  });

  it("refuses an e-mail that is already registered, next to the e-mail field", async () => {
    await register("First", "dup@example.in", "first-password-1");
    const result = await doSignUp({
      name: "Second",
      email: "DUP@example.in",
      password: "second-password-1",
      confirmPassword: "second-password-1",
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ ok: false, fieldErrors: { email: m.emailTaken } });
    // The form is shown again with what was typed, never the passwords.
    expect(result.body?.values).toEqual({ name: "Second", email: "DUP@example.in" });
    expect((await userByEmail("dup@example.in"))?.name).toBe("First");
  });

  it("refuses a mismatched confirmation and stores no user", async () => {
    const result = await doSignUp({
      name: "Typo",
      email: "typo@example.in",
      password: "typo-password-1",
      confirmPassword: "typo-password-2",
    });
    expect(result.status).toBe(400);
    expect(result.body?.fieldErrors).toEqual({ confirmPassword: m.passwordsDiffer });
    expect(await userByEmail("typo@example.in")).toBeUndefined();
  });

  it("refuses a short password and stores no user", async () => {
    const result = await doSignUp({
      name: "Short",
      email: "short@example.in",
      password: "short",
      confirmPassword: "short",
    });
    expect(result.status).toBe(400);
    expect(result.body?.fieldErrors).toEqual({ password: m.passwordTooShort });
    expect(await userByEmail("short@example.in")).toBeUndefined();
  });
});

describe("login", () => {
  const email = "login@example.in";
  const password = "login-password-1";
  beforeAll(async () => {
    await register("Login User", email, password);
  });

  it("asks to fill in every field when one is empty", async () => {
    for (const values of [
      { email: "", password: "" },
      { email, password: "" },
      { email: "", password },
    ]) {
      const result = await doSignIn(values);
      expect(result.status).toBe(400);
      expect(result.body?.formError).toBe("Please fill in every field");
    }
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const wrong = await doSignIn({ email, password: "not-the-password" });
    const unknown = await doSignIn({ email: "nobody@example.in", password });
    for (const result of [wrong, unknown]) {
      expect(result.status).toBe(400);
      expect(result.body?.formError).toBe("Invalid email or password");
      expect(result.body?.fieldErrors).toEqual({});
      expect(result.headers.getSetCookie()).toEqual([]);
    }
    expect(wrong.body?.values).toEqual({ email });
  });

  it("answers a very long e-mail like any wrong login, not with an error", async () => {
    // Random text does not compress, so a key made from it would overflow a database index.
    const local = randomBytes(3000).toString("hex");
    const result = await doSignIn({ email: `${local}@example.in`, password });
    expect(result.status).toBe(400);
    expect(result.body?.formError).toBe(m.invalidCredentials);
    expect(result.body?.fieldErrors).toEqual({});
  });

  it("signs in: a redirect with a working session cookie", async () => {
    const result = await doSignIn({
      email: "  LOGIN@example.in ",
      password,
      redirectTo: "/account",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/account");
    const cookies = result.headers.getSetCookie();
    const sessionCookie = cookies.find((c) => c.startsWith("better-auth.session_token="));
    expect(sessionCookie).toBeDefined();
    // Out of reach of scripts, not sent on cross-site posts; Secure only behind https.
    expect(sessionCookie).toMatch(/;\s*HttpOnly/i);
    expect(sessionCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/;\s*Secure/i);
    expect(cookies.some((c) => c.startsWith("flash="))).toBe(true);

    const current = await t.auth.api.getSession({
      headers: new Headers({ Cookie: cookiesFrom(result.headers) }),
    });
    expect(current?.user.email).toBe(email);
  });

  it("marks the session cookie Secure in production behind https", async () => {
    const httpsAuth = createAuth(t.db, {
      baseURL: "https://shop.example.in",
      secret: "integration-tests-secret-0123456789abcdef",
      production: true,
      passwordMail: passwordMailComposer(t.db),
      verificationMail: verificationMailComposer(t.db),
      passwordHashing: testPasswordHashing,
    });
    const { headers } = await httpsAuth.api.signInEmail({
      body: { email, password },
      returnHeaders: true,
    });
    const sessionCookie = headers
      .getSetCookie()
      .find((c) => c.includes("better-auth.session_token="));
    expect(sessionCookie).toMatch(/;\s*Secure/i);
    expect(sessionCookie).toMatch(/;\s*HttpOnly/i);
    expect(sessionCookie).toMatch(/;\s*SameSite=Lax/i);
  });

  it.each(["https://evil.example", "//evil.example", "/\\evil.example"])(
    "never redirects to the foreign address %j",
    async (redirectTo) => {
      const result = await doSignIn({ email, password, redirectTo });
      expect(result.status).toBe(302);
      expect(result.location).toBe("/");
    },
  );

  it("refuses a banned user with its own message", async () => {
    await register("Banned", "banned@example.in", "banned-password-1");
    await t.db.update(user).set({ banned: true }).where(eq(user.email, "banned@example.in"));
    const result = await doSignIn({ email: "banned@example.in", password: "banned-password-1" });
    expect(result.status).toBe(403);
    expect(result.body?.formError).toBe(m.banned);
    expect(result.headers.getSetCookie()).toEqual([]);
    // Without the right password, a banned account looks like any other wrong login.
    const guess = await doSignIn({ email: "banned@example.in", password: "wrong-password-9" });
    expect(guess.status).toBe(400);
    expect(guess.body?.formError).toBe(m.invalidCredentials);
  });

  it("stops one address guessing an e-mail after 8 wrong passwords, right one included", async () => {
    const target = "guessed@example.in";
    await register("Guessed", target, "guessed-password-1");
    const attacker = freshIp();
    for (let i = 0; i < 8; i++) {
      const wrong = await doSignIn({ email: target, password: `guess-${i}-wrong` }, attacker);
      expect(wrong.status).toBe(400);
    }
    const blocked = await doSignIn({ email: target, password: "guessed-password-1" }, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body?.formError).toBe(m.tooManyAttempts(15));
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    // The owner, from an address that has not been guessing, still gets in (no lock-out).
    expect((await doSignIn({ email: target, password: "guessed-password-1" })).status).toBe(302);
  });

  it("under attack from many addresses, makes each failing one wait but never a fresh one", async () => {
    const target = "besieged@example.in";
    await register("Besieged", target, "besieged-password-1");
    // Eight wrong passwords, each from another address: the e-mail is now under attack.
    const addresses = Array.from({ length: 8 }, freshIp);
    for (const [i, from] of addresses.entries()) {
      expect((await doSignIn({ email: target, password: `wrong-${i}` }, from)).status).toBe(400);
    }
    // An address that has failed for this e-mail gets no further guess at once, right or not.
    const again = await doSignIn({ email: target, password: "besieged-password-1" }, addresses[0]);
    expect(again.status).toBe(429);
    // A fresh address may try: a wrong guess is refused as usual, then it has to wait too.
    const fresh = freshIp();
    expect((await doSignIn({ email: target, password: "wrong-fresh" }, fresh)).status).toBe(400);
    expect((await doSignIn({ email: target, password: "wrong-again" }, fresh)).status).toBe(429);
    // The owner's right password from their own (not failing) address works: no lock-out.
    const owner = await doSignIn({ email: target, password: "besieged-password-1" });
    expect(owner.status).toBe(302);
  });

  it("a stranger's 8 wrong passwords and the owner's one typo: the owner waits a minute, not 15", async () => {
    const target = "typo-owner@example.in";
    const password = "typo-owner-password-1";
    await register("Typo Owner", target, password);
    const stranger = freshIp();
    await putUnderAttack(target, stranger);
    // The owner, on their own phone, mistypes once, then types the right password.
    const phone = freshIp();
    expect(
      (await doSignIn({ email: target, password: "typo-owner-pasword-1" }, phone)).status,
    ).toBe(400);
    const atOnce = await doSignIn({ email: target, password }, phone);
    expect(atOnce.status).toBe(429);
    expect(atOnce.body?.formError).toBe(m.tooManyAttempts(1));
    const retryAfter = Number(atOnce.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A minute later (as the database counts it) the right password signs them in.
    await ageLastTry(target, phone, 60);
    const later = await doSignIn({ email: target, password }, phone);
    expect(later.status).toBe(302);
    // The stranger's address stays stopped all the same.
    expect((await doSignIn({ email: target, password }, stranger)).status).toBe(429);
  });

  it("under attack, a failing address waits longer after each wrong password: 1, 4, then 15 minutes", async () => {
    const target = "ladder@example.in";
    await register("Ladder", target, "ladder-password-1");
    await putUnderAttack(target);
    const guesser = freshIp();
    const waits: number[] = [];
    for (const wait of [60, 240, 900]) {
      const guess = await doSignIn({ email: target, password: `guess-${wait}` }, guesser);
      expect(guess.status).toBe(400);
      const refused = await doSignIn({ email: target, password: "another-guess" }, guesser);
      expect(refused.status).toBe(429);
      waits.push(Number(refused.headers.get("Retry-After")));
      // A second before its wait is over the address is still refused; at its end it may guess.
      await ageLastTry(target, guesser, wait - 1);
      if (wait < 900) {
        expect((await doSignIn({ email: target, password: "early" }, guesser)).status).toBe(429);
      }
      await ageLastTry(target, guesser, 1);
    }
    // Its ninth try at the e-mail meets the stop of 8 per address, whatever the wait.
    const stopped = await doSignIn({ email: target, password: "ladder-password-1" }, guesser);
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(waits[0]).toBeGreaterThan(55);
    expect(waits[0]).toBeLessThanOrEqual(60);
    expect(waits[1]).toBeGreaterThan(235);
    expect(waits[1]).toBeLessThanOrEqual(240);
    expect(waits[2]).toBeGreaterThan(895);
    expect(waits[2]).toBeLessThanOrEqual(900);
  });

  it("under attack, simultaneous tries from one failing address get one check between them (on PGlite a smoke check)", async () => {
    const target = "burst@example.in";
    await register("Burst", target, "burst-password-1");
    await putUnderAttack(target);
    const burster = freshIp();
    expect((await doSignIn({ email: target, password: "first-guess" }, burster)).status).toBe(400);
    await ageLastTry(target, burster, 60);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        doSignIn({ email: target, password: `burst-${i}` }, burster),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([400, 429, 429, 429, 429]);
  });

  it("ends the session this browser had when another account signs in", async () => {
    await register("First Account", "first-acct@example.in", "first-acct-pass-1");
    await register("Second Account", "second-acct@example.in", "second-acct-pass-1");
    const first = await doSignIn({ email: "first-acct@example.in", password: "first-acct-pass-1" });
    const firstId = (await userByEmail("first-acct@example.in"))!.id;
    expect(await sessionCount(firstId)).toBe(1);
    const second = await doSignIn(
      { email: "second-acct@example.in", password: "second-acct-pass-1" },
      undefined,
      cookiesFrom(first.headers),
    );
    expect(second.status).toBe(302);
    expect(await sessionCount(firstId)).toBe(0);
    const old = await t.auth.api.getSession({
      headers: new Headers({ Cookie: cookiesFrom(first.headers) }),
    });
    expect(old).toBeNull();
  });

  it("counts only guesses per e-mail: a successful sign-in starts the count again", async () => {
    const owner = "often@example.in";
    await register("Often", owner, "often-password-1");
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 7; i++) {
        expect((await doSignIn({ email: owner, password: `typo-${i}` })).status).toBe(400);
      }
      expect((await doSignIn({ email: owner, password: "often-password-1" })).status).toBe(302);
    }
    // Ten sign-ins in a row, more than the 8 guesses allowed, all succeed.
    for (let i = 0; i < 10; i++) {
      expect((await doSignIn({ email: owner, password: "often-password-1" })).status).toBe(302);
    }
  });
});

describe("password reset", () => {
  const email = "reset@example.in";
  const oldPassword = "old-password-1";
  const newPassword = "brand-new-password-2";
  let token = "";

  beforeAll(async () => {
    await register("Reset User", email, oldPassword);
  });

  it("answers the same for an unknown address and sends no mail", async () => {
    const result = await doResetRequest({ email: "ghost@example.in" });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true, intent: "reset", message: m.resetSent });
    expect(await t.deliverMail()).toEqual([]);
  });

  it("refuses an invalid e-mail address", async () => {
    const result = await doResetRequest({ email: "not-an-email" });
    expect(result.status).toBe(400);
    expect(result.body?.fieldErrors).toEqual({ email: m.emailInvalid });
    expect(await t.deliverMail()).toEqual([]);
  });

  it("answers the same for a known address and mails it a reset link", async () => {
    const result = await doResetRequest({ email: "Reset@Example.in" });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true, intent: "reset", message: m.resetSent });
    // The mail is queued after the answer, and sent by the outbox: wait for it.
    await vi.waitFor(async () => {
      await t.deliverMail();
      expect(resetMailTo(email)).toHaveLength(1);
    });
    const mail = resetMailTo(email)[0]!;
    const link = mail.text.match(/http:\/\/localhost:3000\/reset-password\?token=([^\s&]+)/);
    expect(link).not.toBeNull();
    token = decodeURIComponent(link![1]!);
    // Opening the link shows the form; a made-up token says at once that the link is no good.
    expect(await linkUsable(token)).toBe(true);
    expect(await linkUsable("made-up-token")).toBe(false);
    expect(await linkUsable("")).toBe(false);
    expect(token.length).toBeGreaterThan(10);
  });

  it("answers before any mail server is asked: the mail waits in the outbox (ADR 026)", async () => {
    await register("Slow Mail", "slow-mail@example.in", "slow-mail-pass-1");
    const result = await doResetRequest({ email: "slow-mail@example.in" });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true, intent: "reset", message: m.resetSent });
    // Queued, not sent: the answer waited for no mail server, however slow.
    await vi.waitFor(async () => expect(await queued("slow-mail@example.in")).toHaveLength(1));
    expect(resetMailTo("slow-mail@example.in")).toEqual([]);
    await t.deliverMail();
    expect(resetMailTo("slow-mail@example.in")).toHaveLength(1);
  });

  it("keeps the mail for another try when the mail server fails, and answers the same", async () => {
    await register("Broken Mail", "broken-mail@example.in", "broken-mail-pass-1");
    const result = await doResetRequest({ email: "broken-mail@example.in" });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true, intent: "reset", message: m.resetSent });
    await vi.waitFor(async () => expect(await queued("broken-mail@example.in")).toHaveLength(1));
    const failing = {
      async send() {
        throw new Error("SMTP connection refused");
      },
    };
    expect(await deliverQueuedMail(t.db, failing)).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await queued("broken-mail@example.in")).toEqual([
      expect.objectContaining({ attempts: 1, lastError: "SMTP connection refused", sentAt: null }),
    ]);
  });

  it("needs the token and a confirmed new password", async () => {
    const noToken = await doReset({
      token: "",
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(noToken.status).toBe(400);
    expect(noToken.body?.formError).toBe(m.resetInvalid);
    expect(noToken.body?.fieldErrors).toEqual({});

    const mismatch = await doReset({
      token,
      password: newPassword,
      confirmPassword: "other-pass-9",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body?.fieldErrors).toEqual({ confirmPassword: m.passwordsDiffer });
  });

  it("refuses a made-up token", async () => {
    const result = await doReset({
      token: "made-up-token",
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(result.status).toBe(400);
    expect(result.body?.formError).toBe(m.resetInvalid);
  });

  it("sets the new password from the link and signs out the old sessions", async () => {
    expect(token).not.toBe("");
    expect((await doSignIn({ email, password: oldPassword })).status).toBe(302);
    const userId = (await userByEmail(email))!.id;
    expect(await sessionCount(userId)).toBe(1);

    expect((await userByEmail(email))?.emailVerified).toBe(false);
    const result = await doReset({ token, password: newPassword, confirmPassword: newPassword });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login");
    expect(await sessionCount(userId)).toBe(0);
    // A reset link opened from the mail proves the address as a verification link does.
    expect((await userByEmail(email))?.emailVerified).toBe(true);

    expect((await doSignIn({ email, password: newPassword })).status).toBe(302);
    const old = await doSignIn({ email, password: oldPassword });
    expect(old.status).toBe(400);
    expect(old.body?.formError).toBe(m.invalidCredentials);
  });

  it("does not accept the same link a second time", async () => {
    // Opening the used link says so before anyone types a password.
    expect(await linkUsable(token)).toBe(false);
    const result = await doReset({
      token,
      password: "third-password-3",
      confirmPassword: "third-password-3",
    });
    expect(result.status).toBe(400);
    expect(result.body?.formError).toBe(
      "This reset link is invalid or has expired. Ask for a new one.",
    );
    // The password set by the first use still works.
    expect((await doSignIn({ email, password: newPassword })).status).toBe(302);
  });
});

describe("first password of a user added by an admin", () => {
  it("is set from the welcome link, after which the user can sign in", async () => {
    const email = "added@example.in";
    await createUserByAdmin(
      t.db,
      { id: "some-admin" },
      { name: "Added User", email, role: "user" },
    );
    // No password yet: nothing can sign in to the account, and its address is not proven.
    expect((await doSignIn({ email, password: "any-password-1" })).status).toBe(400);
    expect((await userByEmail(email))?.emailVerified).toBe(false);
    // That sign-in mailed a link of its own (the next test): delivered first, out of the way.
    await vi.waitFor(async () => {
      await t.deliverMail();
      expect(mailTo(email)).toHaveLength(1);
    });

    const before = t.sentMail.length;
    await sendSetPasswordLink(t.auth, email);
    await vi.waitFor(async () => {
      await t.deliverMail();
      expect(t.sentMail).toHaveLength(before + 1);
    });
    const mail = t.sentMail.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toMatch(/set your password/i);
    const link = mail.text.match(
      /http:\/\/localhost:3000\/reset-password\?token=([^\s&]+)&welcome=1/,
    );
    expect(link).not.toBeNull();

    const set = await doReset({
      token: decodeURIComponent(link![1]!),
      password: "first-password-1",
      confirmPassword: "first-password-1",
    });
    expect(set.status).toBe(302);
    expect((await doSignIn({ email, password: "first-password-1" })).status).toBe(302);
    // The mailed link proved the address: the account is verified (ADR 029).
    expect((await userByEmail(email))?.emailVerified).toBe(true);
  });
});

describe("signing in to an account without a password yet (added by an admin, or imported)", () => {
  it("says so, mails the link to set one within the reset limits, and counts no wrong guess", async () => {
    const email = "no-password-yet@example.in";
    await createUserByAdmin(
      t.db,
      { id: "some-admin" },
      { name: "Imported Customer", email, role: "user" },
    );
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const result = await doSignIn({ email, password: `guess-number-${attempt}` });
      expect(result.status).toBe(400);
      expect(result.body?.formError).toBe(m.noPasswordYet);
      expect(result.headers.getSetCookie()).toEqual([]);
    }
    // Three links an hour, as the forgot-password form allows; the fourth try sends none.
    await vi.waitFor(async () => {
      await t.deliverMail();
      expect(mailTo(email)).toHaveLength(3);
    });
    expect(mailTo(email)[0]?.subject).toMatch(/set your password/i);
    const [failures] = await t.db
      .select({ n: count() })
      .from(rateLimits)
      .where(eq(rateLimits.key, storedRateLimitKey(signInKeys(email, "any").email)));
    expect(failures?.n ?? 0).toBe(0);

    // The link sets the first password, and then the account signs in.
    const link = mailTo(email)[0]!.text.match(/reset-password\?token=([^\s&]+)/);
    const set = await doReset({
      token: decodeURIComponent(link![1]!),
      password: "first-password-1",
      confirmPassword: "first-password-1",
    });
    expect(set.status).toBe(302);
    expect((await doSignIn({ email, password: "first-password-1" })).status).toBe(302);
    // With a password, a wrong one is an ordinary wrong login again.
    const wrong = await doSignIn({ email, password: "not-it-at-all" });
    expect(wrong.body?.formError).toBe(m.invalidCredentials);
  });
});
