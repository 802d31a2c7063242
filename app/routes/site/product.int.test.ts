import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, productRedirects, type products } from "~/db/schema";
import {
  createProduct as addProduct,
  updateProduct,
} from "~/features/catalog/product-admin.server";
import App, { loader as rootLoader } from "~/root";
import {
  createDeliveryArea,
  createProduct,
  createReview,
  createUser,
  productFormOf,
  type TestUser,
} from "../../../tests/factories";
import {
  orderOptions,
  outcome,
  routeArgs,
  statusOf,
  TEST_PUBLIC_URL,
} from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import ProductPage, { loader, meta } from "./product";

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
    // Only what the edit changed: the rest of the form came back as it was.
    expect(audit?.details).toEqual({ from: { model: "OLD-35L" }, to: { model: "NEW-35L" } });
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
    expect((result as { data: unknown }).data).toMatchObject({ model: "NO-SUCH-BATTERY" });
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

describe("the product page for search engines", () => {
  /** The page as rendered for a request through someone else's Host: its HTML and meta. */
  async function render(model: string) {
    const path = `/oneprod/${encodeURIComponent(model)}`;
    const request = () =>
      new Request(`http://evil.example${path}`, { headers: { Host: "evil.example" } });
    const root = (await rootLoader((await routeArgs(t, request())) as never)) as { data: unknown };
    const page = (await loader((await routeArgs(t, request(), { model })) as never)) as {
      data: unknown;
    };
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: App as never,
        loader: () => null,
        children: [
          {
            id: "routes/site/product",
            path: "oneprod/:model",
            Component: ProductPage as never,
            loader: () => null,
          },
        ],
      },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: {
          loaderData: { root: root.data, "routes/site/product": page.data },
        },
      }),
    );
    const tags = meta({
      data: page.data,
      loaderData: page.data,
      matches: [
        { id: "root", data: root.data },
        { id: "routes/site/product", data: page.data },
      ],
      location: { pathname: path, search: "", hash: "", state: null, key: "default" },
      params: { model },
      error: undefined,
    } as never) as Record<string, string>[];
    const jsonLd = [
      ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ].map(([, text]) => JSON.parse(text ?? ""));
    return { html, tags, jsonLd };
  }

  it("carries a Product whose Offer is the server's price, and the store's Organization", async () => {
    const product = await createProduct(t, {
      model: "SEO-40L",
      brand: "Exide",
      pricePaise: 459_950,
      stock: 4,
      image: "/uploads/products/abc123-detail.webp",
      description: 'Fits most hatchbacks. </script><script>alert("x")</script>',
    });
    const reviewer = await createUser(t);
    await createReview(t, { productId: product.id, userId: reviewer.id, rating: 4 });
    const { html, jsonLd } = await render("SEO-40L");
    // The description's "</script>" stayed inside the data block, escaped.
    expect(html).not.toContain('<script>alert("x")');
    const found = jsonLd.find((thing) => thing["@type"] === "Product");
    expect(found).toMatchObject({
      name: "SEO-40L",
      sku: "SEO-40L",
      brand: { name: "Exide" },
      description: 'Fits most hatchbacks. </script><script>alert("x")</script>',
      image: `${TEST_PUBLIC_URL}/uploads/products/abc123-detail.webp`,
      offers: {
        price: "4599.50",
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
        url: `${TEST_PUBLIC_URL}/oneprod/SEO-40L`,
      },
      aggregateRating: { ratingValue: 4, reviewCount: 1 },
    });
    expect(jsonLd.find((thing) => thing["@type"] === "Organization")).toMatchObject({
      url: `${TEST_PUBLIC_URL}/`,
    });
    expect(html).not.toContain("evil.example");
  });

  it("has its own title, description, canonical and the photo as an absolute og:image", async () => {
    await createProduct(t, {
      model: "SEO-OG-1",
      capacityAh: 35,
      voltageV: 12,
      warrantyMonths: 36,
      image: "/uploads/products/def456-detail.webp",
      description: "A battery for city cars.",
    });
    const { tags } = await render("SEO-OG-1");
    const content = (key: string) =>
      tags.find((tag) => tag.name === key || tag.property === key)?.content;
    expect(tags[0]?.title).toBe("SEO-OG-1 35Ah 12V battery · UrjaCell");
    expect(content("description")).toBe("A battery for city cars. 3 years warranty.");
    expect(tags.find((tag) => tag.rel === "canonical")?.href).toBe(
      `${TEST_PUBLIC_URL}/oneprod/SEO-OG-1`,
    );
    expect(content("og:image")).toBe(`${TEST_PUBLIC_URL}/uploads/products/def456-detail.webp`);
    expect(content("og:type")).toBe("product");
    expect(content("twitter:card")).toBe("summary_large_image");
  });
});
