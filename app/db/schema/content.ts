import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { timestamps } from "./timestamps";

/** Customer testimonials shown on the home page. */
export const testimonials = pgTable(
  "testimonials",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    city: text("city").notNull(),
    rating: integer("rating").notNull(),
    quote: text("quote").notNull(),
    published: boolean("published").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique("testimonials_identity_unique").on(t.name, t.city),
    check("testimonials_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);
