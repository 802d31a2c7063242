import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productRedirects, products, reviews } from "~/db/schema";
import { type ProductCategory, productCategories, sqlList } from "~/db/schema/enums";
import { paginate } from "~/lib/paginate";
import { escapeLike, qualified } from "~/lib/sql.server";
import {
  CATALOG_PAGE_SIZE,
  specCapacities,
  specVoltages,
  specWarrantyMonths,
} from "./catalog.options";
import type { CatalogQuery } from "./catalog.schema";
import { verifiedPurchaseOf } from "./reviews.server";
import { slugify } from "./slug";

/**
 * The listed product's id, qualified: inside a review subquery, a bare "id" (as Drizzle writes a
 * column of a one-table query) is the review's own id, and every card once showed the rating of
 * the review whose id matched the product's.
 */
const cardProductId = qualified(products.id);

export const productCardColumns = {
  id: products.id,
  model: products.model,
  category: products.category,
  capacityAh: products.capacityAh,
  voltageV: products.voltageV,
  warrantyMonths: products.warrantyMonths,
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
  stock: products.stock,
  image: products.image,
  name: products.name,
  installationIncluded: products.installationIncluded,
  ratingAverage: sql<
    number | null
  >`(select round(avg(r.rating)::numeric, 1)::float8 from reviews r where r.product_id = ${cardProductId})`,
  ratingCount: sql<number>`(select count(*)::int from reviews r where r.product_id = ${cardProductId})`,
};

export type ProductCard = {
  id: number;
  model: string;
  category: ProductCategory;
  name: string | null;
  installationIncluded: boolean;
  ratingAverage: number | null;
  ratingCount: number;
  capacityAh: number;
  voltageV: number;
  warrantyMonths: number;
  pricePaise: number;
  mrpPaise: number;
  stock: number;
  image: string | null;
};

/** Car, bike, inverter, industrial: the order shoppers meet the categories in. */
const byCategory = sql`array_position(${sql.raw(`array[${sqlList(productCategories)}]::text[]`)}, ${products.category})`;

const orderings: Record<CatalogQuery["sort"], SQL[]> = {
  featured: [byCategory, asc(products.capacityAh), asc(products.pricePaise)],
  "price-asc": [asc(products.pricePaise)],
  "price-desc": [desc(products.pricePaise)],
  "capacity-asc": [asc(products.capacityAh), asc(products.pricePaise)],
  "capacity-desc": [desc(products.capacityAh), asc(products.pricePaise)],
};

/**
 * One page of active products. Capacity, voltage and warranty filters combine with AND and
 * exact equality, as on the original site; category narrows further.
 */
export async function listProducts(
  db: Db,
  query: Pick<CatalogQuery, "capacity" | "voltage" | "warranty" | "category" | "sort" | "page"> & {
    q?: string;
  },
) {
  const conditions: SQL[] = [eq(products.active, true)];
  if (query.capacity !== undefined) conditions.push(eq(products.capacityAh, query.capacity));
  if (query.voltage !== undefined) conditions.push(eq(products.voltageV, query.voltage));
  if (query.warranty !== undefined) conditions.push(eq(products.warrantyMonths, query.warranty));
  if (query.category) conditions.push(eq(products.category, query.category));
  if (query.q) {
    // Spaces, dashes and dots count alike: "drive 40" finds DRIVE-40L.
    const words = query.q.split(/[^a-z0-9]+/i).filter(Boolean);
    const pattern = `%${words.map(escapeLike).join("%")}%`;
    conditions.push(ilike(products.model, pattern));
  }
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(products).where(where);
  const total = totalRow?.n ?? 0;
  const { page, pageCount, limit, offset } = paginate(total, query.page, CATALOG_PAGE_SIZE);
  const items: ProductCard[] = await db
    .select(productCardColumns)
    .from(products)
    .where(where)
    .orderBy(...orderings[query.sort], asc(products.id))
    .limit(limit)
    .offset(offset);
  return { items, total, page, pageCount };
}

const sortedUnion = (spec: readonly number[], present: number[]) =>
  [...new Set([...spec, ...present])].sort((a, b) => a - b);

export type FilterOptions = { capacities: number[]; voltages: number[]; warranties: number[] };

/**
 * The filter dropdowns. Without a category: the spec's options plus every value present in the
 * active catalogue (the admin form uses these too). With a category: only the values that
 * active products of that category have, so the spec's standard values appear only where that
 * category sells them and no option leads to an empty list by itself.
 */
export async function getFilterOptions(db: Db, category?: ProductCategory): Promise<FilterOptions> {
  const rows = await db
    .selectDistinct({
      capacity: products.capacityAh,
      voltage: products.voltageV,
      warranty: products.warrantyMonths,
    })
    .from(products)
    .where(and(eq(products.active, true), category ? eq(products.category, category) : undefined));
  const spec = (values: readonly number[]) => (category ? [] : values);
  return {
    capacities: sortedUnion(
      spec(specCapacities),
      rows.map((r) => r.capacity),
    ),
    voltages: sortedUnion(
      spec(specVoltages),
      rows.map((r) => r.voltage),
    ),
    warranties: sortedUnion(
      spec(specWarrantyMonths),
      rows.map((r) => r.warranty),
    ),
  };
}

