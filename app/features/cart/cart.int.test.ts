import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, carts, products, user } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { countCartLines } from "./cart.server";

let t: TestDatabase;
let productIds: number[];

beforeAll(async () => {
  t = await createTestDatabase();
  const rows = await t.db
    .insert(products)
    .values(
      ["A", "B", "C"].map((m) => ({
        slug: m.toLowerCase(),
        model: m,
        category: "car",
        brand: "Test",
        capacityAh: 40,
        voltageV: 12,
        warrantyMonths: 12,
        pricePaise: 100_00,
        mrpPaise: 100_00,
      })),
    )
    .returning({ id: products.id });
  productIds = rows.map((r) => r.id);
  await t.db.insert(user).values({ id: "u1", name: "Asha", email: "asha@example.in" });
});
afterAll(async () => {
  await t?.close();
});

describe("countCartLines (the header badge)", () => {
  it("is zero with no cart", async () => {
    expect(await countCartLines(t.db, {})).toBe(0);
    expect(await countCartLines(t.db, { userId: "u1" })).toBe(0);
  });

  it("counts distinct products, not quantities", async () => {
    const [cart] = await t.db.insert(carts).values({ userId: "u1" }).returning();
    await t.db.insert(cartItems).values([
      { cartId: cart!.id, productId: productIds[0]!, quantity: 3 },
      { cartId: cart!.id, productId: productIds[1]!, quantity: 1 },
    ]);
    expect(await countCartLines(t.db, { userId: "u1" })).toBe(2);
  });

  it("counts a visitor's anonymous cart by its id, but never a user's cart by id alone", async () => {
    const [anon] = await t.db.insert(carts).values({}).returning();
    await t.db
      .insert(cartItems)
      .values({ cartId: anon!.id, productId: productIds[2]!, quantity: 1 });
    expect(await countCartLines(t.db, { cartId: anon!.id })).toBe(1);
    const [owned] = await t.db.select().from(carts).limit(1);
    expect(await countCartLines(t.db, { cartId: owned!.id })).toBe(0);
  });

  it("refuses quantities outside 1 to 4 in the database", async () => {
    const [anon] = await t.db.insert(carts).values({}).returning();
    await expect(
      t.db.insert(cartItems).values({ cartId: anon!.id, productId: productIds[0]!, quantity: 5 }),
    ).rejects.toThrow();
  });
});
