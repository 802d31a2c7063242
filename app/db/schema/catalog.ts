import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { CONTENT_LOCALES, type ContentTranslations } from "~/lib/i18n/localized";
import { productCategories, sqlList } from "./enums";
import { timestamps } from "./timestamps";

export type ProductSpecs = {
  technology?: string;
  cca?: number;
  dimensionsMm?: string;
  weightKg?: number;
  terminalLayout?: string;
};

/**
 * Car, bike, inverter, industrial: the order shoppers meet the categories in, as a number
 * (the catalogue's "featured" sort and its index, ADR 039).
 */
const productCategoryOrder = sql.raw(
  `array_position(array[${sqlList(productCategories)}]::text[], "category")`,
);

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    model: text("model").notNull().unique(),
    /** The descriptive name the admin gave ("Car battery 35Ah, 3 years warranty" when null). */
    name: text("name"),
    category: text("category", { enum: productCategories }).notNull(),
    brand: text("brand").notNull(),
    capacityAh: integer("capacity_ah").notNull(),
    voltageV: integer("voltage_v").notNull(),
    warrantyMonths: integer("warranty_months").notNull(),
    proRataMonths: integer("pro_rata_months").notNull().default(0),
    /** The first day the model could be bought (a warranty registered before it is refused);
     * null: not known, no such limit. */
    onSaleSince: date("on_sale_since", { mode: "string" }),
    /** The HSN code its invoices print (ADR 033); null: its category's (features/gst hsn.ts). */
    hsnCode: text("hsn_code"),
    pricePaise: integer("price_paise").notNull(),
    mrpPaise: integer("mrp_paise").notNull(),
    stock: integer("stock").notNull().default(0),
    image: text("image"),
    description: text("description").notNull().default(""),
    specs: jsonb("specs").$type<ProductSpecs>().notNull().default({}),
    /** The name and description in Hindi and Gujarati (issue 26); a missing one shows English. */
    translations: jsonb("translations")
      .$type<ContentTranslations<"name" | "description">>()
      .notNull()
      .default({}),
    active: boolean("active").notNull().default(true),
    /** Chosen by the admin for the home page's best-sellers until orders say otherwise. */
    featured: boolean("featured").notNull().default(false),
    /** The price includes fitting the battery at the customer's place. */
    installationIncluded: boolean("installation_included").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("products_category_check", sql.raw(`"category" in (${sqlList(productCategories)})`)),
    check("products_capacity_check", sql`${t.capacityAh} > 0`),
    check("products_voltage_check", sql`${t.voltageV} > 0`),
    check("products_warranty_check", sql`${t.warrantyMonths} >= 0`),
    check("products_pro_rata_check", sql`${t.proRataMonths} between 0 and 120`),
    check("products_price_check", sql`${t.pricePaise} > 0 and ${t.mrpPaise} >= ${t.pricePaise}`),
    // Rs 10 lakh at most (issue 20): a battery never costs more, and totals stay exact.
    check("products_price_cap_check", sql`${t.mrpPaise} <= 100000000`),
    check("products_stock_check", sql`${t.stock} >= 0`),
    check("products_hsn_check", sql`${t.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    index("products_category_idx").on(t.active, t.category, t.pricePaise),
    index("products_filter_idx").on(t.capacityAh, t.voltageV, t.warrantyMonths),
    // The catalogue's search: any part of the model or the name, in each language, by trigrams
    // (pg_trgm, ADR 039).
    index("products_model_trgm_idx").using("gin", sql`${t.model} gin_trgm_ops`),
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    ...CONTENT_LOCALES.map((locale) =>
      index(`products_name_${locale}_trgm_idx`).using(
        "gin",
        sql.raw(`("translations" -> '${locale}' ->> 'name') gin_trgm_ops`),
      ),
    ),
    // The catalogue's sorts, each an index of the active products in its order (ADR 039): a
    // page, even the 400th, is read from the index instead of sorting the catalogue.
    index("products_featured_order_idx")
      .on(sql`${productCategoryOrder}`, t.capacityAh, t.pricePaise, t.id)
      .where(sql`${t.active}`),
    index("products_price_order_idx").on(t.pricePaise, t.id).where(sql`${t.active}`),
    index("products_price_desc_order_idx")
      .on(t.pricePaise.desc().nullsFirst(), t.id)
      .where(sql`${t.active}`),
    index("products_capacity_order_idx")
      .on(t.capacityAh, t.pricePaise, t.id)
      .where(sql`${t.active}`),
    index("products_capacity_desc_order_idx")
      .on(t.capacityAh.desc().nullsFirst(), t.pricePaise, t.id)
      .where(sql`${t.active}`),
  ],
);

/**
 * A product's former models: the slug of each old model points at the product, so an old
 * `/oneprod/{model}` address answers a permanent redirect to the current one. Written by
 * `updateProduct` in the rename's own transaction; a slug a live product uses again is removed.
 */
export const productRedirects = pgTable(
  "product_redirects",
  {
    slug: text("slug").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("product_redirects_product_idx").on(t.productId)],
);
