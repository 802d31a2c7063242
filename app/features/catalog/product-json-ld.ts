import type { products } from "~/db/schema";
import { absoluteUrl, type JsonLdThing } from "~/lib/json-ld";
import { paiseToRupeeString } from "~/lib/money";
import { categoryLabels } from "./catalog.options";
import { detailImage, productHref } from "./product-image";

/** The columns of a product row its structured data is made of. */
export type ProductForJsonLd = Pick<
  typeof products.$inferSelect,
  "model" | "brand" | "category" | "description" | "image" | "pricePaise" | "stock"
>;

/** The product's picture as an absolute URL on the store (its upload, else its family drawing). */
export function productImageUrl(
  product: Pick<ProductForJsonLd, "image" | "category">,
  publicUrl: string,
) {
  return absoluteUrl(detailImage(product.image, product.category), publicUrl);
}

/**
 * A product page's schema.org Product: its Offer at the price the server computes (decimal
 * rupees from paise, INR), in stock or not, on the page's canonical address; its
 * AggregateRating only when it has reviews (an empty rating is not allowed there).
 */
export function productJsonLd(
  product: ProductForJsonLd,
  rating: { count: number; average: number | null },
  publicUrl: string,
): JsonLdThing {
  const url = absoluteUrl(productHref(product.model), publicUrl);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.model,
    sku: product.model,
    model: product.model,
    brand: { "@type": "Brand", name: product.brand },
    description: product.description || undefined,
    image: productImageUrl(product, publicUrl),
    category: `${categoryLabels[product.category]} battery`,
    url,
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "INR",
      price: paiseToRupeeString(product.pricePaise),
      availability:
        product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
    aggregateRating:
      rating.count > 0 && rating.average !== null
        ? {
            "@type": "AggregateRating",
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          }
        : undefined,
  };
}
