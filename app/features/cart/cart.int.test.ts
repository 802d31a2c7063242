import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, carts, products, user } from "~/db/schema";
import { checkViolation } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { addToCart, countCartBatteries, mergeGuestCart, OutOfStock } from "./cart.server";

let t: TestDatabase;
let productIds: number[];

beforeAll(async () => {
  t = await createTestDatabase();
  const rows = await t.db
    .insert(products)
    .values(
      ["A", "B", "C"].map((m) => ({
        stock: 10,
        slug: m.toLowerCase(),
        model: m,
        category: "car" as const,
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

describe("the header badge counts batteries", () => {
  it("is zero with no cart", async () => {
    expect(await countCartBatteries(t.db, {})).toBe(0);
    expect(await countCartBatteries(t.db, { userId: "u1" })).toBe(0);
  });

  it("counts batteries (the sum of quantities), not lines, as Amazon and Flipkart do", async () => {
    const [cart] = await t.db.insert(carts).values({ userId: "u1" }).returning();
    await t.db.insert(cartItems).values([
      { cartId: cart!.id, productId: productIds[0]!, quantity: 3 },
      { cartId: cart!.id, productId: productIds[1]!, quantity: 1 },
    ]);
    expect(await countCartBatteries(t.db, { userId: "u1" })).toBe(4);
  });

  it("counts a visitor's anonymous cart by its id, but never a user's cart by id alone", async () => {
    const [anon] = await t.db.insert(carts).values({}).returning();
    await t.db
      .insert(cartItems)
      .values({ cartId: anon!.id, productId: productIds[2]!, quantity: 1 });
    expect(await countCartBatteries(t.db, { cartId: anon!.id })).toBe(1);
    const [owned] = await t.db.select().from(carts).limit(1);
    expect(await countCartBatteries(t.db, { cartId: owned!.id })).toBe(0);
  });

  it("refuses quantities outside 1 to 4 in the database", async () => {
    const [anon] = await t.db.insert(carts).values({}).returning();
    await expect(
      t.db.insert(cartItems).values({ cartId: anon!.id, productId: productIds[0]!, quantity: 5 }),
    ).rejects.toMatchObject(checkViolation("cart_items_quantity_check"));
  });
});

describe("adding to the cart", () => {
  it("gives a visitor a new anonymous cart, and adds up quantities to at most 4", async () => {
    const first = await addToCart(t.db, {}, productIds[0]!, 1);
    expect(first.count).toBe(1);
    const again = await addToCart(t.db, { cartId: first.cartId }, productIds[0]!, 3);
    expect(again.cartId).toBe(first.cartId);
    await addToCart(t.db, { cartId: first.cartId }, productIds[0]!, 4);
    const [item] = await t.db.select().from(cartItems).where(eq(cartItems.cartId, first.cartId));
    expect(item?.quantity).toBe(4);
  });

  it("does not reuse a cookie that points at someone's own cart", async () => {
    const [owned] = await t.db.select().from(carts).where(eq(carts.userId, "u1"));
    const result = await addToCart(t.db, { cartId: owned!.id }, productIds[1]!, 1);
    expect(result.cartId).not.toBe(owned!.id);
  });

  it("refuses an out-of-stock or unknown product and stores nothing", async () => {
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, productIds[2]!));
    const before = await t.db.select().from(cartItems);
    await expect(addToCart(t.db, { userId: "u1" }, productIds[2]!, 1)).rejects.toBeInstanceOf(
      OutOfStock,
    );
    await expect(addToCart(t.db, { userId: "u1" }, 999_999, 1)).rejects.toThrow(
      "not in the catalogue",
    );
    expect(await t.db.select().from(cartItems)).toEqual(before);
    await t.db.update(products).set({ stock: 10 }).where(eq(products.id, productIds[2]!));
  });
});

describe("merging a visitor's cart at sign-in", () => {
  it("moves the items into the user's cart, adds up quantities (max 4) and deletes the guest cart", async () => {
    await t.db.insert(user).values({ id: "u2", name: "Ravi", email: "ravi@example.in" });
    await addToCart(t.db, { userId: "u2" }, productIds[0]!, 3);
    const guest = await addToCart(t.db, {}, productIds[0]!, 2);
    await addToCart(t.db, { cartId: guest.cartId }, productIds[1]!, 1);

    await mergeGuestCart(t.db, guest.cartId, "u2");

    const rows = await t.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.userId, "u2"));
    expect(rows.sort((a, b) => a.productId - b.productId)).toEqual(
      [
        { productId: productIds[0]!, quantity: 4 },
        { productId: productIds[1]!, quantity: 1 },
      ].sort((a, b) => a.productId - b.productId),
    );
    expect(await t.db.select().from(carts).where(eq(carts.id, guest.cartId))).toEqual([]);
    expect(await countCartBatteries(t.db, { userId: "u2" })).toBe(5);
  });

  it("gives a user without a cart the guest cart's items", async () => {
    await t.db.insert(user).values({ id: "u3", name: "Neha", email: "neha@example.in" });
    const guest = await addToCart(t.db, {}, productIds[1]!, 2);
    await mergeGuestCart(t.db, guest.cartId, "u3");
    expect(await countCartBatteries(t.db, { userId: "u3" })).toBe(2);
  });

  it("ignores an unknown or already-merged cart id", async () => {
    await expect(mergeGuestCart(t.db, crypto.randomUUID(), "u3")).resolves.toBeUndefined();
    expect(await countCartBatteries(t.db, { userId: "u3" })).toBe(2);
  });
});
