import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { productCategories, sqlList } from "./enums";
import { timestamps } from "./timestamps";

/**
 * What the store pays for a customer's old battery: by category and a capacity band (both ends
 * included). A product's exchange credit is the band of its category that holds its capacity.
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    category: text("category", { enum: productCategories }).notNull(),
    minCapacityAh: integer("min_capacity_ah").notNull(),
    maxCapacityAh: integer("max_capacity_ah").notNull(),
    creditPaise: integer("credit_paise").notNull(),
    ...timestamps,
  },
  (t) => [
    unique("exchange_rates_band_unique").on(t.category, t.minCapacityAh),
    check(
      "exchange_rates_category_check",
      sql.raw(`"category" in (${sqlList(productCategories)})`),
    ),
    check(
      "exchange_rates_band_check",
      sql`${t.minCapacityAh} >= 1 and ${t.maxCapacityAh} >= ${t.minCapacityAh}`,
    ),
    check("exchange_rates_credit_check", sql`${t.creditPaise} > 0`),
    index("exchange_rates_lookup_idx").on(t.category, t.minCapacityAh, t.maxCapacityAh),
  ],
);

/**
 * Where the store delivers: a pincode prefix (3 digits, the sorting district, up to a whole
 * 6-digit pincode) with its city and delivery time. The longest matching prefix wins.
 */
export const deliveryAreas = pgTable(
  "delivery_areas",
  {
    prefix: text("prefix").primaryKey(),
    city: text("city").notNull(),
    days: integer("days").notNull(),
    ...timestamps,
  },
  (t) => [
    check("delivery_areas_prefix_check", sql`${t.prefix} ~ '^[1-9][0-9]{2,5}$'`),
    check("delivery_areas_days_check", sql`${t.days} between 1 and 30`),
  ],
);
