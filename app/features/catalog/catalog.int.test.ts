import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { productCategories } from "~/db/schema/enums";
import { seedDemoData } from "~/db/seed";
import { createProduct, createUser } from "../../../tests/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { CATALOG_PAGE_SIZE } from "./catalog.options";
import type { CatalogQuery } from "./catalog.schema";
import {
  countProductsByCategory,
  findProduct,
  getFilterOptions,
  listProducts,
  listRelatedProducts,
  parseSearch,
  suggestSearch,
} from "./catalog.server";
import { saveReview } from "./reviews.server";

let t: TestDatabase;
const base: CatalogQuery = { sort: "featured", page: 1, apply: false } as CatalogQuery;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoData(t.db, {
    auth: t.auth,
    admin: { email: "a@urjacell.in", name: "A", password: "admin-pass-1" },
  });
});
afterAll(async () => {
  await t?.close();
});

describe("catalogue listing", () => {
  it("lists every active product without filters", async () => {
    const all = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.active, true));
    const result = await listProducts(t.db, base);
    expect(result.total).toBe(all.length);
    expect(result.items.length).toBe(Math.min(all.length, CATALOG_PAGE_SIZE));
  });

  it("combines filters with AND and exact equality", async () => {
    const rows = await t.db.select().from(products).where(eq(products.active, true));
    for (const query of [
      { capacity: 40 },
      { voltage: 24 },
      { warranty: 36 },
      { capacity: 40, voltage: 12 },
      { capacity: 60, voltage: 36, warranty: 36 },
      { capacity: 50, category: "industrial" as const },
    ]) {
      const expected = rows
        .filter(
          (p) =>
            (query.capacity === undefined || p.capacityAh === query.capacity) &&
            ("voltage" in query ? p.voltageV === query.voltage : true) &&
            ("warranty" in query ? p.warrantyMonths === query.warranty : true) &&
            ("category" in query ? p.category === query.category : true),
        )
        .map((p) => p.model)
        .sort();
      const result = await listProducts(t.db, { ...base, ...query });
      expect(result.items.map((p) => p.model).sort(), JSON.stringify(query)).toEqual(expected);
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
    }
  });

  it("gives an empty result for a combination nobody sells", async () => {
    const result = await listProducts(t.db, { ...base, capacity: 40, voltage: 36, warranty: 36 });
    expect(result.total).toBe(0);
    expect(result.items).toEqual([]);
  });

  it("never shows inactive products", async () => {
    await t.db.update(products).set({ active: false }).where(eq(products.model, "UPS-1240"));
    const result = await listProducts(t.db, { ...base, capacity: 40, voltage: 12, warranty: 12 });
    expect(result.items.map((p) => p.model)).not.toContain("UPS-1240");
    expect(await findProduct(t.db, "UPS-1240")).toBeNull();
    await t.db.update(products).set({ active: true }).where(eq(products.model, "UPS-1240"));
  });

  it("sorts by price and capacity", async () => {
    const asc = (await listProducts(t.db, { ...base, sort: "price-asc" })).items.map(
      (p) => p.pricePaise,
    );
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (
      await listProducts(t.db, { ...base, category: "car", sort: "capacity-desc" })
    ).items.map((p) => p.capacityAh);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it("pages by 24 and clamps a page past the end", async () => {
    const first = await listProducts(t.db, { ...base, sort: "price-asc" });
    const second = await listProducts(t.db, { ...base, sort: "price-asc", page: 2 });
    const beyond = await listProducts(t.db, { ...base, sort: "price-asc", page: 99 });
    expect(first.pageCount).toBe(Math.ceil(first.total / 24));
    const ids = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(ids).size).toBe(Math.min(first.total, 48));
    expect(beyond.page).toBe(first.pageCount);
  });

  it("offers the spec's filter options plus the catalogue's own values", async () => {
    const options = await getFilterOptions(t.db);
    for (const v of [40, 50, 60, 35, 150]) expect(options.capacities).toContain(v);
    for (const v of [12, 24, 36, 48]) expect(options.voltages).toContain(v);
    for (const v of [12, 24, 36, 60]) expect(options.warranties).toContain(v);
    expect(options.capacities).toEqual([...options.capacities].sort((a, b) => a - b));
  });
});

