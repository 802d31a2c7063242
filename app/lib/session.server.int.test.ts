import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "~/db/schema";
import { createUser } from "../../tests/factories";
import { testServices } from "../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db";
import { createAppContext } from "./context";
import { requestStateMiddleware } from "./request-state.server";
import { readSignedIn } from "./session.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const headers = (cookie: string) => new Headers({ cookie });
const read = async (cookie: string) =>
  (await readSignedIn({ auth: t.auth, db: t.db }, headers(cookie))).user;
const DAY = 24 * 60 * 60 * 1000;

/** The token of a session cookie ("better-auth.session_token=<token>.<signature>"). */
const tokenOf = (cookie: string) =>
  decodeURIComponent(/session_token=([^;]+)/.exec(cookie)?.[1] ?? "").split(".")[0] ?? "";

describe("the signed-in user of a request", () => {
  it("is the session's user, with their role", async () => {
    const admin = await createUser(t, { role: "admin", name: "Meera Iyer" });
    expect(await read(admin.cookie)).toEqual({
      id: admin.id,
      name: "Meera Iyer",
      email: admin.email,
      role: "admin",
    });
  });

  it("is nobody for a forged or changed cookie, or none", async () => {
    const shopper = await createUser(t);
    const token = tokenOf(shopper.cookie);
    expect(await read(`better-auth.session_token=${token}`)).toBeNull();
    expect(await read(`better-auth.session_token=${token}.${"A".repeat(43)}=`)).toBeNull();
    // One character changed (never to itself: a token ending in "x" once made this pass by chance).
    const other = token.endsWith("x") ? "y" : "x";
    expect(await read(shopper.cookie.replace(token, `${token.slice(0, -1)}${other}`))).toBeNull();
    expect(await read("")).toBeNull();
  });

  it("is nobody once the session is signed out, or expired (and the expired one is deleted)", async () => {
    const signedOut = await createUser(t);
    await t.auth.api.signOut({ headers: headers(signedOut.cookie) });
    expect(await read(signedOut.cookie)).toBeNull();

    const expired = await createUser(t);
    const token = tokenOf(expired.cookie);
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect(await read(expired.cookie)).toBeNull();
    expect(await t.db.select().from(session).where(eq(session.token, token))).toEqual([]);
  });

  it("renews a session last renewed over a day ago, as better-auth does", async () => {
    const shopper = await createUser(t);
    const token = tokenOf(shopper.cookie);
    // Thirty days' life, renewed two days ago: 28 days left.
    const old = new Date(Date.now() + 28 * DAY);
    await t.db.update(session).set({ expiresAt: old }).where(eq(session.token, token));
    expect((await read(shopper.cookie))?.id).toBe(shopper.id);
    const [renewed] = await t.db.select().from(session).where(eq(session.token, token));
    expect(renewed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it("gives the renewed session's cookie to the answer, so the browser keeps it too (ADR 027)", async () => {
    const shopper = await createUser(t);
    const token = tokenOf(shopper.cookie);
    const services = { auth: t.auth, db: t.db };
    // A session that needs nothing done carries no cookie.
    expect((await readSignedIn(services, headers(shopper.cookie))).setCookie).toEqual([]);
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 28 * DAY) })
      .where(eq(session.token, token));
    const read = await readSignedIn(services, headers(shopper.cookie));
    expect(read.user?.id).toBe(shopper.id);
    const cookie = read.setCookie.find((c) => c.startsWith("better-auth.session_token="));
    expect(tokenOf(cookie ?? "")).toBe(token);
    // Thirty days from now, as the database's expiry.
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 24 * 60 * 60);

    // The root middleware puts it on whatever answer the request gets.
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 28 * DAY) })
      .where(eq(session.token, token));
    const context = createAppContext(testServices(t));
    const request = new Request("http://localhost:3000/account", {
      headers: headers(shopper.cookie),
    });
    const answer = (await requestStateMiddleware(
      { request, context, params: {}, unstable_pattern: "" } as never,
      async () => new Response("the page"),
    )) as Response;
    expect(answer.headers.getSetCookie().some((c) => c.includes(token))).toBe(true);
  });
});
