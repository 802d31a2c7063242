import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { ensureAdmin } from "~/features/accounts/admin-account.server";
import { slugify } from "~/features/catalog/slug";
import { getSettings, initSettings } from "~/features/settings/settings.server";
import type { Auth } from "~/lib/auth.server";
import { isLoopbackHost } from "~/lib/env.server";
import { indiaDayOf } from "~/lib/india-time";
import type { Db } from "./client.server";
import {
  deliveryAreas,
  exchangeRates,
  outlets,
  products,
  reviews,
  settings,
  testimonials,
  user,
  vehicleFitments,
  vehicles,
} from "./schema";
import { seedOutlets } from "./seed-data/outlets";
import { seedProducts } from "./seed-data/products";
import {
  seedDeliveryAreas,
  seedExchangeRates,
  seedFeaturedModels,
  seedInstallationIncluded,
} from "./seed-data/purchase";
import { seedCustomers, seedReviews } from "./seed-data/reviews";
import { seedSettings, seedTestimonials } from "./seed-data/store";
import { seedVehicles } from "./seed-data/vehicles";

/** Marks that the demo data was loaded once; the server only seeds on a first start. */
export const SEED_MARKER_KEY = "system.demoSeededAt";

export type SeedOptions = {
  auth: Auth;
  admin: { email: string; name: string; password: string };
  /** The clock: the finder's years run up to the current year in India. */
  now?: Date;
};

export type SeedReport = { adminCreated: boolean };

/** The demo admin's password on a store that only this machine can reach (see demoAdmin). */
export const LOCAL_DEMO_ADMIN_PASSWORD = "UrjaAdmin@2026";

export type DemoAdmin = SeedOptions["admin"] & {
  /** Where the password comes from: DEMO_ADMIN_PASSWORD, the documented local one, or random. */
  passwordSource: "env" | "local" | "generated";
};

/**
 * The demo admin account from the environment. Its password is DEMO_ADMIN_PASSWORD when set;
 * otherwise the documented one only while the store's address (BETTER_AUTH_URL) is this
 * machine, and a random one anywhere else, so a deployment that forgets the variable never
 * gets an admin with a published password. The caller prints a generated one once.
 */
export function demoAdmin(env: {
  DEMO_ADMIN_EMAIL: string;
  DEMO_ADMIN_PASSWORD?: string;
  BETTER_AUTH_URL: string;
}): DemoAdmin {
  const base = { email: env.DEMO_ADMIN_EMAIL, name: "Store Admin" };
  if (env.DEMO_ADMIN_PASSWORD) {
    return { ...base, password: env.DEMO_ADMIN_PASSWORD, passwordSource: "env" };
  }
  if (isLoopbackHost(new URL(env.BETTER_AUTH_URL).hostname)) {
    return { ...base, password: LOCAL_DEMO_ADMIN_PASSWORD, passwordSource: "local" };
  }
  return { ...base, password: randomBytes(12).toString("base64url"), passwordSource: "generated" };
}

/** How to sign in as the demo admin, for the start-up and db:seed messages. */
export function demoAdminSignIn(admin: DemoAdmin, created: boolean, loginUrl: string): string {
  const password = {
    env: "the password from DEMO_ADMIN_PASSWORD",
    local: `the password ${admin.password}`,
    generated: created
      ? `the one-time password ${admin.password} (shown only now: change it under Account)`
      : "the one-time password printed when it was created",
  }[admin.passwordSource];
  return `Demo admin: sign in at ${loginUrl} with ${admin.email} and ${password}${
    created || admin.passwordSource !== "local" ? "" : " (unless it was changed)"
  }`;
}