describe("the search (?q=, the header's box)", () => {
  const found = async (q: string) =>
    (await listProducts(t.db, { ...base, q })).items.map((card) => card.model).sort();

  it("reads a capacity written as 150Ah, 150 ah or 150AH, a voltage, a category, and the other words", () => {
    expect(parseSearch("150Ah")).toEqual({ capacityAh: 150, words: [] });
    expect(parseSearch("inverter 150 ah")).toEqual({
      capacityAh: 150,
      categories: ["inverter"],
      words: [],
    });
    expect(parseSearch("HOME-150T")).toEqual({ words: ["HOME", "150T"] });
    expect(parseSearch("12 V Car Battery")).toEqual({
      voltageV: 12,
      categories: ["car"],
      words: [],
    });
    expect(parseSearch("बाइक बैटरी")).toEqual({ categories: ["bike"], words: [] });
    // Inside a model code they are the code's: "CAR-01", "UPS-1226", "HOME-12V7".
    expect(parseSearch("CAR-01")).toEqual({ words: ["CAR", "01"] });
    expect(parseSearch("ups-1226")).toEqual({ words: ["ups", "1226"] });
    expect(parseSearch("HOME-12V7")).toEqual({ words: ["HOME", "12V7"] });
    expect(parseSearch("inverter, 12v")).toEqual({
      voltageV: 12,
      categories: ["inverter"],
      words: [],
    });
  });

  it("finds the batteries of a category or a voltage named in the search (issue found by a walk-through)", async () => {
    const of = async (where: ReturnType<typeof and>) =>
      (
        await t.db
          .select({ model: products.model })
          .from(products)
          .where(and(eq(products.active, true), where))
      )
        .map((row) => row.model)
        .sort();
    const inverters = await of(eq(products.category, "inverter"));
    expect(inverters.length).toBeGreaterThan(1);
    expect(await found("inverter")).toEqual(inverters);
    expect(await found("Inverter batteries")).toEqual(inverters);
    expect(await found("bike battery")).toEqual(await of(eq(products.category, "bike")));
    const twentyFour = await of(eq(products.voltageV, 24));
    expect(twentyFour.length).toBeGreaterThan(0);
    expect(await found("24V")).toEqual(twentyFour);
    expect(await found("24 volt")).toEqual(twentyFour);
    expect(await found("car 150Ah")).toEqual(
      await of(and(eq(products.category, "car"), eq(products.capacityAh, 150))),
    );
  });

  it("finds a model, spaces and dashes alike, and a word of the descriptive name", async () => {
    expect(await found("drive 40l")).toEqual(["DRIVE-40L"]);
    const named = await createProduct(t, { name: "Tubular inverter battery Jumbo" });
    expect(await found("jumbo")).toEqual([named.model]);
    await t.db.delete(products).where(eq(products.id, named.id));
  });

  it("finds batteries of a capacity: 150Ah and 150 ah alike", async () => {
    const all = await t.db
      .select({ model: products.model })
      .from(products)
      .where(and(eq(products.active, true), eq(products.capacityAh, 150)));
    const expected = all.map((row) => row.model).sort();
    expect(expected.length).toBeGreaterThan(1);
    expect(await found("150Ah")).toEqual(expected);
    expect(await found("150 ah")).toEqual(expected);
  });

  it("finds the batteries that fit a vehicle, by its model or make and model", async () => {
    expect(await found("Swift")).toEqual(["DRIVE-40L", "DRIVE-45L"]);
    expect(await found("maruti swift")).toEqual(["DRIVE-40L", "DRIVE-45L"]);
    expect(await found("Activa")).toEqual(["RIDE-3S", "RIDE-4S"]);
    expect(await found("Activa 150Ah")).toEqual([]);
    expect(await found("nothing like this")).toEqual([]);
  });

  it("suggests vehicles first, then batteries, at most eight", async () => {
    const swift = await suggestSearch(t.db, "swift");
    expect(swift[0]).toEqual({
      kind: "vehicle",
      label: "Maruti Suzuki Swift",
      detail: "Batteries that fit",
      href: "/allproduct?q=Maruti+Suzuki+Swift",
    });
    expect(swift.slice(1).map((s) => s.href)).toEqual(["/oneprod/DRIVE-40L", "/oneprod/DRIVE-45L"]);
    expect(await suggestSearch(t.db, "a")).toHaveLength(8);
    expect(await suggestSearch(t.db, "  ")).toEqual([]);
    // A category or a voltage alone suggests its batteries too.
    const inverters = await suggestSearch(t.db, "inverter");
    expect(inverters.length).toBeGreaterThan(1);
    expect(inverters.every((s) => s.kind === "battery" && s.detail.includes("Inverter"))).toBe(
      true,
    );
    expect(await suggestSearch(t.db, "24V")).not.toEqual([]);
    expect(await suggestSearch(t.db, "battery")).toEqual([]);
  });
});

