import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./catalog";
import { localeCheck, localeColumn } from "./locale";
import { timestamps } from "./timestamps";

/**
 * "Notify me" on a battery that is out of stock (issue 21): one request per product and e-mail
 * (stored in lower case). When the product's stock is above nought again, the change that did it
 * queues one mail per waiting request in its own transaction and marks it notified, so each
 * request mails once; asking again later (the battery sold out again) waits anew.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The signed-in customer who asked (null for a visitor's typed e-mail). */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    locale: localeColumn(),
    ...timestamps,
  },
  (t) => [
    unique("stock_alerts_product_email_unique").on(t.productId, t.email),
    localeCheck("stock_alerts"),
    index("stock_alerts_waiting_idx").on(t.productId).where(sql`${t.notifiedAt} is null`),
  ],
);
