import { existsSync, readFileSync } from "node:fs";
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

/** A module's source and the sources of the app modules it imports (one level deep). */
function sourcesOf(file: string): string[] {
  const own = readFileSync(file, "utf8");
  const imported = [...own.matchAll(/from "(~\/[^"]+|\.{1,2}\/[^"]+)"/g)]
    .map(([, spec = ""]) =>
      spec.startsWith("~/")
        ? path.resolve("app", spec.slice(2))
        : path.resolve(path.dirname(file), spec),
    )
    .flatMap((base) => [`${base}.ts`, `${base}.tsx`].filter(existsSync));
  return [own, ...imported.map((f) => readFileSync(f, "utf8"))];
}

/**
 * Every intent an admin route's action may act on, read from the source of the route and the
 * modules it imports: `name="intent"` fields and buttons (literal values, also inside
 * `value={a ? "x" : "y"}`), comparisons with `intent` and the cases of a `switch` on it. Read
 * from the source, so a new intent is walked without anyone listing it here.
 */
function intentsOf(file: string): string[] {
  const intents = new Set<string>();
  const literals = (text: string) => [...text.matchAll(/"([\w-]+)"/g)].map(([, v = ""]) => v);
  for (const source of sourcesOf(file)) {
    for (const [tag = ""] of source.matchAll(/<\w+\s[^<]*?name="intent"[^<]*?>/g)) {
      const value = /value=(?:"[^"]*"|\{[^}]*\})/.exec(tag)?.[0] ?? "";
      for (const v of literals(value)) intents.add(v);
    }
    for (const [, v = ""] of source.matchAll(/intent\s*[!=]==?\s*"([\w-]+)"/g)) intents.add(v);
    for (const [, v = ""] of source.matchAll(/"([\w-]+)"\s*[!=]==?\s*[\w.?]*intent\b/g)) {
      intents.add(v);
    }
    for (const [, body = ""] of source.matchAll(
      /switch\s*\([\w.?]*intent\)\s*\{([\s\S]*?)\n {0,4}\}/g,
    )) {
      for (const [, v = ""] of body.matchAll(/case\s+"([\w-]+)"\s*:/g)) intents.add(v);
    }
  }
  return [...intents].sort();
}

/** The bodies an action is walked with: each intent it knows, an unknown one and none. */
function bodiesFor(file: string): URLSearchParams[] {
  const fields = {
    userId: "x",
    role: "admin",
    name: "Walker",
    productId: "999999",
    vehicleId: "999999",
    sidebar: "collapsed",
  };
  return [...intentsOf(file), "no-such-intent", null].map(
    (intent) => new URLSearchParams(intent === null ? fields : { intent, ...fields }),
  );
}
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
  if (method === "POST") init.body = body ?? new URLSearchParams();
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

  it("finds the intents of the admin actions in their source", () => {
    // At least these; a shared component's intent (e.g. "delete") may be walked as well.
    const intents = (file: string) => intentsOf(path.resolve("app", file));
    const has = (names: string[]) => expect.arrayContaining(names);
    expect(intents("routes/admin/users.tsx")).toEqual(has(["add", "ban", "edit", "role", "unban"]));
    expect(intents("routes/admin/catalog-products.tsx")).toEqual(has(["add", "delete", "edit"]));
    expect(intents("routes/admin/catalog-vehicles.tsx")).toEqual(has(["add", "delete", "edit"]));
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
        type Call = {
          name: "loader" | "action";
          method: string;
          body?: URLSearchParams;
          label: string;
        };
        const calls = handlers.flatMap((name): Call[] =>
          name === "loader"
            ? [{ name, method: "GET", body: undefined, label: "loader" }]
            : // The action once per intent it knows (plus an unknown one and none), so that an
              // intent handled before the role check cannot slip through.
              bodiesFor(path.resolve("app", route.file)).map((body) => ({
                name,
                method: "POST",
                body,
                label: `action (intent ${body.get("intent") ?? "none"})`,
              })),
        );
        for (const { name, method, body, label } of calls) {
          const args = (cookie?: string) => ({
            request: request(route.url, method, cookie, body),
            params: {},
            context: testContext(t),
          });

          const signedOut = await outcome(() => mod[name](args()));
          expect(statusOf(signedOut), `${label} signed out`).toBe(302);
          expect((signedOut as Response).headers.get("Location"), label).toBe(
            `/login?redirectTo=${encodeURIComponent(route.url)}`,
          );

          const plainUser = await outcome(() => mod[name](args(userCookie)));
          expect(statusOf(plainUser), `${label} as a plain user`).toBe(403);

          // The same call as an admin passes the guard (a control that the check is the role).
          const asAdmin = await outcome(() => mod[name](args(adminCookie)));
          expect(asAdmin, `${label} as an admin`).not.toBeInstanceOf(Error);
          expect(statusOf(asAdmin), `${label} as an admin`).not.toBe(403);
          if (asAdmin instanceof Response) {
            expect(asAdmin.headers.get("Location") ?? "", label).not.toMatch(/^\/login/);
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