/**
 * Loads the demo store. Idempotent: every row is keyed by a natural key and only inserted when
 * missing, so running it again adds nothing and never overwrites what staff changed. The Hindi
 * and Gujarati texts (issue 26) go only beside the seed's own English: a product or tagline an
 * admin rewrote is not given a translation of the old text.
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedReport> {
  const { taglineTranslations, ...storeSettings } = seedSettings;
  await initSettings(db, storeSettings);
  if ((await getSettings(db)).tagline === storeSettings.tagline) {
    await initSettings(db, { taglineTranslations });
  }
  const demoVehicles = seedVehicles(Number(indiaDayOf(options.now ?? new Date()).slice(0, 4)));

  await db
    .insert(products)
    .values(
      seedProducts.map((p) => {
        const slug = slugify(p.model);
        return {
          slug,
          model: p.model,
          category: p.category,
          brand: "UrjaCell",
          capacityAh: p.capacityAh,
          voltageV: p.voltageV,
          warrantyMonths: p.warrantyMonths,
          proRataMonths: p.proRataMonths,
          pricePaise: p.priceRupees * 100,
          mrpPaise: p.mrpRupees * 100,
          stock: p.stock,
          image: `/images/products/${slug}.svg`,
          description: p.description,
          translations: p.translations,
          specs: p.specs,
          featured: seedFeaturedModels.includes(p.model),
          installationIncluded: seedInstallationIncluded(p.category),
        };
      }),
    )
    .onConflictDoNothing({ target: products.model });
  await translateSeededProducts(db);

  await db
    .insert(vehicles)
    .values(
      demoVehicles.map(({ vehicleType, make, model, year, fuelType }) => ({
        vehicleType,
        make,
        model,
        year,
        fuelType,
      })),
    )
    .onConflictDoNothing();

  const productIds = new Map(
    (await db.select({ id: products.id, model: products.model }).from(products)).map((p) => [
      p.model,
      p.id,
    ]),
  );
  const vehicleKey = (v: { make: string; model: string; year: number; fuelType: string }) =>
    `${v.make}|${v.model}|${v.year}|${v.fuelType}`;
  const vehicleIds = new Map(
    (
      await db
        .select({
          id: vehicles.id,
          make: vehicles.make,
          model: vehicles.model,
          year: vehicles.year,
          fuelType: vehicles.fuelType,
        })
        .from(vehicles)
    ).map((v) => [vehicleKey(v), v.id]),
  );
  const fitments = demoVehicles.flatMap((v) => {
    const vehicleId = vehicleIds.get(vehicleKey(v));
    if (vehicleId === undefined) return [];
    return v.batteries.flatMap((model, index) => {
      const productId = productIds.get(model);
      return productId === undefined ? [] : [{ vehicleId, productId, rank: index + 1 }];
    });
  });
  if (fitments.length > 0) {
    await db.insert(vehicleFitments).values(fitments).onConflictDoNothing();
  }

  await db.insert(outlets).values(seedOutlets).onConflictDoNothing();
  await db
    .insert(exchangeRates)
    .values(
      seedExchangeRates.map(({ creditRupees, ...band }) => ({
        ...band,
        creditPaise: creditRupees * 100,
      })),
    )
    .onConflictDoNothing();
  await db.insert(deliveryAreas).values(seedDeliveryAreas).onConflictDoNothing();
  await db.insert(testimonials).values(seedTestimonials).onConflictDoNothing();

  // Made by the store, not by someone typing an address: verified, as the demo admin (ADR 029).
  await db
    .insert(user)
    .values(seedCustomers.map((customer) => ({ ...customer, emailVerified: true })))
    .onConflictDoNothing();
  const customerIds = new Set(
    (
      await db
        .select({ id: user.id })
        .from(user)
        .where(
          inArray(
            user.id,
            seedCustomers.map((c) => c.id),
          ),
        )
    ).map((c) => c.id),
  );
  const demoReviews = seedReviews.flatMap((r) => {
    const productId = productIds.get(r.model);
    return productId !== undefined && customerIds.has(r.customer)
      ? [{ productId, userId: r.customer, rating: r.rating, body: r.body }]
      : [];
  });
  if (demoReviews.length > 0) await db.insert(reviews).values(demoReviews).onConflictDoNothing();

  const admin = await ensureAdmin(db, options.auth, options.admin, { promoteExisting: false });

  await db
    .insert(settings)
    .values({ key: SEED_MARKER_KEY, value: new Date().toISOString() })
    .onConflictDoNothing({ target: settings.key });

  return { adminCreated: admin.created };
}

/**
 * Gives the Hindi and Gujarati descriptions to demo products loaded before they existed: only to
 * a product that has no translation at all and still has the seed's English description, so
 * nothing an admin wrote or changed is replaced.
 */
async function translateSeededProducts(db: Db): Promise<void> {
  for (const p of seedProducts) {
    await db
      .update(products)
      .set({ translations: p.translations })
      .where(
        and(
          eq(products.model, p.model),
          eq(products.description, p.description),
          sql`${products.translations} = '{}'::jsonb`,
        ),
      );
  }
}

/** True once the demo data has been loaded into this database. */
export async function isDemoSeeded(db: Db): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(settings)
    .where(eq(settings.key, SEED_MARKER_KEY));
  return rows.length > 0;
}
