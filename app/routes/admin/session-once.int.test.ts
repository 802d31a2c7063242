import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as root from "~/root";
import * as products from "~/routes/admin/catalog-products";
import * as layout from "~/routes/admin/layout";
import { createUser } from "../../../tests/factories";
import { routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";

let t: TestDatabase;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const admin = await createUser(t, { role: "admin", email: "once-admin@example.in" });
  adminCookie = admin.cookie;
});
afterAll(async () => {
  await t?.close();
});

describe("an admin page request", () => {
  it("looks the session up once for the root, the admin layout and the page", async () => {
    // Every session read starts from better-auth's settings (its cookie's name and secret), and
    // falls back to its getSession: both are counted.
    let lookups = 0;
    const getSession = ((...args: Parameters<typeof t.auth.api.getSession>) => {
      lookups += 1;
      return t.auth.api.getSession(...args);
    }) as typeof t.auth.api.getSession;
    const counted = Object.create(t.auth, {
      $context: {
        get: () => {
          lookups += 1;
          return t.auth.$context;
        },
      },
      api: { value: { ...t.auth.api, getSession } },
    }) as typeof t.auth;
    const request = new Request("http://localhost:3000/admin/product", {
      headers: { Cookie: adminCookie },
    });
    // As React Router runs them: the root middleware once, then every matched loader.
    const args = await routeArgs(t, request, {}, { auth: counted });
    const results = await Promise.all([
      root.loader(args as never),
      layout.loader(args as never),
      products.loader(args as never),
    ]);
    expect(results.map(statusOf)).toEqual([200, 200, 200]);
    expect((await layout.loader(args as never)).admin.email).toBe("once-admin@example.in");
    expect(lookups).toBe(1);
  });

  it("middleware has run before any guard: a loader without it fails loudly, not open", async () => {
    const { createAppContext } = await import("~/lib/context");
    const { testServices } = await import("../../../tests/helpers/app-context");
    const context = createAppContext(testServices(t));
    const request = new Request("http://localhost:3000/admin/product");
    await expect(
      Promise.resolve().then(() => products.loader({ request, params: {}, context } as never)),
    ).rejects.toThrow("The session was not read");
  });
});
