/**
 * The words of a battery's specification in the page's language (issue 26): its warranty in
 * years or months, its category, its descriptive name. Units (Ah, V) stay as they are. The
 * same functions serve the server (`serverTranslate(locale).t`) and components (`useSpecText`).
 */
import { useMemo } from "react";
import type { ProductCategory } from "~/db/schema/enums";
import { categoryLabels } from "~/features/catalog/catalog.options";
import { formatCapacity } from "~/lib/format";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import type { Values } from "~/lib/i18n/translate";

type Translator = (source: string, values?: Values) => string;

/** The category names as the catalogue shows them ("Car"): their values stay English. */
export const CATEGORY_NAMES = [msg("Car"), msg("Bike"), msg("Inverter"), msg("Industrial")];

/** 12 -> "1 year", 24 -> "2 years", 18 -> "18 months", 0 -> "No warranty" (as formatWarranty). */
export function warrantyText(t: Translator, months: number): string {
  if (months <= 0) return t("No warranty");
  if (months % 12 === 0) {
    return t("{years, plural, one {# year} other {# years}}", { years: months / 12 });
  }
  return t("{months, plural, one {# month} other {# months}}", { months });
}

/** "2 years warranty", as a filter chip or a notice names a warranty filter. */
export function warrantyFilterText(t: Translator, months: number): string {
  return t("{warranty} warranty", { warranty: warrantyText(t, months) });
}

export function categoryText(t: Translator, category: ProductCategory): string {
  return t(categoryLabels[category]);
}

/** "Car batteries". */
export function categoryBatteriesText(t: Translator, category: ProductCategory): string {
  return t("{category} batteries", { category: categoryText(t, category) });
}

/** A product's descriptive name (as productName): the admin's, else one made from its data. */
export function productNameText(
  t: Translator,
  p: { name: string | null; category: ProductCategory; capacityAh: number; warrantyMonths: number },
): string {
  if (p.name) return p.name;
  const values = {
    category: categoryText(t, p.category),
    capacity: formatCapacity(p.capacityAh),
  };
  return p.warrantyMonths > 0
    ? t("{category} battery {capacity}, {warranty} warranty", {
        ...values,
        warranty: warrantyText(t, p.warrantyMonths),
      })
    : t("{category} battery {capacity}", values);
}

/** The functions above with the page's translator. */
export function useSpecText() {
  const t = useT("product");
  return useMemo(
    () => ({
      t,
      warranty: (months: number) => warrantyText(t, months),
      warrantyFilter: (months: number) => warrantyFilterText(t, months),
      category: (category: ProductCategory) => categoryText(t, category),
      categoryBatteries: (category: ProductCategory) => categoryBatteriesText(t, category),
      productName: (p: Parameters<typeof productNameText>[1]) => productNameText(t, p),
    }),
    [t],
  );
}
