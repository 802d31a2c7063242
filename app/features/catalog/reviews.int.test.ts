import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, products, reviews, user } from "~/db/schema";
import { changedPublicPages } from "~/lib/public-change.server";
import { action as adminOrderAction } from "~/routes/admin/order";
import { action, loader as productLoader } from "~/routes/site/product";
import { createOrder, createProduct, createUser } from "../../../tests/factories";
import { outcome, routeArgs, sessionCookieFor, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { getRatingSummary } from "./catalog.server";
import { deleteReview, getOwnReview, listReviews, saveReview } from "./reviews.server";

let t: TestDatabase;
let productId: number;
let customer: string;
let other: string;
let admin: string;

/** Posts a form of the DRIVE-40L product page, as the given visitor. */
async function post(cookie: string | null, values: Record<string, string>, model = "DRIVE-40L") {
  const request = new Request(`http://localhost:3000/oneprod/${model}`, {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
    body: new URLSearchParams(values),
  });
  const args = await routeArgs(t, request, { model });
  return outcome(() => action(args));
}

beforeAll(async () => {
  t = await createTestDatabase();
  productId = (await createProduct(t, { model: "DRIVE-40L" })).id;
  customer = await sessionCookieFor(t, {
    name: "Asha",
    email: "asha@example.in",
    password: "asha-pass-123",
  });
  other = await sessionCookieFor(t, {
    name: "Vikram",
    email: "vikram@example.in",
    password: "vikram-pass-1",
  });
  admin = (await createUser(t, { role: "admin", email: "boss@example.in" })).cookie;
});
afterAll(async () => {
  await t?.close();
});

describe("reviews", () => {
  it("start empty", async () => {
    expect(await getRatingSummary(t.db, productId)).toEqual({
      count: 0,
      average: null,
      verified: { count: 0, average: null },
    });
  });

  it("need a signed-in customer", async () => {
    const result = await post(null, { intent: "review", rating: "5", body: "Great" });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(await t.db.select().from(reviews)).toEqual([]);
  });

  it("refuse a missing rating with a 400 and store nothing", async () => {
    const result = await post(customer, { intent: "review", rating: "", body: "No stars" });
    expect(statusOf(result)).toBe(400);
    expect(await t.db.select().from(reviews)).toEqual([]);
  });

  it("are one per customer: a second review edits the first", async () => {
    expect(statusOf(await post(customer, { intent: "review", rating: "2", body: "Weak" }))).toBe(
      302,
    );
    expect(
      statusOf(
        await post(customer, { intent: "review", rating: "4", body: "Better after a charge" }),
      ),
    ).toBe(302);
    expect(statusOf(await post(other, { intent: "review", rating: "5", body: "Excellent" }))).toBe(
      302,
    );
    const list = await listReviews(t.db, productId);
    expect(list).toHaveLength(2);
    expect(list.find((r) => r.authorName === "Asha")).toMatchObject({
      rating: 4,
      body: "Better after a charge",
    });
    expect(await getRatingSummary(t.db, productId)).toEqual({
      count: 2,
      average: 4.5,
      verified: { count: 0, average: null },
    });
  });

  it("can only be removed by an admin, and the removal is audited", async () => {
    const [target] = await t.db.select().from(reviews).limit(1);
    const byCustomer = await post(customer, {
      intent: "delete-review",
      reviewId: String(target!.id),
    });
    expect(statusOf(byCustomer)).toBe(403);
    expect(await t.db.select().from(reviews)).toHaveLength(2);

    const byAdmin = await post(admin, { intent: "delete-review", reviewId: String(target!.id) });
    expect(statusOf(byAdmin)).toBe(302);
    expect(await t.db.select().from(reviews)).toHaveLength(1);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "review.delete"));
    expect(entry?.entityId).toBe(String(target!.id));
  });

  it("are removed only through their own product's page; a malformed id is a 404, not a 500", async () => {
    const [target] = await t.db.select().from(reviews).limit(1);
    const [elsewhere] = await t.db
      .insert(products)
      .values({
        slug: "ride-5l",
        model: "RIDE-5L",
        category: "bike",
        brand: "UrjaCell",
        capacityAh: 5,
        voltageV: 12,
        warrantyMonths: 12,
        pricePaise: 159900,
        mrpPaise: 159900,
        stock: 5,
      })
      .returning({ id: products.id });
    await expect(
      deleteReview(t.db, { productId: elsewhere!.id, reviewId: target!.id }, { id: "admin" }),
    ).rejects.toThrow("no longer exists");
    for (const reviewId of ["abc", "", "1.5", "-1", "99999999999"]) {
      expect(statusOf(await post(admin, { intent: "delete-review", reviewId })), reviewId).toBe(
        404,
      );
    }
    expect(await t.db.select().from(reviews)).toHaveLength(1);
  });

  it("show a customer their own review to edit, however many newer ones there are", async () => {
    const author = await createUser(t);
    await saveReview(t.db, { productId, rating: 4, body: "Mine" }, author);
    // Even when the page's list holds none of the reviews (here: a list of 0).
    expect(await listReviews(t.db, productId, { limit: 0 })).toEqual([]);
    expect(await getOwnReview(t.db, productId, author.id)).toMatchObject({ body: "Mine" });
    const [someoneElse] = await t.db.select().from(user).where(eq(user.email, "boss@example.in"));
    expect(await getOwnReview(t.db, productId, someoneElse!.id)).toBeNull();
  });

  it("cannot be left on a product that is not in the catalogue", async () => {
    const retired = await createProduct(t, { active: false });
    const someone = await createUser(t);
    await expect(
      saveReview(t.db, { productId: retired.id, rating: 5, body: "" }, someone),
    ).rejects.toThrow("not in the catalogue");
    const answer = await post(customer, { intent: "review", rating: "5", body: "" }, retired.model);
    expect(statusOf(answer)).toBe(404);
  });

  it("can be deleted by their author, and only their own", async () => {
    const product = await createProduct(t);
    const author = await createUser(t);
    const bystander = await createUser(t);
    await saveReview(t.db, { productId: product.id, rating: 2, body: "Changed my mind" }, author);
    await saveReview(t.db, { productId: product.id, rating: 5, body: "Great" }, bystander);
    // Someone without a review of their own deletes nothing of anyone else's.
    const stranger = await createUser(t);
    const refused = await post(stranger.cookie, { intent: "delete-own-review" }, product.model);
    expect(statusOf(refused)).toBe(404);
    // Signed out: to the login page, nothing deleted.
    expect(statusOf(await post(null, { intent: "delete-own-review" }, product.model))).toBe(302);
    expect(await listReviews(t.db, product.id)).toHaveLength(2);

    const deleted = await post(author.cookie, { intent: "delete-own-review" }, product.model);
    expect(statusOf(deleted)).toBe(302);
    const left = await listReviews(t.db, product.id);
    expect(left.map((r) => r.body)).toEqual(["Great"]);
  });

  it("say 'edited' only when changed after the first minute", async () => {
    const product = await createProduct(t);
    const author = await createUser(t);
    await saveReview(t.db, { productId: product.id, rating: 4, body: "First" }, author);
    await saveReview(t.db, { productId: product.id, rating: 4, body: "First, typo fixed" }, author);
    expect((await listReviews(t.db, product.id))[0]?.edited).toBe(false);
    // Written an hour ago, changed now.
    await t.db
      .update(reviews)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(reviews.productId, product.id));
    await saveReview(
      t.db,
      { productId: product.id, rating: 3, body: "Weaker after a month" },
      author,
    );
    expect((await listReviews(t.db, product.id))[0]?.edited).toBe(true);
  });
});

