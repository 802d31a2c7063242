import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./catalog";
import { timestamps } from "./timestamps";

/** A cart belongs to a signed-in user, or (user_id null) to a visitor holding its id in a cookie. */
export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The promo code the shopper applied (checked again at checkout). */
    promoCode: text("promo_code"),
    /** The UPI transaction reference (`tr`) of the checkout opened for this cart: the same QR
     * however often the dialog is opened, until the order is placed (issue 11). */
    checkoutReference: text("checkout_reference").unique(),
    ...timestamps,
  },
  (t) => [index("carts_updated_at_idx").on(t.updatedAt)],
);

export const cartItems = pgTable(
  "cart_items",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(1),
    /** The shopper returns their old battery(ies) for the exchange credit. */
    exchange: boolean("exchange").notNull().default(false),
    /** Credit per battery when the choice was made, in paise (0 without exchange). */
    exchangeCreditPaise: integer("exchange_credit_paise").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId] }),
    check("cart_items_quantity_check", sql`${t.quantity} between 1 and 4`),
    check(
      "cart_items_exchange_check",
      sql`${t.exchangeCreditPaise} >= 0 and (${t.exchange} or ${t.exchangeCreditPaise} = 0)`,
    ),
  ],
);
