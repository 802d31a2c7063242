import type { ProductCategory } from "~/db/schema/enums";
import { formatCapacity, formatWarranty } from "~/lib/format";
import { categoryLabels } from "./catalog.options";

/**
 * A product's descriptive name: the one the admin gave, else one made from its data
 * ("Car battery 35Ah, 3 years warranty"), so it follows a change of capacity or warranty.
 */
export function productName(p: {
  name: string | null;
  category: ProductCategory;
  capacityAh: number;
  warrantyMonths: number;
}): string {
  if (p.name) return p.name;
  const warranty = p.warrantyMonths > 0 ? `, ${formatWarranty(p.warrantyMonths)} warranty` : "";
  return `${categoryLabels[p.category]} battery ${formatCapacity(p.capacityAh)}${warranty}`;
}
