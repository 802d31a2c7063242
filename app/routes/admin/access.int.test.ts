import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { createUser } from "../../../tests/factories";
import {
  adminRoutes,
  loadRoute as load,
  type RouteModule,
} from "../../../tests/helpers/admin-routes";
import { outcome, routeArgs, sessionCookieFor, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";

const found = adminRoutes(routes);

/**
 * The bodies an action is walked with: each intent it declares (formAction), an unknown one
 * and none. Read from the declaration, so a new intent is walked without anyone listing it.
 */
function bodiesFor(mod: RouteModule): URLSearchParams[] {
  const fields = {
    userId: "x",
    role: "admin",
    name: "Walker",
    productId: "999999",
    vehicleId: "999999",
    outletId: "999999",
    importId: "no-such-import-0000000000",
    sidebar: "collapsed",
  };
  const declared = Object.keys(mod.action?.intents ?? {});
  return [...declared, "no-such-intent", null].map(
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
  adminCookie = (await createUser(t, { role: "admin" })).cookie;
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
      "routes/admin/promo-codes.tsx",
      "routes/admin/outlets.tsx",
      "routes/admin/orders.tsx",
      "routes/admin/order.tsx",
      "routes/admin/export-orders.ts",
      "routes/admin/preferences.ts",
      "routes/admin/settings.tsx",
      "routes/admin/bookings.tsx",
      "routes/admin/messages.tsx",
      "routes/admin/warranties.tsx",
      "routes/admin/warranty.tsx",
      "routes/admin/export-warranties.ts",
      "routes/admin/gst.tsx",
      "routes/admin/export-gst.ts",
      "routes/admin/market-rates.tsx",
      "routes/admin/audit.tsx",
      "routes/admin/export-audit.ts",
      "routes/admin/export-dashboard.ts",
      "routes/admin/export-vehicles.ts",
      "routes/admin/export-outlets.ts",
      "routes/admin/old-dashboard.ts",
      "routes/admin/not-found.tsx",
    ]) {
      expect(files).toContain(file);
    }
  });

  it("declares every admin form action with formAction, guarded for admins", async () => {
    const intents = async (file: string) => Object.keys((await load(file)).action?.intents ?? {});
    expect(await intents("routes/admin/users.tsx")).toEqual([
      "add",
      "edit",
      "role",
      "ban",
      "unban",
    ]);
    // The CSV import's two intents (ADR 034) on each list that takes one.
    const importing = ["importPreview", "importConfirm"];
    expect(await intents("routes/admin/catalog-products.tsx")).toEqual([
      "add",
      "edit",
      "delete",
      ...importing,
    ]);
    expect(await intents("routes/admin/catalog-vehicles.tsx")).toEqual([
      "add",
      "edit",
      "delete",
      ...importing,
    ]);
    expect(await intents("routes/admin/outlets.tsx")).toEqual([
      "add",
      "edit",
      "delete",
      ...importing,
    ]);
    expect(await intents("routes/admin/settings.tsx")).toEqual([
      "store",
      "payments",
      "social",
      "maps",
      "taxInvoices",
      "marketRates",
      "payOnInstallation",
      "stock",
    ]);
    expect(await intents("routes/admin/market-rates.tsx")).toEqual(["ask"]);
    expect(await intents("routes/admin/bookings.tsx")).toEqual(["confirm", "complete", "cancel"]);
    expect(await intents("routes/admin/messages.tsx")).toEqual(["handle", "reopen"]);
    expect(await intents("routes/admin/order.tsx")).toEqual([
      "status",
      "serials",
      "issueInvoice",
      "refund",
    ]);
    expect(await intents("routes/admin/warranty.tsx")).toEqual(["move"]);
    expect(await intents("routes/admin/promo-codes.tsx")).toEqual([
      "add",
      "edit",
      "deactivate",
      "reactivate",
    ]);
    for (const route of found) {
      const { action } = await load(route.file);
      // The catch-all's action only answers 404 (after the role check): it reads no form.
      if (!action || route.file.endsWith("not-found.tsx")) continue;
      expect(action.guard, route.file).toBe("admin");
      for (const [name, intent] of Object.entries(action.intents ?? {})) {
        expect(intent.guard, `${route.file} ${name}`).toBe("admin");
      }
    }
  });

  for (const route of found) {
    describe(`${route.file} at ${route.url}`, () => {
      it("has a loader or an action, each guarded", async () => {
        const mod = await load(route.file);
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
              bodiesFor(mod).map((body) => ({
                name,
                method: "POST",
                body,
                label: `action (intent ${body.get("intent") ?? "none"})`,
              })),
        );
        for (const { name, method, body, label } of calls) {
          const args = (cookie?: string) => routeArgs(t, request(route.url, method, cookie, body));
          const run = async (cookie?: string) => {
            const ready = await args(cookie);
            return outcome(() => mod[name]?.(ready));
          };

          const signedOut = await run();
          expect(statusOf(signedOut), `${label} signed out`).toBe(302);
          expect((signedOut as Response).headers.get("Location"), label).toBe(
            `/login?redirectTo=${encodeURIComponent(route.url)}`,
          );

          const plainUser = await run(userCookie);
          expect(statusOf(plainUser), `${label} as a plain user`).toBe(403);

          // The same call as an admin passes the guard (a control that the check is the role).
          const asAdmin = await run(adminCookie);
          expect(asAdmin, `${label} as an admin`).not.toBeInstanceOf(Error);
          expect(statusOf(asAdmin), `${label} as an admin`).not.toBe(403);
          if (asAdmin instanceof Response) {
            expect(asAdmin.headers.get("Location") ?? "", label).not.toMatch(/^\/login/);
          }
        }
      });

      it("answers a JSON body with a 400 once the role is checked, never a 500", async () => {
        const mod = await load(route.file);
        const action = mod.action;
        if (typeof action !== "function") return;
        const json = JSON.stringify({ intent: "role", userId: "x", role: "admin" });
        const post = async (cookie?: string) => {
          const ready = await routeArgs(t, request(route.url, "POST", cookie, json));
          return outcome(() => action(ready));
        };
        const signedOut = await post();
        expect(statusOf(signedOut), "signed out").toBe(302);
        expect((signedOut as Response).headers.get("Location")).toMatch(/^\/login/);
        expect(statusOf(await post(userCookie)), "plain user").toBe(403);
        const asAdmin = await post(adminCookie);
        expect(asAdmin, "as an admin").not.toBeInstanceOf(Error);
        // The catch-all answers every address 404 without reading a form.
        const expected = route.file.endsWith("not-found.tsx") ? 404 : 400;
        expect(statusOf(asAdmin), "as an admin").toBe(expected);
      });
    });
  }
});

describe("the old site's /admin/dashboard", () => {
  it.each([
    ["/admin/dashboard", "/admin"],
    ["/admin/dashboard?range=7", "/admin?range=7"],
  ])("%s sends an admin on to %s for good (301)", async (url, location) => {
    const { loader } = await load("routes/admin/old-dashboard.ts");
    const ready = await routeArgs(t, request(url, "GET", adminCookie));
    const answer = await outcome(() => loader?.(ready));
    expect(statusOf(answer)).toBe(301);
    expect((answer as Response).headers.get("Location")).toBe(location);
  });
});
