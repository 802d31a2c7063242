import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import routes from "~/routes";
import {
  outcome,
  sessionCookieFor,
  statusOf,
  testContext,
} from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";

type AdminRoute = { file: string; url: string };

/** Every route of the URL map under /admin, with an address that reaches it. */
function adminRoutes(entries: RouteConfigEntry[], parent = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const below = adminRoutes(entry.children ?? [], own);
    // A pathless layout is reached through its children: use its index child's address.
    const url = (entry.path || entry.index ? own : below[0]?.url) ?? "";
    const address = url.replace("*", "no-such-page").replace(/:(\w+)/g, "1");
    const here = address.startsWith("/admin") ? [{ file: entry.file, url: address }] : [];
    return [...here, ...below];
  });
}

const found = adminRoutes(routes);
let t: TestDatabase;
let userCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  userCookie = await sessionCookieFor(t, {
    name: "Plain User",
    email: "plain@example.in",
    password: "plain-pass-123",
  });
  await t.auth.api.signUpEmail({
    body: { name: "Boss", email: "boss@example.in", password: "boss-pass-1234" },
  });
  await t.db.update(user).set({ role: "admin" }).where(eq(user.email, "boss@example.in"));
  const { headers } = await t.auth.api.signInEmail({
    body: { email: "boss@example.in", password: "boss-pass-1234" },
    returnHeaders: true,
  });
  adminCookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});
afterAll(async () => {
  await t?.close();
});

function request(url: string, method: string, cookie?: string, body?: BodyInit) {
  const headers = new Headers(cookie ? { Cookie: cookie } : {});
  const init: RequestInit = { method, headers };
  if (method === "POST")
    init.body = body ?? new URLSearchParams({ intent: "role", userId: "x", role: "admin" });
  if (typeof init.body === "string") headers.set("Content-Type", "application/json");
  return new Request(`http://localhost:3000${url}`, init);
}

describe("every admin route checks the role on the server", () => {
  it("finds the admin routes in the URL map", () => {
    const files = found.map((r) => r.file);
    for (const file of [
      "routes/admin/layout.tsx",
      "routes/admin/dashboard.tsx",
      "routes/admin/users.tsx",
      "routes/admin/preferences.ts",
      "routes/admin/not-found.tsx",
    ]) {
      expect(files).toContain(file);
    }
  });

  for (const route of found) {
    describe(`${route.file} at ${route.url}`, () => {
      const load = async () => import(pathToFileURL(path.resolve("app", route.file)).href);

      it("has a loader or an action, each guarded", async () => {
        const mod = await load();
        const handlers = (["loader", "action"] as const).filter(
          (name) => typeof mod[name] === "function",
        );
        expect(handlers.length).toBeGreaterThan(0);
        for (const name of handlers) {
          const method = name === "loader" ? "GET" : "POST";
          const args = (cookie?: string) => ({
            request: request(route.url, method, cookie),
            params: {},
            context: testContext(t),
          });

          const signedOut = await outcome(() => mod[name](args()));
          expect(statusOf(signedOut), `${name} signed out`).toBe(302);
          expect((signedOut as Response).headers.get("Location")).toBe(
            `/login?redirectTo=${encodeURIComponent(route.url)}`,
          );

          const plainUser = await outcome(() => mod[name](args(userCookie)));
          expect(statusOf(plainUser), `${name} as a plain user`).toBe(403);

          // The same call as an admin passes the guard (a control that the check is the role).
          const asAdmin = await outcome(() => mod[name](args(adminCookie)));
          expect(statusOf(asAdmin), `${name} as an admin`).not.toBe(403);
          if (asAdmin instanceof Response) {
            expect(asAdmin.headers.get("Location") ?? "").not.toMatch(/^\/login/);
          }
        }
      });

      it("answers a JSON body with a 400 once the role is checked, never a 500", async () => {
        const mod = await load();
        if (typeof mod.action !== "function") return;
        const json = JSON.stringify({ intent: "role", userId: "x", role: "admin" });
        const args = (cookie?: string) => ({
          request: request(route.url, "POST", cookie, json),
          params: {},
          context: testContext(t),
        });
        const signedOut = await outcome(() => mod.action(args()));
        expect(statusOf(signedOut), "signed out").toBe(302);
        expect((signedOut as Response).headers.get("Location")).toMatch(/^\/login/);
        expect(statusOf(await outcome(() => mod.action(args(userCookie)))), "plain user").toBe(403);
        const asAdmin = await outcome(() => mod.action(args(adminCookie)));
        expect(asAdmin, "as an admin").not.toBeInstanceOf(Error);
        // The catch-all answers every address 404 without reading a form.
        const expected = route.file.endsWith("not-found.tsx") ? 404 : 400;
        expect(statusOf(asAdmin), "as an admin").toBe(expected);
      });
    });
  }
});
