import { and, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { products } from "~/db/schema";
import { stripLocale } from "~/lib/i18n/locales";
import { escapeLike } from "~/lib/sql.server";
import { slugify } from "./slug";

/**
 * The active product a product page's address names: its model (any case), its slug, or its
 * number. The page (findProduct) and the shopper's preread (ownReviewOn) match it alike.
 */
export function productOfKey(key: string): SQL | undefined {
  // No model holds a NUL, and PostgreSQL cannot compare text with one (issue 27: it was a 500).
  if (key.includes("\0")) return sql`false`;
  const decoded = key.trim();
  const byKey: SQL[] = [ilike(products.model, escapeLike(decoded))];
  const slug = slugify(decoded);
  if (slug) byKey.push(eq(products.slug, slug));
  if (/^\d{1,9}$/.test(decoded)) byKey.push(eq(products.id, Number(decoded)));
  return and(eq(products.active, true), or(...byKey));
}

/** The key of a product page's address (`/oneprod/<key>` or its data request, in any language),
 * else null. */
export function productKeyOfPath(path: string): string | null {
  const segment = /^\/oneprod\/([^/]+?)(?:\.data)?$/.exec(stripLocale(path))?.[1];
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
