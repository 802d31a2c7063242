import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser } from "../../../tests/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { addToCart } from "./cart.server";
import { prereadShopper } from "./preread.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const headers = (cookie: string) => new Headers({ cookie });

describe("what the page cache reads of a shopper before rendering", () => {
  it("is their user and the number of batteries in their cart, or nothing for a visitor", async () => {
    const shopper = await createUser(t, { name: "Asha Kumari" });
    const services = { auth: t.auth, db: t.db };
    expect(await prereadShopper(services, headers(shopper.cookie))).toMatchObject({
      user: { id: shopper.id, name: "Asha Kumari" },
      cartCount: 0,
    });
    for (const product of [await createProduct(t), await createProduct(t)]) {
      await addToCart(t.db, { userId: shopper.id }, product.id, 2);
    }
    const other = await createUser(t);
    await addToCart(t.db, { userId: other.id }, (await createProduct(t)).id, 1);
    expect((await prereadShopper(services, headers(shopper.cookie)))?.cartCount).toBe(4);
    expect(await prereadShopper(services, headers(""))).toBeNull();
  });
});
