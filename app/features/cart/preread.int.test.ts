import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReviewAuthors } from "~/features/catalog/reviews.server";
import { createProduct, createReview, createUser } from "../../../tests/factories";
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

  it("tells whether a product page shows the shopper's own review, by any of the page's addresses", async () => {
    const services = { auth: t.auth, db: t.db };
    const product = await createProduct(t, { model: "OWN-REV 12" });
    const other = await createProduct(t);
    const author = await createUser(t);
    await createReview(t, { productId: product.id, userId: author.id });
    const reader = await createUser(t);
    const own = async (cookie: string, path: string) =>
      (await prereadShopper(services, headers(cookie), path))?.ownContent;
    for (const path of [
      `/oneprod/${encodeURIComponent(product.model)}`,
      `/oneprod/own-rev%2012.data`,
      `/hi/oneprod/${product.slug}`,
      `/gu/oneprod/${product.id}`,
    ]) {
      expect(await own(author.cookie, path), path).toBe(true);
      expect(await own(reader.cookie, path), path).toBe(false);
    }
    expect(await own(author.cookie, `/oneprod/${other.model}`)).toBe(false);
    // Not a product page: nothing of their own to tell.
    expect(await own(author.cookie, "/allproduct")).toBe(false);
  });

  it("asks no more about the reviews of a shopper who has written none, until the pages are emptied", async () => {
    const services = { auth: t.auth, db: t.db };
    const product = await createProduct(t);
    const shopper = await createUser(t);
    const authors = new ReviewAuthors();
    const path = `/oneprod/${product.model}`;
    const own = async () =>
      (await prereadShopper(services, headers(shopper.cookie), path, authors))?.ownContent;
    expect(await own()).toBe(false);
    // Written behind the store's back (a review saved through the store empties the pages and,
    // with them, what `authors` knows): not asked about, so not seen.
    await createReview(t, { productId: product.id, userId: shopper.id });
    expect(await own()).toBe(false);
    authors.forget();
    expect(await own()).toBe(true);
    // A reviewer is asked about every time.
    expect(await own()).toBe(true);
  });
});
