import { and, count, eq, inArray, notExists, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findProduct } from "~/features/catalog/catalog.server";
import { checkoutPayee, DEMO_PAYEE } from "~/features/orders/upi";
import { getSettings, updateSettings } from "~/features/settings/settings.server";
import { CONTENT_LOCALES } from "~/lib/i18n/localized";
import { loader as catalogLoader } from "~/routes/site/catalog";
import { loader as homeLoader } from "~/routes/site/home";
import { loader as productLoader } from "~/routes/site/product";
import { checkViolation, routeArgs } from "../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db";
import {
  carts,
  outlets,
  products,
  settings,
  testimonials,
  user,
  vehicleFitments,
  vehicles,
} from "./schema";
import { isDemoSeeded, seedDemoData } from "./seed";
import { seedProducts } from "./seed-data/products";
import { seedCustomers } from "./seed-data/reviews";
import { seedSettings } from "./seed-data/store";

const admin = { email: "admin@urjacell.in", name: "Store Admin", password: "Seed-test-pass-1" };
let t: TestDatabase;

async function counts() {
  const tables = {
    products,
    vehicles,
    vehicleFitments,
    outlets,
    testimonials,
    user,
    settings,
    carts,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await t.db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

describe(`migrations and demo seed (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("starts from an empty, migrated database", async () => {
    expect(await isDemoSeeded(t.db)).toBe(false);
    expect((await counts()).products).toBe(0);
  });

  it("loads the demo store", async () => {
    await seedDemoData(t.db, { auth: t.auth, admin });
    expect(await isDemoSeeded(t.db)).toBe(true);
    const c = await counts();
    expect(c.products).toBeGreaterThanOrEqual(30);
    expect(c.vehicles).toBeGreaterThanOrEqual(150);
    expect(c.testimonials).toBe(5);
  });

  it("sets no UPI payee, so the demo's QR pays nobody (a made-up address could be someone's)", async () => {
    const stored = await getSettings(t.db);
    expect(stored.upiPayeeId).toBeNull();
    const payee = checkoutPayee(
      stored,
      { publicUrl: "http://localhost:3000", browserUrl: "http://localhost:3000/cart" },
      "refused",
    );
    expect(payee).toEqual({ ok: true, id: DEMO_PAYEE.id, name: DEMO_PAYEE.name, demo: true });
  });

  it("seeding twice changes nothing", async () => {
    const before = await counts();
    const report = await seedDemoData(t.db, { auth: t.auth, admin });
    expect(report.adminCreated).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it("never promotes, unbans or changes an existing account with the demo admin's e-mail", async () => {
    await t.db.update(user).set({ role: "user", banned: true }).where(eq(user.email, admin.email));
    const report = await seedDemoData(t.db, { auth: t.auth, admin });
    expect(report.adminCreated).toBe(false);
    const [row] = await t.db.select().from(user).where(eq(user.email, admin.email));
    expect(row).toMatchObject({ role: "user", banned: true });
    await t.db
      .update(user)
      .set({ role: "admin", banned: false })
      .where(eq(user.email, admin.email));
  });

  it("covers every filter option of the spec, in every category", async () => {
    const rows = await t.db
      .select({
        category: products.category,
        capacity: products.capacityAh,
        voltage: products.voltageV,
        warranty: products.warrantyMonths,
        image: products.image,
        price: products.pricePaise,
      })
      .from(products);
    const values = (pick: (r: (typeof rows)[number]) => number) => new Set(rows.map(pick));
    for (const ah of [40, 50, 60]) expect(values((r) => r.capacity)).toContain(ah);
    for (const v of [12, 24, 36]) expect(values((r) => r.voltage)).toContain(v);
    for (const months of [12, 24, 36]) expect(values((r) => r.warranty)).toContain(months);
    expect(new Set(rows.map((r) => r.category))).toEqual(
      new Set(["car", "bike", "inverter", "industrial"]),
    );
    for (const row of rows) {
      expect(row.image).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
      expect(Number.isInteger(row.price)).toBe(true);
    }
  });

  it("gives every vehicle a recommended battery (rank 1) that exists", async () => {
    const withoutFit = await t.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(
        notExists(
          t.db
            .select({ one: sql`1` })
            .from(vehicleFitments)
            .where(and(eq(vehicleFitments.vehicleId, vehicles.id), eq(vehicleFitments.rank, 1))),
        ),
      );
    expect(withoutFit).toEqual([]);
    const makes = await t.db
      .selectDistinct({ make: vehicles.make, type: vehicles.vehicleType })
      .from(vehicles);
    expect(makes.filter((m) => m.type === "car").length).toBeGreaterThanOrEqual(6);
    expect(makes.filter((m) => m.type === "bike").length).toBeGreaterThanOrEqual(6);
  });

  it("has at least 12 dealers and 8 service centres in at least 6 cities", async () => {
    const rows = await t.db.select().from(outlets);
    expect(rows.filter((o) => o.kind === "dealer").length).toBeGreaterThanOrEqual(12);
    expect(rows.filter((o) => o.kind === "service_centre").length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((o) => o.city)).size).toBeGreaterThanOrEqual(6);
    for (const o of rows) {
      expect(o.pincode).toMatch(/^[1-9]\d{5}$/);
      // Inside India's bounding box.
      expect(o.lat).toBeGreaterThan(6);
      expect(o.lat).toBeLessThan(37);
      expect(o.lng).toBeGreaterThan(68);
      expect(o.lng).toBeLessThan(98);
    }
  });

  it("makes the demo admin and the demo customers with verified addresses (ADR 029)", async () => {
    const rows = await t.db
      .select({ email: user.email, verified: user.emailVerified })
      .from(user)
      .where(inArray(user.email, [admin.email, ...seedCustomers.map((c) => c.email)]));
    expect(rows).toHaveLength(seedCustomers.length + 1);
    expect(rows.filter((row) => !row.verified)).toEqual([]);
  });

  it("creates a demo admin who can sign in with the given password", async () => {
    const [row] = await t.db.select().from(user).where(eq(user.email, admin.email));
    expect(row?.role).toBe("admin");
    const result = await t.auth.api.signInEmail({
      body: { email: admin.email, password: admin.password },
    });
    expect(result.user.email).toBe(admin.email);
    await expect(
      t.auth.api.signInEmail({ body: { email: admin.email, password: "wrong-password" } }),
    ).rejects.toThrow("Invalid email or password");
  });

  it("enforces the data rules in the database itself", async () => {
    await expect(
      t.db.insert(products).values({
        slug: "bad",
        model: "BAD",
        category: "spaceship" as never, // not a category: the database must refuse it
        brand: "X",
        capacityAh: 40,
        voltageV: 12,
        warrantyMonths: 12,
        pricePaise: 100,
        mrpPaise: 100,
      }),
    ).rejects.toMatchObject(checkViolation("products_category_check"));
    await expect(
      t.db.insert(outlets).values({
        kind: "dealer",
        name: "Bad pincode",
        address: "x",
        city: "x",
        state: "x",
        pincode: "12345",
        lat: 1,
        lng: 1,
        phone: "1",
      }),
    ).rejects.toMatchObject(checkViolation("outlets_pincode_check"));
    await expect(
      t.db.insert(outlets).values({
        kind: "service_centre",
        name: "Closes before it opens",
        address: "x",
        city: "x",
        state: "x",
        pincode: "380009",
        lat: 1,
        lng: 1,
        phone: "1",
        opensAt: "19:00",
        closesAt: "09:00",
      }),
    ).rejects.toMatchObject(checkViolation("outlets_hours_order_check"));
  });

  it("describes every seeded product and the tagline in Hindi and Gujarati", async () => {
    const rows = await t.db
      .select({ model: products.model, translations: products.translations })
      .from(products);
    expect(rows).toHaveLength(seedProducts.length);
    for (const row of rows) {
      for (const locale of CONTENT_LOCALES) {
        expect(
          row.translations[locale]?.description?.trim(),
          `${row.model} (${locale})`,
        ).toBeTruthy();
      }
    }
    const { taglineTranslations } = await getSettings(t.db);
    for (const locale of CONTENT_LOCALES) {
      expect(taglineTranslations[locale]?.tagline.trim(), locale).toBeTruthy();
    }
  });

  it("gives every seeded product page its Hindi and Gujarati description, nothing in English", async () => {
    for (const seeded of seedProducts) {
      for (const locale of CONTENT_LOCALES) {
        const product = await findProduct(t.db, seeded.model, locale);
        expect(product?.description, `${seeded.model} (${locale})`).toBe(
          seeded.translations[locale].description,
        );
        expect(product?.english, `${seeded.model} (${locale})`).toEqual([]);
      }
    }
  });

  it("shows no English content notice on the demo's Hindi and Gujarati home, catalogue and product pages", async () => {
    const open = async (loader: (args: never) => unknown, path: string, params = {}) => {
      const args = await routeArgs(t, new Request(`http://localhost${path}`), params);
      const result = (await loader(args as never)) as { data?: unknown };
      return ((result.data ?? result) as { contentNotice: string | null }).contentNotice;
    };
    const models = [...new Map(seedProducts.map((p) => [p.category, p.model])).values()];
    for (const locale of CONTENT_LOCALES) {
      expect(await open(homeLoader, `/${locale}/`), locale).toBeNull();
      expect(await open(catalogLoader, `/${locale}/allproduct`), locale).toBeNull();
      for (const model of models) {
        expect(
          await open(productLoader, `/${locale}/oneprod/${model}`, { model }),
          model,
        ).toBeNull();
      }
    }
  });

  it("keeps an admin's product texts on a second seed, and translates demo products seeded before translations", async () => {
    const [own, untranslated, rewritten] = seedProducts;
    const setRow = (model: string, values: Partial<typeof products.$inferInsert>) =>
      t.db.update(products).set(values).where(eq(products.model, model));
    const translationsOf = async (model: string) =>
      (
        await t.db
          .select({ translations: products.translations })
          .from(products)
          .where(eq(products.model, model))
      )[0]?.translations;
    const adminText = { hi: { description: "दुकान का अपना विवरण" } };
    await setRow(own!.model, { translations: adminText });
    await setRow(untranslated!.model, { translations: {} });
    await setRow(rewritten!.model, { description: "The shop's own words.", translations: {} });

    await seedDemoData(t.db, { auth: t.auth, admin });
    expect(await translationsOf(own!.model)).toEqual(adminText);
    expect(await translationsOf(untranslated!.model)).toEqual(untranslated!.translations);
    expect(await translationsOf(rewritten!.model)).toEqual({});
  });

  it("keeps an admin's tagline texts, and translates only the seed's own tagline", async () => {
    const adminHindi = { hi: { tagline: "हर गाड़ी के लिए सही बैटरी" } };
    await updateSettings(t.db, { taglineTranslations: adminHindi });
    await seedDemoData(t.db, { auth: t.auth, admin });
    expect((await getSettings(t.db)).taglineTranslations).toEqual(adminHindi);

    // A store seeded before the translations, whose admin then wrote another tagline.
    const dropTranslations = () =>
      t.db.delete(settings).where(eq(settings.key, "taglineTranslations"));
    await dropTranslations();
    await updateSettings(t.db, { tagline: "Power for Ahmedabad" });
    await seedDemoData(t.db, { auth: t.auth, admin });
    expect((await getSettings(t.db)).taglineTranslations).toEqual({});

    await dropTranslations();
    await updateSettings(t.db, { tagline: seedSettings.tagline });
    await seedDemoData(t.db, { auth: t.auth, admin });
    expect((await getSettings(t.db)).taglineTranslations).toEqual(seedSettings.taglineTranslations);
  });
});
