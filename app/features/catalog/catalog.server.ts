import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { productRedirects, products, reviews, vehicleFitments, vehicles } from "~/db/schema";
import { type ProductCategory, productCategories, sqlList } from "~/db/schema/enums";
import type { Locale } from "~/lib/i18n/locales";
import {
  CONTENT_LOCALES,
  type ContentLocale,
  type ContentTranslations,
  withLocalized,
} from "~/lib/i18n/localized";
import { paginate } from "~/lib/paginate";
import { escapeLike, qualified } from "~/lib/sql.server";
import { catalogMessages } from "./catalog.messages";
import {
  CATALOG_PAGE_SIZE,
  type SearchSuggestion,
  specCapacities,
  specVoltages,
  specWarrantyMonths,
} from "./catalog.options";
import type { CatalogQuery } from "./catalog.schema";
import { productHref } from "./product-image";
import { productOfKey } from "./product-key.server";
import { productName } from "./product-name";
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

/** What a product's model and descriptive name (productName) are made from. */
export const namedProductColumns = {
  model: products.model,
  name: products.name,
  category: products.category,
  capacityAh: products.capacityAh,
  warrantyMonths: products.warrantyMonths,
};

export type ProductCard = {
  /** On a Hindi or Gujarati page: "name" when the name is shown in English (no translation). */
  english?: "name"[];
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

/** The card's columns and the name's translations, for `localCards`. */
const translatedCardColumns = { ...productCardColumns, translations: products.translations };

/** Cards with their name in the page's language (English where it has none). */
function localCards(
  rows: (ProductCard & { translations: ContentTranslations<"name" | "description"> })[],
  locale: Locale,
): ProductCard[] {
  return rows.map((row) => withLocalized(row, locale, ["name"]));
}

/** Car, bike, inverter, industrial: the order shoppers meet the categories in (the expression
 * of the featured sort's index, products_featured_order_idx). */
const byCategory = sql`array_position(${sql.raw(`array[${sqlList(productCategories)}]::text[]`)}, ${products.category})`;

const orderings: Record<CatalogQuery["sort"], SQL[]> = {
  featured: [byCategory, asc(products.capacityAh), asc(products.pricePaise)],
  "price-asc": [asc(products.pricePaise)],
  "price-desc": [desc(products.pricePaise)],
  "capacity-asc": [asc(products.capacityAh), asc(products.pricePaise)],
  "capacity-desc": [desc(products.capacityAh), asc(products.pricePaise)],
};

/** A capacity written as shoppers do: "150Ah", "150 ah", "150AH". */
const CAPACITY = /\b(\d{1,4})\s*ah\b/i;
/** A voltage written as shoppers do, standing apart: "12V", "12 v", "24 volt" (not the "12V" of a
 * model code such as "HOME-12V7"). */
const VOLTAGE = /(?<!\S)(\d{1,3})\s*(?:v|volts?)(?!\S)/i;

/** Words that name a category, as shoppers type them, in English, Hindi and Gujarati. */
const CATEGORY_WORDS: Readonly<Record<string, ProductCategory>> = {
  car: "car",
  cars: "car",
  कार: "car",
  કાર: "car",
  bike: "bike",
  bikes: "bike",
  scooter: "bike",
  motorcycle: "bike",
  बाइक: "bike",
  બાઇક: "bike",
  inverter: "inverter",
  inverters: "inverter",
  ups: "inverter",
  इन्वर्टर: "inverter",
  ઇન્વર્ટર: "inverter",
  industrial: "industrial",
};
/** Words every battery answers to: they narrow nothing ("car battery" is the cars'). */
const BATTERY_WORDS = new Set(["battery", "batteries", "बैटरी", "બેટરી"]);

export type ParsedSearch = {
  capacityAh?: number;
  voltageV?: number;
  /** The categories the words name ("inverter", "bike"), when any. */
  categories?: ProductCategory[];
  words: string[];
};

/**
 * What a search (`?q=`, the header's box) means: a capacity ("150Ah"), a voltage ("12V"), the
 * categories it names ("inverter battery") and the rest's words ("drive 40": spaces, dashes and
 * dots count alike), each possibly absent.
 */
export function parseSearch(q: string): ParsedSearch {
  const capacity = CAPACITY.exec(q);
  let rest = capacity ? q.replace(capacity[0], " ") : q;
  const voltage = VOLTAGE.exec(rest);
  if (voltage) rest = rest.replace(voltage[0], " ");
  const categories = new Set<ProductCategory>();
  const kept: string[] = [];
  // A category's name standing apart ("car battery"), not inside a model code ("CAR-01").
  for (const token of rest.split(/\s+/).filter(Boolean)) {
    const bare = token.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu, "");
    const category = CATEGORY_WORDS[bare];
    if (category) categories.add(category);
    else if (!BATTERY_WORDS.has(bare)) kept.push(token);
  }
  // Letters of any script (with their vowel signs), so a Hindi or Gujarati name is found too.
  const words = kept
    .join(" ")
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
  return {
    ...(capacity ? { capacityAh: Number(capacity[1]) } : {}),
    ...(voltage ? { voltageV: Number(voltage[1]) } : {}),
    ...(categories.size > 0 ? { categories: [...categories] } : {}),
    words,
  };
}

