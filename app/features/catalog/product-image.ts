import { productCategories } from "~/db/schema/enums";

/** Shown wherever a product has no image. */
export const PLACEHOLDER_IMAGE = "/images/product-placeholder.svg";

/**
 * The small (card) version of a product image: uploads are stored as "<hash>-detail.webp" with
 * a "<hash>-card.webp" sibling; other images (the demo SVGs) have one size.
 */
export function cardImage(image: string | null | undefined, category?: string): string {
  if (!image) return category ? familyImage(category) : PLACEHOLDER_IMAGE;
  return image.startsWith("/uploads/") ? image.replace(/-detail\.webp$/, "-card.webp") : image;
}

/** The large version: the image itself, else its family's drawn picture. */
export function detailImage(image: string | null | undefined, category?: string): string {
  return image || (category ? familyImage(category) : PLACEHOLDER_IMAGE);
}

/** The product page address, by model as the original site linked it. */
export function productHref(model: string): string {
  return `/oneprod/${encodeURIComponent(model)}`;
}

const families = new Set<string>(productCategories);

/** The drawn family picture (public/images/families) for a product without its own image. */
export function familyImage(category: string): string {
  return families.has(category) ? `/images/families/${category}.svg` : PLACEHOLDER_IMAGE;
}
