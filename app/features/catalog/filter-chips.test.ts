import { describe, expect, it } from "vitest";
import { parseCatalogQuery } from "./catalog.schema";
import { activeSelectCount, clearFiltersHref, filterChips } from "./filter-chips";

const chipsFor = (search: string) =>
  filterChips(parseCatalogQuery(new URLSearchParams(search)), "/allproduct", search);

describe("filter chips", () => {
  it("lists no chip without a filter", () => {
    expect(chipsFor("")).toEqual([]);
    expect(chipsFor("?category=car&sort=price-asc&page=2")).toEqual([]);
  });

  it("makes one chip per filter, each removing only its own filter and the page", () => {
    expect(
      chipsFor("?category=car&capacity=60&voltage=12&warranty=36&q=drive&sort=price-asc&page=2"),
    ).toEqual([
      {
        key: "capacity",
        label: "60Ah",
        href: "/allproduct?category=car&voltage=12&warranty=36&q=drive&sort=price-asc",
      },
      {
        key: "voltage",
        label: "12V",
        href: "/allproduct?category=car&capacity=60&warranty=36&q=drive&sort=price-asc",
      },
      {
        key: "warranty",
        label: "3 years warranty",
        href: "/allproduct?category=car&capacity=60&voltage=12&q=drive&sort=price-asc",
      },
      {
        key: "q",
        label: "“drive”",
        href: "/allproduct?category=car&capacity=60&voltage=12&warranty=36&sort=price-asc",
      },
    ]);
  });

  it("drops 'apply' from the chip's address, and leaves no query after the last filter", () => {
    expect(chipsFor("?capacity=40&apply=1")).toEqual([
      { key: "capacity", label: "40Ah", href: "/allproduct" },
    ]);
  });

  it("ignores values the query schema drops", () => {
    expect(chipsFor("?capacity=abc&q=%20%20")).toEqual([]);
  });

  it("clears every filter but keeps category and sort", () => {
    expect(
      clearFiltersHref(
        "/allproduct",
        "?category=bike&capacity=9&voltage=12&q=x&sort=price-desc&page=3",
      ),
    ).toBe("/allproduct?category=bike&sort=price-desc");
    expect(clearFiltersHref("/allproduct", "?capacity=9&voltage=12")).toBe("/allproduct");
  });

  it("counts the select filters that are set", () => {
    expect(activeSelectCount({})).toBe(0);
    expect(activeSelectCount({ capacity: 40, warranty: 12 })).toBe(2);
  });
});