/**
 * The query without the filter values the options do not offer (a capacity kept from another
 * category, a hand-edited address), or null when every value is on offer.
 */
export function withoutUnofferedFilters<
  Q extends Pick<CatalogQuery, "capacity" | "voltage" | "warranty">,
>(query: Q, options: FilterOptions): Q | null {
  const offered = {
    capacity: options.capacities,
    voltage: options.voltages,
    warranty: options.warranties,
  };
  let changed = false;
  const next = { ...query };
  for (const key of ["capacity", "voltage", "warranty"] as const) {
    const value = next[key];
    if (value !== undefined && !offered[key].includes(value)) {
      next[key] = undefined;
      changed = true;
    }
  }
  return changed ? next : null;
}

/**
 * A product by the key in its URL: its model (as the original site linked it, any case), its
 * slug, or its numeric id (the old `/oneprod/{id}` form). Inactive products are not found.
 */
export async function findProduct(db: Db, key: string) {
  const decoded = key.trim();
  const byKey: SQL[] = [ilike(products.model, escapeLike(decoded))];
  const slug = slugify(decoded);
  if (slug) byKey.push(eq(products.slug, slug));
  if (/^\d{1,9}$/.test(decoded)) byKey.push(eq(products.id, Number(decoded)));
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.active, true), or(...byKey)))
    .orderBy(asc(products.id))
    .limit(1);
  return product ?? null;
}

/**
 * The current model of the active product that once had this model (its URL key), or null.
 * Every former model points straight at the product, so a chain of renames is one hop.
 */
export async function findRenamedProduct(db: Db, key: string): Promise<string | null> {
  const slug = slugify(key.trim());
  if (!slug) return null;
  const [row] = await db
    .select({ model: products.model })
    .from(productRedirects)
    .innerJoin(products, eq(products.id, productRedirects.productId))
    .where(and(eq(productRedirects.slug, slug), eq(products.active, true)))
    .limit(1);
  return row?.model ?? null;
}

/** Up to four other active products of the same category, nearest in capacity first. */
export async function listRelatedProducts(
  db: Db,
  product: { id: number; category: ProductCategory; capacityAh: number },
  limit = 4,
): Promise<ProductCard[]> {
  return db
    .select(productCardColumns)
    .from(products)
    .where(
      and(
        eq(products.active, true),
        eq(products.category, product.category),
        sql`${products.id} <> ${product.id}`,
      ),
    )
    .orderBy(sql`abs(${products.capacityAh} - ${product.capacityAh})`, asc(products.pricePaise))
    .limit(limit);
}

/** A product's average rating (one decimal) and number of reviews: all, and verified purchases. */
export type RatingSummary = {
  count: number;
  average: number | null;
  verified: { count: number; average: number | null };
};

/** Average rating (one decimal) and number of reviews of a product, also of verified purchases. */
export async function getRatingSummary(db: Db, productId: number): Promise<RatingSummary> {
  const verified = verifiedPurchaseOf(db);
  const [row] = await db
    .select({
      count: count(),
      average: sql<number | null>`round(avg(${reviews.rating})::numeric, 1)::float8`,
      verifiedCount: sql<number>`(count(*) filter (where ${verified}))::int`,
      verifiedAverage: sql<
        number | null
      >`round((avg(${reviews.rating}) filter (where ${verified}))::numeric, 1)::float8`,
    })
    .from(reviews)
    .where(eq(reviews.productId, productId));
  return {
    count: row?.count ?? 0,
    average: row?.average ?? null,
    verified: { count: row?.verifiedCount ?? 0, average: row?.verifiedAverage ?? null },
  };
}

/**
 * The home page's best-sellers. Orders arrive with the checkout; until a product has been
 * ordered, the products the admin marked as featured fill the row, most affordable first.
 */
export async function listBestSellers(db: Db, limit = 4): Promise<ProductCard[]> {
  return db
    .select(productCardColumns)
    .from(products)
    .where(and(eq(products.active, true), eq(products.featured, true)))
    .orderBy(byCategory, asc(products.pricePaise), asc(products.id))
    .limit(limit);
}

/** How many active batteries each category has (0 for a category with none): the home tiles. */
export async function countProductsByCategory(db: Db): Promise<Record<ProductCategory, number>> {
  const rows = await db
    .select({ category: products.category, n: count() })
    .from(products)
    .where(eq(products.active, true))
    .groupBy(products.category);
  const counts = Object.fromEntries(productCategories.map((c) => [c, 0])) as Record<
    ProductCategory,
    number
  >;
  for (const row of rows) counts[row.category] = row.n;
  return counts;
}