describe("verified purchases (issue 21)", () => {
  type Page = { reviews: { authorName: string; verifiedPurchase: boolean }[]; rating: object };
  async function productPage(model: string, search = "") {
    const request = new Request(`http://localhost:3000/oneprod/${model}${search}`);
    const args = await routeArgs(t, request, { model });
    // The loader answers with data() (it may set the remembered pincode's cookie).
    return ((await outcome(() => productLoader(args as never))) as { data: Page }).data;
  }

  it("marks the review of a customer whose delivered order held the battery, and averages those alone", async () => {
    const product = await createProduct(t);
    const otherBattery = await createProduct(t);
    const buyer = await createUser(t, { name: "Buyer Delivered" });
    const waiting = await createUser(t, { name: "Buyer Shipped" });
    const elsewhere = await createUser(t, { name: "Bought Another" });
    const browser = await createUser(t, { name: "Never Bought" });
    await createOrder(t, {
      userId: buyer.id,
      status: "delivered",
      lines: [{ productId: product.id, quantity: 1 }],
    });
    await createOrder(t, {
      userId: waiting.id,
      status: "shipped",
      lines: [{ productId: product.id, quantity: 1 }],
    });
    await createOrder(t, {
      userId: elsewhere.id,
      status: "delivered",
      lines: [{ productId: otherBattery.id, quantity: 1 }],
    });
    for (const [who, rating] of [
      [buyer, 5],
      [waiting, 4],
      [elsewhere, 1],
      [browser, 2],
    ] as const) {
      await saveReview(t.db, { productId: product.id, rating, body: "" }, who);
    }
    const verified = (await listReviews(t.db, product.id)).filter((r) => r.verifiedPurchase);
    expect(verified.map((r) => r.authorName)).toEqual(["Buyer Delivered"]);
    expect(await getRatingSummary(t.db, product.id)).toEqual({
      count: 4,
      average: 3,
      verified: { count: 1, average: 5 },
    });
    // The product page's "Verified purchases only" link: a GET parameter.
    const all = await productPage(product.model);
    expect(all.reviews).toHaveLength(4);
    const only = await productPage(product.model, "?reviews=verified");
    expect(only.reviews.map((r) => [r.authorName, r.verifiedPurchase])).toEqual([
      ["Buyer Delivered", true],
    ]);
  });

  it("verifies a review written before the delivery once the admin marks it delivered, and that empties the page caches", async () => {
    const product = await createProduct(t);
    const early = await createUser(t, { name: "Early Reviewer" });
    const desk = await createUser(t, { role: "admin" });
    const order = await createOrder(t, {
      userId: early.id,
      status: "shipped",
      lines: [{ productId: product.id, quantity: 1 }],
    });
    await saveReview(t.db, { productId: product.id, rating: 4, body: "Fitted today" }, early);
    expect((await listReviews(t.db, product.id))[0]?.verifiedPurchase).toBe(false);

    const request = new Request(`http://localhost:3000/admin/order/${order.number}`, {
      method: "POST",
      headers: { Cookie: desk.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "status", to: "delivered" }),
    });
    const args = await routeArgs(t, request, { number: String(order.number) });
    expect(statusOf(await outcome(() => adminOrderAction(args as never)))).toBe(302);
    // The kept product pages are emptied after this answer (ADR 027): the badge shows at once.
    expect(changedPublicPages(args.context)).toBe(true);
    expect((await listReviews(t.db, product.id))[0]?.verifiedPurchase).toBe(true);
    expect((await getRatingSummary(t.db, product.id)).verified).toEqual({ count: 1, average: 4 });
  });
});