/** A product's name in Hindi or Gujarati: the expression of its trigram index (the language
 * written in, not a parameter, so that the index is used). */
const translatedName = (locale: ContentLocale) =>
  sql`(${products.translations} -> ${sql.raw(`'${locale}'`)} ->> 'name')`;

/** The words as one LIKE pattern, in their order ("maruti swift" -> %maruti%swift%). */
const wordsPattern = (words: string[]) => `%${words.map(escapeLike).join("%")}%`;

/** A vehicle's make and model as one text ("Maruti Suzuki Swift"): the expression of its
 * trigram index, vehicles_name_trgm_idx. */
const vehicleName = sql`${vehicles.make} || ' ' || ${vehicles.model}`;

/**
 * The products a search finds: its words in the model ("drive 40" finds DRIVE-40L), the
 * descriptive name, or the make and model of a vehicle the battery fits (the finder's table:
 * "Swift", "Honda Activa"); a capacity ("150Ah", "150 ah") and a voltage ("12V") must match
 * exactly, and a category named ("inverter", "bike battery") narrows to it. Undefined for a
 * search with nothing in it.
 */
export function searchCondition(db: Pick<Db, "select">, q: string): SQL | undefined {
  const { capacityAh, voltageV, categories, words } = parseSearch(q);
  const conditions: SQL[] = [];
  if (capacityAh !== undefined) conditions.push(eq(products.capacityAh, capacityAh));
  if (voltageV !== undefined) conditions.push(eq(products.voltageV, voltageV));
  if (categories) conditions.push(inArray(products.category, categories));
  if (words.length > 0) {
    const pattern = wordsPattern(words);
    // Two sets, each found by trigram indexes (ADR 039): the products whose model or name has
    // the words, and those that fit a vehicle that has them.
    const named = db
      .select({ id: sql<number>`${qualified(products.id)}` })
      .from(products)
      .where(
        or(
          ilike(products.model, pattern),
          ilike(products.name, pattern),
          // The name in Hindi or Gujarati too (issue 26): a shopper may type either.
          ...CONTENT_LOCALES.map((locale) => ilike(translatedName(locale), pattern)),
        ),
      );
    const fitting = db
      .select({ id: vehicleFitments.productId })
      .from(vehicleFitments)
      .innerJoin(vehicles, eq(vehicles.id, vehicleFitments.vehicleId))
      .where(ilike(vehicleName, pattern));
    conditions.push(inArray(products.id, union(named, fitting)));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * One page of active products. Capacity, voltage and warranty filters combine with AND and
 * exact equality, as on the original site; category narrows further; a search (`q`,
 * searchCondition) narrows to what it finds.
 */
export async function listProducts(
  db: Db,
  query: Pick<CatalogQuery, "capacity" | "voltage" | "warranty" | "category" | "sort" | "page"> & {
    q?: string;
  },
  locale: Locale = "en",
) {
  const conditions: SQL[] = [eq(products.active, true)];
  if (query.capacity !== undefined) conditions.push(eq(products.capacityAh, query.capacity));
  if (query.voltage !== undefined) conditions.push(eq(products.voltageV, query.voltage));
  if (query.warranty !== undefined) conditions.push(eq(products.warrantyMonths, query.warranty));
  if (query.category) conditions.push(eq(products.category, query.category));
  const search = query.q ? searchCondition(db, query.q) : undefined;
  if (search) conditions.push(search);
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(products).where(where);
  const total = totalRow?.n ?? 0;
  const { page, pageCount, limit, offset } = paginate(total, query.page, CATALOG_PAGE_SIZE);
  const order = [...orderings[query.sort], asc(products.id)];
  // The page's ids first, in the order's index (ADR 039), then the cards of those 24 only: the
  // ratings are never read for the products an offset skips.
  const pageIds = db
    .select({ id: sql<number>`${qualified(products.id)}` })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const rows = await db
    .select(translatedCardColumns)
    .from(products)
    .where(inArray(products.id, pageIds))
    .orderBy(...order);
  return { items: localCards(rows, locale), total, page, pageCount };
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
 * slug, or its numeric id (the old `/oneprod/{id}` form). Inactive products are not found. Its
 * name and description are in `locale` (English where missing, listed in `english`).
 */
export async function findProduct(db: Db, key: string, locale: Locale = "en") {
  const [product] = await db
    .select()
    .from(products)
    .where(productOfKey(key))
    .orderBy(asc(products.id))
    .limit(1);
  return product ? withLocalized(product, locale, ["name", "description"]) : null;
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
  locale: Locale = "en",
): Promise<ProductCard[]> {
  const rows = await db
    .select(translatedCardColumns)
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
  return localCards(rows, locale);
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
export async function listBestSellers(
  db: Db,
  limit = 4,
  locale: Locale = "en",
): Promise<ProductCard[]> {
  const rows = await db
    .select(translatedCardColumns)
    .from(products)
    .where(and(eq(products.active, true), eq(products.featured, true)))
    .orderBy(byCategory, asc(products.pricePaise), asc(products.id))
    .limit(limit);
  return localCards(rows, locale);
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

/**
 * Up to `limit` suggestions for the header's search box as the shopper types: the vehicles
 * whose make and model match (each leading to the batteries that fit it, at most three), then
 * the batteries the same search finds (model, name, fitting vehicle, capacity), featured order.
 */
export async function suggestSearch(
  db: Db,
  q: string,
  limit = 8,
  /** A battery's descriptive name (a page in another language gives its own). */
  nameOf: (battery: Parameters<typeof productName>[0]) => string = productName,
): Promise<SearchSuggestion[]> {
  const { capacityAh, voltageV, categories, words } = parseSearch(q);
  if (capacityAh === undefined && voltageV === undefined && !categories && words.length === 0) {
    return [];
  }
  const vehicleRows =
    words.length > 0 && capacityAh === undefined && voltageV === undefined
      ? await db
          .selectDistinct({ make: vehicles.make, model: vehicles.model })
          .from(vehicles)
          .innerJoin(vehicleFitments, eq(vehicleFitments.vehicleId, vehicles.id))
          .innerJoin(products, eq(products.id, vehicleFitments.productId))
          .where(and(ilike(vehicleName, wordsPattern(words)), eq(products.active, true)))
          .orderBy(asc(vehicles.make), asc(vehicles.model))
          .limit(Math.min(3, limit))
      : [];
  const batteries = await db
    .select(namedProductColumns)
    .from(products)
    .where(and(eq(products.active, true), searchCondition(db, q)))
    .orderBy(...orderings.featured, asc(products.id))
    .limit(limit - vehicleRows.length);
  return [
    ...vehicleRows.map((v) => {
      const name = `${v.make} ${v.model}`;
      return {
        kind: "vehicle" as const,
        label: name,
        detail: catalogMessages.batteriesThatFit,
        href: `/allproduct?${new URLSearchParams({ q: name })}`,
      };
    }),
    ...batteries.map((b) => ({
      kind: "battery" as const,
      label: b.model,
      detail: nameOf(b),
      href: productHref(b.model),
    })),
  ];
}
