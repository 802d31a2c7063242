import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./catalog";
import { timestamps } from "./timestamps";

/**
 * Customer reviews: one per customer and product, editable by its author. Whether a review is a
 * verified purchase is read with it (reviews.server.ts), never stored: it changes when an order
 * is delivered, after the review may have been written.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    ...timestamps,
  },
  (t) => [
    unique("reviews_product_user_unique").on(t.productId, t.userId),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_body_length_check", sql`char_length(${t.body}) <= 2000`),
    index("reviews_product_idx").on(t.productId, t.createdAt),
  ],
);
