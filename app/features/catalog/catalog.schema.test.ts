import { describe, expect, it } from "vitest";
import { hasAttributeFilter } from "./catalog.options";
import { addToCartSchema, parseCatalogQuery, reviewSchema } from "./catalog.schema";

const parse = (query: string) => parseCatalogQuery(new URLSearchParams(query));

describe("catalogue query", () => {
  it("reads the three filters, category, sort and page from the URL", () => {
    expect(parse("capacity=40&voltage=12&warranty=24&category=car&sort=price-asc&page=2")).toEqual({
      capacity: 40,
      voltage: 12,
      warranty: 24,
      category: "car",
      sort: "price-asc",
      page: 2,
      apply: false,
    });
  });

  it("drops malformed values instead of failing", () => {
    expect(parse("capacity=abc&voltage=-12&warranty=1.5&category=boat&sort=random&page=0")).toEqual(
      {
        capacity: undefined,
        voltage: undefined,
        warranty: undefined,
        category: undefined,
        sort: "featured",
        page: 1,
        apply: false,
      },
    );
  });

  it("treats empty selects as no filter", () => {
    const q = parse("capacity=&voltage=&warranty=&apply=1");
    expect(hasAttributeFilter(q)).toBe(false);
    expect(q.apply).toBe(true);
  });

  it("knows when at least one filter is chosen", () => {
    expect(hasAttributeFilter(parse("warranty=36"))).toBe(true);
    expect(hasAttributeFilter(parse("category=bike"))).toBe(false);
  });
});

describe("review form", () => {
  it("needs a rating from 1 to 5", () => {
    expect(reviewSchema.safeParse({ rating: "5", body: "" }).success).toBe(true);
    for (const rating of ["", "0", "6", "3.5", "x"]) {
      const result = reviewSchema.safeParse({ rating, body: "" });
      expect(result.success, rating).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Choose a rating from 1 to 5 stars");
    }
  });

  it("counts a line break as one character, as the text box does (browsers send CRLF)", () => {
    const text = `${"a".repeat(999)}\r\n${"b".repeat(1000)}`;
    const result = reviewSchema.safeParse({ rating: 4, body: text });
    expect(result.success).toBe(true);
    expect(result.data?.body).toBe(`${"a".repeat(999)}\n${"b".repeat(1000)}`);
  });

  it("accepts up to 2,000 characters of text", () => {
    expect(reviewSchema.safeParse({ rating: 4, body: "a".repeat(2000) }).success).toBe(true);
    expect(
      reviewSchema.safeParse({ rating: 4, body: "a".repeat(2001) }).error?.issues[0]?.message,
    ).toBe("Use at most 2,000 characters");
  });
});

describe("add to cart", () => {
  it("takes a quantity of 1 to 4, and 1 when none is sent", () => {
    expect(addToCartSchema.parse({ productId: "7" })).toEqual({
      productId: 7,
      quantity: 1,
      exchange: false,
    });
    expect(addToCartSchema.parse({ productId: "7", exchange: "1" }).exchange).toBe(true);
    expect(addToCartSchema.safeParse({ productId: "7", exchange: "yes" }).success).toBe(false);
    expect(addToCartSchema.parse({ productId: "7", quantity: "4" }).quantity).toBe(4);
  });

  it("refuses any other quantity instead of quietly adding one", () => {
    for (const quantity of ["0", "5", "9", "-1", "2.5", "abc"]) {
      expect(addToCartSchema.safeParse({ productId: "7", quantity }).success, quantity).toBe(false);
    }
  });
});
