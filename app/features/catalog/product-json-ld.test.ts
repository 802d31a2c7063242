import { describe, expect, it } from "vitest";
import { productJsonLd } from "./product-json-ld";

const url = "https://shop.example.in";
const product = {
  model: "DRIVE-35L",
  brand: "UrjaCell",
  category: "car" as const,
  description: "A maintenance-free car battery.",
  image: "/uploads/products/abc-detail.webp",
  pricePaise: 459_950,
  stock: 3,
};
const noReviews = { count: 0, average: null };

/** The thing as a reader of the page gets it. */
const read = (thing: unknown) => JSON.parse(JSON.stringify(thing));

describe("a product's structured data", () => {
  it("offers it at the price in decimal rupees, INR, in stock, on its canonical address", () => {
    const thing = read(productJsonLd(product, noReviews, url));
    expect(thing).toMatchObject({
      "@type": "Product",
      name: "DRIVE-35L",
      sku: "DRIVE-35L",
      model: "DRIVE-35L",
      brand: { "@type": "Brand", name: "UrjaCell" },
      image: "https://shop.example.in/uploads/products/abc-detail.webp",
      url: "https://shop.example.in/oneprod/DRIVE-35L",
      offers: {
        "@type": "Offer",
        price: "4599.50",
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
        url: "https://shop.example.in/oneprod/DRIVE-35L",
      },
    });
    expect(thing.aggregateRating).toBeUndefined();
  });

  it("says out of stock at zero, and uses the family's drawing without a photo", () => {
    const thing = read(productJsonLd({ ...product, stock: 0, image: null }, noReviews, url));
    expect(thing.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(thing.image).toBe("https://shop.example.in/images/families/car.svg");
  });

  it("rates it only when it has reviews", () => {
    const thing = read(productJsonLd(product, { count: 3, average: 4.3 }, url));
    expect(thing.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("writes a model with characters a URL escapes as its address does", () => {
    const thing = read(productJsonLd({ ...product, model: "UPS 150/12" }, noReviews, url));
    expect(thing.url).toBe("https://shop.example.in/oneprod/UPS%20150%2F12");
  });
});
