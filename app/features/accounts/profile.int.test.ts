import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/site/account";
import { routeArgs, sessionCookieFor, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { accountMessages as m } from "./accounts.messages";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

type Body = { ok?: boolean; formError?: string; fieldErrors?: Record<string, string> };

/** A signed-up, signed-in customer's way to post the change-password form of /account. */
async function customer(email: string, password: string) {
  let cookie = await sessionCookieFor(t, { name: "Pass Changer", email, password });
  return async (currentPassword: string, newPassword: string) => {
    const request = new Request("http://localhost:3000/account", {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({
        intent: "password",
        currentPassword,
        newPassword,
        confirmPassword: newPassword,
      }),
    });
    const result = await action(await routeArgs(t, request));
    const value = result as { data: Body; init?: ResponseInit | null };
    const headers = new Headers(value.init?.headers);
    // A change renews the session: keep the new cookie, as the browser would.
    const renewed = headers.getSetCookie().map((c) => c.split(";")[0]);
    if (renewed.length > 0) cookie = renewed.join("; ");
    return { status: statusOf(result), body: value.data, headers };
  };
}

async function canSignIn(email: string, password: string) {
  return t.auth.api
    .signInEmail({ body: { email, password } })
    .then(() => true)
    .catch(() => false);
}

describe("change password", () => {
  it("changes the password with the right current one", async () => {
    const change = await customer("changer@example.in", "old-password-1");
    const result = await change("old-password-1", "new-password-2");
    expect(result.status).toBe(200);
    expect(result.body.ok).toBe(true);
    expect(await canSignIn("changer@example.in", "new-password-2")).toBe(true);
  });

  it("stops guessing the current password after 5 wrong tries in 15 minutes", async () => {
    const email = "guessed-current@example.in";
    const change = await customer(email, "real-password-1");
    for (let i = 0; i < 5; i++) {
      const wrong = await change(`guess-${i}-wrong`, "new-password-2");
      expect(wrong.status).toBe(400);
      expect(wrong.body.fieldErrors).toEqual({ currentPassword: m.currentPasswordWrong });
    }
    const blocked = await change("real-password-1", "new-password-2");
    expect(blocked.status).toBe(429);
    expect(blocked.body.formError).toBe(m.tooManyAttempts(15));
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(await canSignIn(email, "real-password-1")).toBe(true);
    expect(await canSignIn(email, "new-password-2")).toBe(false);

    // The count is the account's own: another customer is not affected.
    const other = await customer("bystander-pass@example.in", "other-password-1");
    expect((await other("other-password-1", "other-password-2")).status).toBe(200);
  });

  it("refuses a current password over 128 characters next to its field (a 400, not a 500)", async () => {
    const email = "long-current@example.in";
    const change = await customer(email, "short-password-1");
    const result = await change("x".repeat(129), "new-password-2");
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({ currentPassword: m.currentPasswordWrong });
    // The form comes back with what it can keep (never a password), and nothing changed.
    expect((result.body as { values?: Record<string, string> }).values).toEqual({
      intent: "password",
    });
    expect(await canSignIn(email, "short-password-1")).toBe(true);
  });

  it("starts the count again after a successful change", async () => {
    const email = "typo-current@example.in";
    const change = await customer(email, "first-password-1");
    const passwords = ["first-password-1", "second-pass-2", "third-pass-3"];
    for (const [current, next] of [passwords.slice(0, 2), passwords.slice(1, 3)]) {
      for (let i = 0; i < 4; i++) expect((await change(`typo-${i}`, "x-pass-99")).status).toBe(400);
      expect((await change(current!, next!)).status).toBe(200);
    }
    expect(await canSignIn(email, "third-pass-3")).toBe(true);
  });
});
