import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { getDashboardCounts } from "./dashboard.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

function product(model: string, stock: number, active: boolean) {
  return {
    slug: model.toLowerCase(),
    model,
    category: "car" as const,
    brand: "UrjaCell",
    capacityAh: 35,
    voltageV: 12,
    warrantyMonths: 24,
    pricePaise: 500_000,
    mrpPaise: 600_000,
    stock,
    active,
  };
}

describe("getDashboardCounts", () => {
  it("counts only active products on the Active products tile, out-of-stock note included", async () => {
    await t.db
      .insert(products)
      .values([
        product("IN-STOCK", 5, true),
        product("SOLD-OUT", 0, true),
        product("RETIRED-EMPTY", 0, false),
        product("RETIRED-FULL", 3, false),
      ]);
    const counts = await getDashboardCounts(t.db);
    expect(counts.activeProducts).toBe(2);
    expect(counts.outOfStockProducts).toBe(1);
  });
});
