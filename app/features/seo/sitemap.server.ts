/**
 * `/sitemap.xml`: every public page a search engine should know, each with the date its content
 * last changed. It is made of parts, each a list of entries read from where they live: the
 * store's pages at fixed addresses (`staticPublicPages`), the catalogue's categories and every
 * battery on sale. A new kind of public page adds its part to `sitemapParts`, or its address to
 * `staticPublicPages`.
 */

import { asc, eq, max } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outlets, products, settings, testimonials, vehicles } from "~/db/schema";
import { productCategories } from "~/db/schema/enums";
import { catalogPath } from "~/features/catalog/catalog.options";
import { productHref } from "~/features/catalog/product-image";
import { BLOG_PATH } from "~/features/content/article-path";
import { listArticles } from "~/features/content/articles.server";
import { toolPaths } from "~/features/tools/tool-paths";
import { LOCALES, type Locale, localePath } from "~/lib/i18n/locales";
import { absoluteUrl } from "~/lib/json-ld";

/** One address of the sitemap: a path on the store, and when its content last changed (if
 * anything dates it). */
export type SitemapEntry = { path: string; lastmod?: Date | null };

/** A part of the sitemap: its entries, read from the database or known without it. */
export type SitemapPart = (db: Db) => Promise<readonly SitemapEntry[]> | readonly SitemapEntry[];

/** The data whose newest change dates a page at a fixed address. */
const dataDates = {
  products: (db: Db) => db.select({ at: max(products.updatedAt) }).from(products),
  testimonials: (db: Db) => db.select({ at: max(testimonials.updatedAt) }).from(testimonials),
  vehicles: (db: Db) => db.select({ at: max(vehicles.updatedAt) }).from(vehicles),
  dealers: (db: Db) =>
    db
      .select({ at: max(outlets.updatedAt) })
      .from(outlets)
      .where(eq(outlets.kind, "dealer")),
  serviceCentres: (db: Db) =>
    db
      .select({ at: max(outlets.updatedAt) })
      .from(outlets)
      .where(eq(outlets.kind, "service_centre")),
  settings: (db: Db) => db.select({ at: max(settings.updatedAt) }).from(settings),
};
export type DataDate = keyof typeof dataDates;

/**
 * A public page at a fixed address, dated by the newest change of the data it shows (none: no
 * lastmod, rather than a made-up one), or by a date of its own.
 */
export type StaticPage = { path: string; datedBy?: readonly DataDate[]; lastmod?: Date };

/** The store's public pages at fixed addresses. A new one (a tool page) is added here. */
export const staticPublicPages: StaticPage[] = [
  { path: "/", datedBy: ["products", "testimonials"] },
  { path: "/allproduct", datedBy: ["products"] },
  { path: "/findby", datedBy: ["vehicles"] },
  { path: "/dealer", datedBy: ["dealers"] },
  { path: "/service", datedBy: ["serviceCentres"] },
  { path: "/warranty", datedBy: ["products"] },
  { path: "/contactus", datedBy: ["settings"] },
  // The tools' own pages: no data dates them, so no lastmod.
  { path: toolPaths.healthCheck },
  { path: toolPaths.inverterSizing, datedBy: ["products"] },
];

/** The newest of some dates (null when there are none). */
function newest(dates: readonly (Date | null | undefined)[]): Date | null {
  let found: Date | null = null;
  for (const date of dates) if (date && (!found || date > found)) found = date;
  return found;
}

/** The pages of `pages`, each dated by its data (each kind of data read once). */
export function staticPagesPart(pages: readonly StaticPage[] = staticPublicPages): SitemapPart {
  return async (db) => {
    const kinds = [...new Set(pages.flatMap((page) => page.datedBy ?? []))];
    const dates = new Map<DataDate, Date | null>();
    for (const kind of kinds) {
      const [row] = await dataDates[kind](db);
      dates.set(kind, row?.at ?? null);
    }
    return pages.map((page) => ({
      path: page.path,
      lastmod: newest([page.lastmod, ...(page.datedBy ?? []).map((kind) => dates.get(kind))]),
    }));
  };
}

/** A category of the catalogue with batteries on sale, dated by its newest battery change. */
export const categoryPages: SitemapPart = async (db) => {
  const rows = await db
    .select({ category: products.category, at: max(products.updatedAt) })
    .from(products)
    .where(eq(products.active, true))
    .groupBy(products.category);
  const dates = new Map(rows.map((row) => [row.category, row.at]));
  return productCategories
    .filter((category) => dates.has(category))
    .map((category) => ({ path: catalogPath(category), lastmod: dates.get(category) }));
};

/** Every battery on sale, on its canonical address, dated by its own last change. */
export const productPages: SitemapPart = async (db) => {
  const rows = await db
    .select({ model: products.model, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.id));
  return rows.map((row) => ({ path: productHref(row.model), lastmod: row.updatedAt }));
};

/** The parts of the sitemap, in order. A new kind of public page (articles) adds its part. */
/** The blog and its articles, each dated by its last change (the front matter's `updated` or
 * `date`); the old site's /blog1 to /blog3 are redirects and stay out. */
const articlePages: SitemapPart = () => {
  const articles = listArticles();
  const dates = articles.map((article) => new Date(`${article.lastModified}T00:00:00+05:30`));
  return [
    { path: BLOG_PATH, lastmod: newest(dates) },
    ...articles.map((article, i) => ({ path: article.path, lastmod: dates[i] })),
  ];
};

export const sitemapParts: SitemapPart[] = [
  staticPagesPart(),
  articlePages,
  categoryPages,
  productPages,
];

/** Every entry of the parts, each address once (the first part to list it gives its date). */
export async function sitemapEntries(
  db: Db,
  parts: readonly SitemapPart[] = sitemapParts,
): Promise<SitemapEntry[]> {
  const seen = new Set<string>();
  const entries: SitemapEntry[] = [];
  for (const part of parts) {
    for (const entry of await part(db)) {
      if (seen.has(entry.path)) continue;
      seen.add(entry.path);
      entries.push(entry);
    }
  }
  return entries;
}

const xmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text as XML writes it inside an element. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => xmlEntities[char] ?? char);
}

/** A date as the sitemap writes it (W3C Datetime, to the second, in UTC). */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * The sitemap document (sitemaps.org 0.9): each page in each language (English at its own
 * address, Hindi and Gujarati under their prefixes), each address absolute on the store's
 * configured URL (never the request's Host), XML-escaped, with its lastmod when known and its
 * other languages as `xhtml:link` alternates (x-default: English), as search engines read
 * hreflang in sitemaps. One file holds 50,000 addresses (some 16,000 pages in three languages);
 * a store that outgrows it needs a sitemap index.
 */
export function sitemapXml(entries: readonly SitemapEntry[], publicUrl: string): string {
  const urls = entries.flatMap((entry) => {
    const href = (locale: Locale) =>
      escapeXml(absoluteUrl(localePath(locale, entry.path), publicUrl));
    const alternates = [
      ...LOCALES.map(
        (locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${href(locale)}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${href("en")}"/>`,
    ].join("");
    const lastmod = entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : "";
    return LOCALES.map((locale) => `<url><loc>${href(locale)}</loc>${lastmod}${alternates}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
