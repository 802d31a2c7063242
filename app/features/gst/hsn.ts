import type { ProductCategory } from "~/db/schema/enums";

/**
 * HSN codes of batteries (heading 8507, ADR 033): a product's own code when the admin gave one,
 * else its category's, lithium-ion by its technology. Free of zod and the database.
 */
export const HSN = {
  /** Lead-acid, for starting piston engines: car and bike batteries. */
  leadAcidStarting: "850710",
  /** Other lead-acid: inverter, tubular, industrial. */
  leadAcidOther: "850720",
  lithiumIon: "850760",
} as const;

const LITHIUM = /\blithium\b|\bli-?ion\b|\blifepo4\b/i;

/** The code a product of this category and technology has unless the admin says otherwise. */
export function defaultHsnOf(product: {
  category: ProductCategory;
  technology?: string | null;
}): string {
  if (product.technology && LITHIUM.test(product.technology)) return HSN.lithiumIon;
  return product.category === "car" || product.category === "bike"
    ? HSN.leadAcidStarting
    : HSN.leadAcidOther;
}

/** The code a product's invoice lines print. */
export function hsnOf(product: {
  hsnCode: string | null;
  category: ProductCategory;
  technology?: string | null;
}): string {
  return product.hsnCode ?? defaultHsnOf(product);
}

/** An HSN code as the product form takes it: 4, 6 or 8 digits. */
export const HSN_PATTERN = /^[0-9]{4}([0-9]{2}){0,2}$/;
