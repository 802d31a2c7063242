import type { productCategories } from "~/db/schema/enums";
import type { CatalogQuery } from "./catalog.schema";

/*
 * The catalogue's options and labels, without zod: the shop's pages import these in the
 * browser, and zod only comes with the forms that need it (catalog.schema.ts).
 */

/** The filter options the original site offered; the catalogue adds any other values it has. */
export const specCapacities = [40, 50, 60] as const;
export const specVoltages = [12, 24, 36] as const;
export const specWarrantyMonths = [12, 24, 36] as const;

export const CATALOG_PAGE_SIZE = 24;

export const catalogSorts = [
  "featured",
  "price-asc",
  "price-desc",
  "capacity-asc",
  "capacity-desc",
] as const;

export const categoryLabels: Record<(typeof productCategories)[number], string> = {
  car: "Car",
  bike: "Bike",
  inverter: "Inverter",
  industrial: "Industrial",
};

/**
 * The catalogue's canonical address: all batteries or one category, and its page after the
 * first (a search, a filter or a sort shows the same batteries in another way).
 */
export function catalogPath(category?: (typeof productCategories)[number], page = 1): string {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/allproduct?${query}` : "/allproduct";
}

/** True when at least one of the spec's three filters is chosen. */
export function hasAttributeFilter(q: Pick<CatalogQuery, "capacity" | "voltage" | "warranty">) {
  return q.capacity !== undefined || q.voltage !== undefined || q.warranty !== undefined;
}

/** One suggestion of the header's search box: a battery, or a vehicle leading to what fits. */
export type SearchSuggestion = {
  kind: "battery" | "vehicle";
  /** What the list shows: a model, or a vehicle's make and model. */
  label: string;
  /** The battery's descriptive name, or "Batteries that fit". */
  detail: string;
  href: string;
};

/** The suggestions' resource route (routes/site/search-suggestions.ts) and its answer. */
export const SEARCH_SUGGESTIONS_PATH = "/search/suggestions";
export type SuggestionsAnswer = { q: string; suggestions: SearchSuggestion[] };
