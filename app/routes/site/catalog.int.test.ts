import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { loader } from "./catalog";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  // Cars of 60 and 100 Ah, bikes of 5 and 9 Ah; an inactive bike of 60 Ah offers nothing.
  await createProduct(t, { category: "car", capacityAh: 60, voltageV: 12, warrantyMonths: 48 });
  await createProduct(t, { category: "car", capacityAh: 100, voltageV: 12, warrantyMonths: 36 });
  await createProduct(t, { category: "bike", capacityAh: 5, voltageV: 12, warrantyMonths: 24 });
  await createProduct(t, { category: "bike", capacityAh: 9, voltageV: 12, warrantyMonths: 24 });
  await createProduct(t, { category: "bike", capacityAh: 60, active: false });
});
afterAll(async () => {
  await t?.close();
});

async function load(search: string) {
  const request = new Request(`http://localhost/allproduct${search}`);
  return outcome(async () => loader((await routeArgs(t, request)) as never));
}

function location(value: unknown): string | null {
  return value instanceof Response ? value.headers.get("Location") : null;
}

describe("catalogue filters follow the category", () => {
  it("offers only the values the chosen category's active products have", async () => {
    const bike = (await load("?category=bike")) as Awaited<ReturnType<typeof loader>>;
    if (bike instanceof Response) throw new Error("unexpected redirect");
    expect(bike.options).toEqual({ capacities: [5, 9], voltages: [12], warranties: [24] });
    const car = (await load("?category=car")) as Awaited<ReturnType<typeof loader>>;
    if (car instanceof Response) throw new Error("unexpected redirect");
    expect(car.options).toEqual({ capacities: [60, 100], voltages: [12], warranties: [36, 48] });
  });

  it("offers the spec's standard values plus the catalogue's own without a category", async () => {
    const all = (await load("")) as Awaited<ReturnType<typeof loader>>;
    if (all instanceof Response) throw new Error("unexpected redirect");
    expect(all.options.capacities).toEqual([5, 9, 40, 50, 60, 100]);
    expect(all.options.warranties).toEqual([12, 24, 36, 48]);
  });

  it("drops a filter the new category does not offer and keeps the rest", async () => {
    // Car 60 Ah, 12 V, then Bike: 60 Ah is not sold for bikes; 12 V is.
    const result = await load("?category=bike&capacity=60&voltage=12&sort=price-asc&page=2");
    expect(statusOf(result)).toBe(302);
    const to = new URL(location(result) ?? "", "http://localhost");
    expect(to.pathname).toBe("/allproduct");
    expect(Object.fromEntries(to.searchParams)).toEqual({
      category: "bike",
      voltage: "12",
      sort: "price-asc",
    });
    expect((result as Response).headers.get("Set-Cookie")).toContain("flash");
  });

  it("lists the category's batteries once the impossible filter is gone", async () => {
    const page = (await load("?category=bike&voltage=12")) as Awaited<ReturnType<typeof loader>>;
    if (page instanceof Response) throw new Error("unexpected redirect");
    expect(page.result.total).toBe(2);
  });

  it("keeps a filter the category offers", async () => {
    const page = (await load("?category=car&capacity=60")) as Awaited<ReturnType<typeof loader>>;
    if (page instanceof Response) throw new Error("unexpected redirect");
    expect(page.query.capacity).toBe(60);
    expect(page.result.total).toBe(1);
  });

  it("drops a hand-typed value nothing in the catalogue has", async () => {
    const result = await load("?capacity=777&warranty=48");
    expect(statusOf(result)).toBe(302);
    expect(location(result)).toBe("/allproduct?warranty=48");
  });
});

describe("model search", () => {
  it("finds models by part of the name, spaces and dashes alike", async () => {
    await createProduct(t, { model: "SEARCH-77X", category: "inverter", capacityAh: 150 });
    const page = (await load("?q=search%2077")) as Awaited<ReturnType<typeof loader>>;
    if (page instanceof Response) throw new Error("unexpected redirect");
    expect(page.query.q).toBe("search 77");
    expect(page.result.items.map((p) => p.model)).toEqual(["SEARCH-77X"]);
    const none = (await load("?q=%25_%25")) as Awaited<ReturnType<typeof loader>>;
    if (none instanceof Response) throw new Error("unexpected redirect");
    expect(none.result.total).toBeGreaterThan(0); // no letters or digits: no search
  });
});
