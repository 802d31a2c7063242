import { formatCapacity, formatVoltage, formatWarranty } from "~/lib/format";
import type { CatalogQuery } from "./catalog.schema";

/** One active filter shown above the results, with the address that removes only it. */
export type FilterChip = { key: ChipKey; label: string; href: string };

const chipKeys = ["capacity", "voltage", "warranty", "q"] as const;
type ChipKey = (typeof chipKeys)[number];

/** The catalogue's address without these parameters (and without `page` and `apply`). */
function without(path: string, search: string, keys: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const key of [...keys, "page", "apply"]) params.delete(key);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/** A warranty filter's name: "2 years warranty" (a page in another language gives its own). */
type WarrantyLabel = (months: number) => string;
const englishWarranty: WarrantyLabel = (months) => `${formatWarranty(months)} warranty`;

function chipLabel(
  key: ChipKey,
  query: Pick<CatalogQuery, ChipKey>,
  warrantyLabel: WarrantyLabel,
): string | null {
  switch (key) {
    case "capacity":
      return query.capacity === undefined ? null : formatCapacity(query.capacity);
    case "voltage":
      return query.voltage === undefined ? null : formatVoltage(query.voltage);
    case "warranty":
      return query.warranty === undefined ? null : warrantyLabel(query.warranty);
    case "q":
      return query.q ? `“${query.q}”` : null;
  }
}

/**
 * The catalogue's active filters (capacity, voltage, warranty and the model search) as chips, each
 * linking to the same address without that filter and back on page 1; category and sort stay.
 */
export function filterChips(
  query: Pick<CatalogQuery, ChipKey>,
  path: string,
  search: string,
  warrantyLabel: WarrantyLabel = englishWarranty,
): FilterChip[] {
  return chipKeys.flatMap((key) => {
    const label = chipLabel(key, query, warrantyLabel);
    return label ? [{ key, label, href: without(path, search, [key]) }] : [];
  });
}

/** The address without any of the chips' filters (category and sort stay). */
export function clearFiltersHref(path: string, search: string): string {
  return without(path, search, chipKeys);
}

/** How many of the three select filters are set (the count on the phone's "Filters" button). */
export function activeSelectCount(query: Pick<CatalogQuery, "capacity" | "voltage" | "warranty">) {
  return [query.capacity, query.voltage, query.warranty].filter((v) => v !== undefined).length;
}
