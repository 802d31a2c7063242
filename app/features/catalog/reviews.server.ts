import { type AnyColumn, and, desc, eq, exists, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderItems, orders, products, reviews, user } from "~/db/schema";
import { assertEmailVerified } from "~/features/accounts/verification.server";
import { recordAudit } from "~/features/audit/audit.server";
import { NotFound } from "~/lib/errors";
import { qualified } from "~/lib/sql.server";
import { catalogMessages } from "./catalog.messages";
import { type ReviewInput, reviewSchema } from "./catalog.schema";
import { productOfKey } from "./product-key.server";

export type ReviewView = {
  id: number;
  rating: number;
  body: string;
  authorName: string;
  userId: string;
  verifiedPurchase: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Changed after it was first written (a minute's grace for a quick fix of a typo). */
  edited: boolean;
};

/**
 * Is the review's author a customer whose delivered order held this battery? Read with the
 * review (issue 21), not stored when it is written: a review written before the delivery
 * becomes verified when the order is delivered, and an admin's "Mark delivered" empties the page
 * caches like every admin change (ADR 027), so the product page shows it at once. The outer
 * review's columns are written with their table (ADR 025).
 */
export function verifiedPurchaseOf(db: Pick<Db, "select">): SQL<boolean> {
  const delivered = db
    .select({ one: sql`1` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, qualified(reviews.userId)),
        eq(orders.status, "delivered"),
        eq(orderItems.productId, qualified(reviews.productId)),
      ),
    );
  return sql<boolean>`exists (${delivered})`;
}

function selectReviews(db: Db) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      body: reviews.body,
      authorName: user.name,
      userId: reviews.userId,
      verifiedPurchase: verifiedPurchaseOf(db),
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      edited: sql<boolean>`${reviews.updatedAt} > ${reviews.createdAt} + interval '1 minute'`,
    })
    .from(reviews)
    .innerJoin(user, eq(user.id, reviews.userId));
}

/**
 * A product's reviews, newest first, with the author's name; `verifiedOnly`: only those of
 * customers whose order of it was delivered.
 */
export async function listReviews(
  db: Db,
  productId: number,
  { limit = 50, verifiedOnly = false }: { limit?: number; verifiedOnly?: boolean } = {},
): Promise<ReviewView[]> {
  return selectReviews(db)
    .where(and(eq(reviews.productId, productId), verifiedOnly ? verifiedPurchaseOf(db) : undefined))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/** The customer's own review of a product, however old, for the "Edit your review" form. */
export async function getOwnReview(
  db: Db,
  productId: number,
  userId: string,
): Promise<ReviewView | null> {
  const [row] = await selectReviews(db).where(
    and(eq(reviews.productId, productId), eq(reviews.userId, userId)),
  );
  return row ?? null;
}

/** The user's reviews (`userId`: their id, or the column of a larger query that holds it) of the
 * product a product page's address names. */
function reviewsOnPage(db: Pick<Db, "select">, userId: AnyColumn | string, key: string) {
  return db
    .select({ one: sql`1` })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(and(eq(reviews.userId, userId), productOfKey(key)));
}

/**
 * Has the user whose id is `userId` (a column of a larger query) reviewed the product a product
 * page's address names? Read with the shopper's session (cart/preread.server.ts): a shopper's
 * product page is kept for everyone of their role unless it shows their own review (ADR 045).
 */
export function ownReviewOn(db: Pick<Db, "select">, userId: AnyColumn, key: string): SQL<boolean> {
  return exists(reviewsOnPage(db, userId, key)) as SQL<boolean>;
}

/** Has the user whose id is `userId` (a column of a larger query) written any review? */
export function anyReviewBy(db: Pick<Db, "select">, userId: AnyColumn): SQL<boolean> {
  return exists(
    db.select({ one: sql`1` }).from(reviews).where(eq(reviews.userId, userId)),
  ) as SQL<boolean>;
}

/**
 * The sessions of shoppers who had written no review at all when last read: their product pages
 * show nothing of their own, so the shopper's preread need not ask again (ADR 045). Kept per
 * process and forgotten whenever the page caches are emptied, which a review saved or removed
 * does on every process (ADR 027, 040); at most `limit` sessions are kept. A session is still
 * read and checked on every request: this only spares the question about reviews.
 */
export class ReviewAuthors {
  private readonly withoutReviews = new Set<string>();

  constructor(private readonly limit = 100_000) {}

  /** False: the session's shopper had written none when last read; null: not known. */
  known(sessionToken: string): false | null {
    return this.withoutReviews.has(sessionToken) ? false : null;
  }

  /** What a preread learnt of the session's shopper. */
  learn(sessionToken: string, wroteAny: boolean) {
    if (wroteAny) {
      this.withoutReviews.delete(sessionToken);
      return;
    }
    if (this.withoutReviews.size >= this.limit) this.withoutReviews.clear();
    this.withoutReviews.add(sessionToken);
  }

  forget() {
    this.withoutReviews.clear();
  }
}

/** ownReviewOn in a query of its own. */
export async function hasOwnReviewOn(db: Db, userId: string, key: string): Promise<boolean> {
  const rows = await reviewsOnPage(db, userId, key).limit(1);
  return rows.length > 0;
}

/**
 * Saves the customer's review of a product: the first call creates it, later calls edit it
 * (one review per customer and product).
 */
export async function saveReview(
  db: Db,
  input: ReviewInput & { productId: number },
  actor: { id: string },
): Promise<void> {
  await assertEmailVerified(db, actor.id);
  const { productId } = input;
  const userId = actor.id;
  const { rating, body } = reviewSchema.parse(input);
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)));
  if (!product) throw new NotFound("That product is not in the catalogue");
  await db
    .insert(reviews)
    .values({ productId, userId, rating, body })
    .onConflictDoUpdate({
      target: [reviews.productId, reviews.userId],
      set: { rating, body, updatedAt: sql`now()` },
    });
}

/** A customer removes their own review of a product (nothing happens to anyone else's). */
export async function deleteOwnReview(
  db: Db,
  input: { productId: number },
  actor: { id: string },
): Promise<void> {
  const deleted = await db
    .delete(reviews)
    .where(and(eq(reviews.productId, input.productId), eq(reviews.userId, actor.id)))
    .returning({ id: reviews.id });
  if (deleted.length === 0) throw new NotFound(catalogMessages.reviewNotFound);
}

/** Removes a review (staff moderation), recorded in the audit log. */
export async function deleteReview(
  db: Db,
  input: { productId: number; reviewId: number },
  actor: { id: string },
): Promise<void> {
  const { productId, reviewId } = input;
  // Only a review of the product whose page the request came from.
  const deleted = await db
    .delete(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.productId, productId)))
    .returning({ id: reviews.id, productId: reviews.productId, userId: reviews.userId });
  const [row] = deleted;
  if (!row) throw new NotFound(catalogMessages.reviewNotFound);
  await recordAudit(db, actor, "review", row.id, { productId, authorId: row.userId }, null);
}