describe("a card's rating", () => {
  it("is the average and count of its own product's reviews, and nothing without any", async () => {
    const tag = "RATED";
    const [reviewed, unreviewed] = [
      await createProduct(t, { model: `${tag}-1` }),
      await createProduct(t, { model: `${tag}-2` }),
    ];
    for (const [rating, email] of [
      [5, "r1@example.in"],
      [4, "r2@example.in"],
    ] as const) {
      const reviewer = await createUser(t, { email });
      await saveReview(t.db, { productId: reviewed.id, rating, body: "" }, reviewer);
    }
    const { items } = await listProducts(t.db, { ...base, q: tag });
    const byModel = Object.fromEntries(items.map((card) => [card.model, card]));
    expect(byModel[reviewed.model]).toMatchObject({ ratingAverage: 4.5, ratingCount: 2 });
    expect(byModel[unreviewed.model]).toMatchObject({ ratingAverage: null, ratingCount: 0 });
  });
});

describe("product lookup", () => {
  it("finds a product by model in any case, by slug and by numeric id", async () => {
    const byModel = await findProduct(t.db, "DRIVE-40L");
    expect(byModel?.model).toBe("DRIVE-40L");
    expect((await findProduct(t.db, "drive-40l"))?.id).toBe(byModel?.id);
    expect((await findProduct(t.db, String(byModel?.id)))?.model).toBe("DRIVE-40L");
    expect(await findProduct(t.db, "NO-SUCH-MODEL")).toBeNull();
    expect(await findProduct(t.db, "%")).toBeNull();
  });
});

describe("related products", () => {
  it("gives up to four others of the same category, nearest capacity first", async () => {
    const product = await findProduct(t.db, "DRIVE-55L");
    if (!product) throw new Error("seed product missing");
    const related = await listRelatedProducts(t.db, product);
    expect(related).toHaveLength(4);
    expect(related.map((p) => p.model)).not.toContain("DRIVE-55L");
    for (const p of related) expect(p.category).toBe("car");
    const distances = related.map((p) => Math.abs(p.capacityAh - 55));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(10);
  });

  it("gives fewer when the category is small, and never inactive ones", async () => {
    const product = await findProduct(t.db, "TRAC-48100");
    if (!product) throw new Error("seed product missing");
    await t.db.update(products).set({ active: false }).where(eq(products.model, "TRAC-3660"));
    const related = await listRelatedProducts(t.db, product);
    expect(related.map((p) => p.model)).not.toContain("TRAC-3660");
    for (const p of related) expect(p.category).toBe("industrial");
    await t.db.update(products).set({ active: true }).where(eq(products.model, "TRAC-3660"));
  });
});

describe("category counts", () => {
  it("count each category's active batteries, as the catalogue lists them", async () => {
    const counts = await countProductsByCategory(t.db);
    expect(Object.keys(counts).sort()).toEqual([...productCategories].sort());
    for (const category of productCategories) {
      const listed = await listProducts(t.db, { ...base, category });
      expect(counts[category], category).toBe(listed.total);
    }
    expect(counts.car).toBeGreaterThan(0);
  });

  it("leave inactive products out, and count a new active one", async () => {
    const before = await countProductsByCategory(t.db);
    await createProduct(t, { category: "inverter", active: false });
    await createProduct(t, { category: "bike", active: false });
    expect(await countProductsByCategory(t.db)).toEqual(before);

    await createProduct(t, { category: "inverter" });
    expect(await countProductsByCategory(t.db)).toEqual({
      ...before,
      inverter: before.inverter + 1,
    });
  });
});
