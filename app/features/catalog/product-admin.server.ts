import { and, count, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productRedirects, products } from "~/db/schema";
import { changedFields, recordAudit } from "~/features/audit/audit.server";
import { mailBackInStock } from "~/features/stock-alerts/stock-alerts.server";
import { Conflict, NotFound, ValidationError } from "~/lib/errors";
import { CONTENT_LOCALES } from "~/lib/i18n/localized";
import { indiaDayOf } from "~/lib/india-time";
import { paginate } from "~/lib/paginate";
import {
  byName,
  escapeLike,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from "~/lib/sql.server";
import { productMessages as m } from "./catalog.messages";
import { getFilterOptions } from "./catalog.server";
import {
  type ProductFormInput,
  specsFromForm,
  TRANSLATED_PRODUCT_FIELDS,
  translationsFromForm,
} from "./product-form.schema";
import { slugify } from "./slug";

export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

/** Every product (active or not) for the back office, searchable by model, 20 a page (an
 * export asks for one large page). */
export async function listAdminProducts(
  db: Db,
  query: { q: string; page: number },
  pageSize = ADMIN_PRODUCTS_PAGE_SIZE,
) {
  const where = query.q ? ilike(products.model, `%${escapeLike(query.q)}%`) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(products).where(where);
  const total = totalRow?.n ?? 0;
  const { page, pageCount, limit, offset } = paginate(total, query.page, pageSize);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(...byName(products.model))
    .limit(limit)
    .offset(offset);
  return { rows, total, page, pageCount };
}

export async function getAdminProduct(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

/**
 * What the product form suggests: the filter values already in the catalogue, and the
 * technologies and terminal layouts products already have (so spellings stay consistent).
 */
export async function productFormSuggestions(db: Db) {
  const [options, specs] = await Promise.all([
    getFilterOptions(db),
    db
      .selectDistinct({
        technology: sql<string | null>`${products.specs}->>'technology'`,
        terminalLayout: sql<string | null>`${products.specs}->>'terminalLayout'`,
      })
      .from(products),
  ]);
  const distinct = (values: (string | null)[]) =>
    [...new Set(values.filter((v): v is string => Boolean(v)))].sort();
  return {
    ...options,
    technologies: distinct(specs.map((s) => s.technology)),
    terminalLayouts: distinct(specs.map((s) => s.terminalLayout)),
  };
}

/** Refuses a model (or its URL slug) that another product already uses. */
export async function assertModelFree(db: Pick<Db, "select">, model: string, exceptId?: number) {
  const sameKey: SQL[] = [
    ilike(products.model, escapeLike(model)),
    eq(products.slug, slugify(model)),
  ];
  const clash = await db
    .select({ id: products.id })
    .from(products)
    .where(and(or(...sameKey), exceptId === undefined ? undefined : ne(products.id, exceptId)));
  if (clash.length > 0) throw new Conflict(m.modelTaken, { model: m.modelTaken });
}

/** Refuses an "On sale since" day after `now`'s day in India. */
export function assertOnSaleSince(onSaleSince: string | null, now = new Date()) {
  if (onSaleSince && onSaleSince > indiaDayOf(now)) {
    throw new ValidationError(m.onSaleSinceFuture, { onSaleSince: m.onSaleSinceFuture });
  }
}

/** A product's fields as the audit log keeps them: every one an admin edits, the specs each a
 * field of its own ("specs.cca"), so a change reads "price: ₹4,500 -> ₹4,800"; each translation
 * too ("translations.hi.name"), none when missing. */
function auditSnapshot(
  p: Omit<ReturnType<typeof productValues>, "slug"> & { image?: string | null },
): Record<string, unknown> {
  const { specs, translations, ...fields } = p;
  return {
    ...fields,
    ...Object.fromEntries(Object.entries(specs).map(([key, value]) => [`specs.${key}`, value])),
    ...translationsAudit(translations),
  };
}

/** A product's translations as audited fields: "translations.hi.name" (null when missing). */
export function translationsAudit(
  translations: ReturnType<typeof productValues>["translations"] | null,
): Record<string, string | null> {
  return Object.fromEntries(
    CONTENT_LOCALES.flatMap((locale) =>
      TRANSLATED_PRODUCT_FIELDS.map((field) => [
        `translations.${locale}.${field}`,
        translations?.[locale]?.[field] || null,
      ]),
    ),
  );
}

/** What a product row held before an edit, in the audit log's terms. */
function auditSnapshotOfRow(row: AdminProductDetail) {
  const { id: _id, slug: _slug, brand: _brand, createdAt: _c, updatedAt: _u, ...fields } = row;
  return auditSnapshot(fields);
}

/** A product's stored values from the admin form (add, edit and the CSV import). */
export function productValues(input: ProductFormInput) {
  return {
    model: input.model,
    slug: slugify(input.model),
    category: input.category,
    capacityAh: input.capacityAh,
    voltageV: input.voltageV,
    warrantyMonths: input.warrantyMonths,
    proRataMonths: input.proRataMonths,
    onSaleSince: input.onSaleSince,
    hsnCode: input.hsnCode,
    pricePaise: input.price,
    mrpPaise: input.mrp ?? input.price,
    stock: input.stock,
    description: input.description,
    name: input.name,
    specs: specsFromForm(input),
    translations: translationsFromForm(input),
    featured: input.featured,
    installationIncluded: input.installationIncluded,
    ...(input.active === undefined ? {} : { active: input.active }),
  };
}

type Actor = { id: string };

/** Adds a product; `image` is the stored image's path (storeProductImage). */
export async function createProduct(
  db: Db,
  input: ProductFormInput & { image: string },
  actor: Actor,
  options: { now?: Date } = {},
) {
  assertOnSaleSince(input.onSaleSince, options.now);
  await assertModelFree(db, input.model);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({ ...productValues(input), brand: "UrjaCell", image: input.image })
        .returning({ id: products.id });
      if (!row) throw new Error("insert returned nothing");
      // A former model of another product, taken by a new one: the address is the new one's.
      await tx.delete(productRedirects).where(eq(productRedirects.slug, slugify(input.model)));
      const { slug: _slug, ...created } = productValues(input);
      await recordAudit(
        tx,
        actor,
        "product",
        row.id,
        null,
        auditSnapshot({ ...created, image: input.image }),
      );
      return row;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new Conflict(m.modelTaken, { model: m.modelTaken });
    throw error;
  }
}

/**
 * Saves an edited product; without a new `image` the current one stays. Stock above nought
 * mails, in the same transaction, everyone waiting for it ("Notify me", once each).
 */
export async function updateProduct(
  db: Db,
  input: ProductFormInput & { id: number; image?: string },
  actor: Actor,
  options: { publicUrl: string; now?: Date },
) {
  const { id, image } = input;
  assertOnSaleSince(input.onSaleSince, options.now);
  try {
    await db.transaction(async (tx) => {
      await assertModelFree(tx, input.model, id);
      const [before] = await tx.select().from(products).where(eq(products.id, id)).for("update");
      if (!before) throw new NotFound(m.notFound);
      await tx
        .update(products)
        .set({ ...productValues(input), ...(image ? { image } : {}), updatedAt: new Date() })
        .where(eq(products.id, id));
      const slug = slugify(input.model);
      // The old model's address keeps working (a permanent redirect); the new one is the product's
      // own again, so a redirect for it, left by an earlier rename, goes.
      await tx.delete(productRedirects).where(eq(productRedirects.slug, slug));
      if (before.slug !== slug) {
        await tx
          .insert(productRedirects)
          .values({ slug: before.slug, productId: id })
          .onConflictDoUpdate({
            target: productRedirects.slug,
            set: { productId: id, updatedAt: new Date() },
          });
      }
      const { slug: _slug, ...edited } = productValues(input);
      const after = auditSnapshot({ ...edited, ...(image ? { image } : {}) });
      // A spec the form no longer gives was removed: "specs.cca: 500 -> none".
      for (const key of Object.keys(before.specs)) after[`specs.${key}`] ??= null;
      const changes = changedFields(auditSnapshotOfRow(before), after);
      await recordAudit(tx, actor, "product", id, changes.before, changes.after);
      await mailBackInStock(tx, [id], options.publicUrl);
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new Conflict(m.modelTaken, { model: m.modelTaken });
    throw error;
  }
}

/**
 * Deletes a product; when the database refuses because other records need it (a foreign key,
 * e.g. order lines), the product is deactivated instead so history stays intact.
 */
export async function deleteProduct(
  db: Db,
  input: { id: number },
  actor: Actor,
): Promise<"deleted" | "deactivated"> {
  const existing = await getAdminProduct(db, input.id);
  if (!existing) throw new NotFound(m.notFound);
  try {
    await db.delete(products).where(eq(products.id, input.id));
    await recordAudit(db, actor, "product", input.id, auditSnapshotOfRow(existing), null);
    return "deleted";
  } catch (error) {
    if (pgErrorCode(error) !== PG_FOREIGN_KEY_VIOLATION) throw error;
  }
  await db
    .update(products)
    .set({ active: false, updatedAt: new Date() })
    .where(eq(products.id, input.id));
  await recordAudit(
    db,
    actor,
    "product",
    input.id,
    { active: existing.active },
    { active: false },
    "deactivate",
  );
  return "deactivated";
}

export type AdminProductDetail = NonNullable<Awaited<ReturnType<typeof getAdminProduct>>>;
export type ProductFormSuggestions = Awaited<ReturnType<typeof productFormSuggestions>>;
