import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, productRedirects, type products } from "~/db/schema";
import {
  createProduct as addProduct,
  updateProduct,
} from "~/features/catalog/product-admin.server";
import {
  createDeliveryArea,
  createProduct,
  createUser,
  productFormOf,
  type TestUser,
} from "../../../tests/factories";
import { orderOptions, outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { loader } from "./product";

let t: TestDatabase;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin" });
});
afterAll(async () => {
  await t?.close();
});

async function open(model: string) {
  const request = new Request(`http://localhost/oneprod/${encodeURIComponent(model)}`);
  return outcome(async () => loader((await routeArgs(t, request, { model })) as never));
}

function locationOf(value: unknown): string | null {
  return value instanceof Response ? value.headers.get("Location") : null;
}

/** The admin form's values for a product row, with another model. */
const renamed = (row: typeof products.$inferSelect, model: string) => productFormOf(row, { model });

describe("renamed products keep their old addresses", () => {
  it("answers the old model with a 301 to the new one", async () => {
    const row = await createProduct(t, { model: "OLD-35L" });
    await updateProduct(t.db, renamed(row, "NEW-35L"), admin, orderOptions);
    const result = await open("OLD-35L");
    expect(statusOf(result)).toBe(301);
    expect(locationOf(result)).toBe("/oneprod/NEW-35L");
    // Any case, and the slug form, as product addresses are matched.
    expect(locationOf(await open("old-35l"))).toBe("/oneprod/NEW-35L");
    const page = (await open("NEW-35L")) as { data: { product: { id: number } } };
    expect(page.data.product.id).toBe(row.id);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, String(row.id))));
    const terms = { warrantyMonths: 24, proRataMonths: 0, onSaleSince: null };
    expect(audit?.details).toEqual({
      from: { model: "OLD-35L", ...terms },
      to: { model: "NEW-35L", ...terms },
    });
  });

  it("lands a chain of two renames on the current model, in one hop", async () => {
    const row = await createProduct(t, { model: "CHAIN-A" });
    await updateProduct(t.db, renamed(row, "CHAIN-B"), admin, orderOptions);
    await updateProduct(t.db, { ...renamed(row, "CHAIN-C") }, admin, orderOptions);
    expect(locationOf(await open("CHAIN-A"))).toBe("/oneprod/CHAIN-C");
    expect(locationOf(await open("CHAIN-B"))).toBe("/oneprod/CHAIN-C");
    expect(statusOf(await open("CHAIN-A"))).toBe(301);
  });

  it("gives an old model back to the product when it is renamed back", async () => {
    const row = await createProduct(t, { model: "BACK-1" });
    await updateProduct(t.db, renamed(row, "BACK-2"), admin, orderOptions);
    await updateProduct(t.db, renamed(row, "BACK-1"), admin, orderOptions);
    expect(statusOf(await open("BACK-1"))).toBe(200);
    expect(locationOf(await open("BACK-2"))).toBe("/oneprod/BACK-1");
    const left = await t.db
      .select({ slug: productRedirects.slug })
      .from(productRedirects)
      .where(eq(productRedirects.productId, row.id));
    expect(left.map((r) => r.slug)).toEqual(["back-2"]);
  });

  it("lets a new product take a former model, which then is its page", async () => {
    const row = await createProduct(t, { model: "TAKEN-1" });
    await updateProduct(t.db, renamed(row, "TAKEN-2"), admin, orderOptions);
    const { id } = await addProduct(
      t.db,
      { ...renamed(row, "TAKEN-1"), image: "/images/x.svg" },
      admin,
    );
    const page = (await open("TAKEN-1")) as { data: { product: { id: number } } };
    expect(page.data.product.id).toBe(id);
    const left = await t.db
      .select()
      .from(productRedirects)
      .where(eq(productRedirects.slug, "taken-1"));
    expect(left).toEqual([]);
  });

  it("does not redirect to a hidden product", async () => {
    const row = await createProduct(t, { model: "HIDE-1" });
    await updateProduct(t.db, { ...renamed(row, "HIDE-2"), active: false }, admin, orderOptions);
    expect(statusOf(await open("HIDE-1"))).toBe(404);
  });

  it("leaves no redirect when only other fields change", async () => {
    const row = await createProduct(t, { model: "SAME-1" });
    await updateProduct(t.db, { ...renamed(row, "SAME-1"), stock: 3 }, admin, orderOptions);
    const rows = await t.db
      .select()
      .from(productRedirects)
      .where(eq(productRedirects.productId, row.id));
    expect(rows).toEqual([]);
  });
});

describe("an unknown model", () => {
  it("is a 404 that names the model asked for", async () => {
    const result = await open("NO-SUCH-BATTERY");
    expect(statusOf(result)).toBe(404);
    expect((result as { data: unknown }).data).toEqual({ model: "NO-SUCH-BATTERY" });
  });
});

describe("the pincode a shopper checks (issue 21)", () => {
  type Loaded = { data: { delivery: unknown }; init: { headers: Headers } | null };
  async function openWith(model: string, query: string, cookie?: string) {
    const request = new Request(`http://localhost/oneprod/${model}${query}`, {
      headers: cookie ? { Cookie: cookie } : {},
    });
    return (await loader((await routeArgs(t, request, { model })) as never)) as unknown as Loaded;
  }
  const setCookieOf = (page: Loaded) => new Headers(page.init?.headers).get("Set-Cookie");

  it("is remembered and answered again on every product page", async () => {
    await createDeliveryArea(t, { prefix: "380", city: "Ahmedabad", days: 1 });
    const [first, second] = [await createProduct(t), await createProduct(t)];
    const checked = await openWith(first.model, "?pincode=380015");
    expect(checked.data.delivery).toMatchObject({ pincode: "380015", served: true });
    const cookie = setCookieOf(checked)?.split(";")[0];
    expect(cookie).toMatch(/^pincode=/);
    const elsewhere = await openWith(second.model, "", cookie);
    expect(elsewhere.data.delivery).toMatchObject({ pincode: "380015", served: true });
    expect(setCookieOf(elsewhere)).toBeNull();
  });

  it("is not remembered when it is not a pincode", async () => {
    const product = await createProduct(t);
    const page = await openWith(product.model, "?pincode=12ab");
    expect(page.data.delivery).toMatchObject({ error: "Enter a 6-digit pincode" });
    expect(setCookieOf(page)).toBeNull();
    expect((await openWith(product.model, "")).data.delivery).toBeNull();
  });
});
