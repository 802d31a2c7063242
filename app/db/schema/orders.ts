import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./catalog";
import {
  couriers,
  orderStatuses,
  paymentMethods,
  promoKinds,
  refundMethods,
  sqlList,
} from "./enums";
import { localeCheck, localeColumn } from "./locale";
import { timestamps } from "./timestamps";

/**
 * What the back office's order search looks in (features/orders/order-read.server.ts), one text
 * so that one trigram index answers it: the customer's name, phone, checkout reference and UTR.
 */
export const orderSearchText = sql.raw(
  `("customer_name" || ' ' || "phone" || ' ' || "reference" || ' ' || coalesce("utr", ''))`,
);

/** Order numbers: unique, at least five digits, from 10001 (issue 11). */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 10001, minValue: 10001 });

/** A promo code an admin manages: percent or fixed, from a minimum, in a window, a number of uses. */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Upper-case letters and digits, as shoppers type it (matched without regard to case). */
    code: text("code").notNull().unique(),
    kind: text("kind", { enum: promoKinds }).notNull(),
    /** Percent (1-100) or paise. */
    amount: integer("amount").notNull(),
    minSubtotalPaise: integer("min_subtotal_paise").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** How many orders may use it; null: no limit. */
    usageLimit: integer("usage_limit"),
    uses: integer("uses").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("promo_codes_code_check", sql`${t.code} ~ '^[A-Z0-9]{3,20}$'`),
    check("promo_codes_kind_check", sql.raw(`"kind" in (${sqlList(promoKinds)})`)),
    check(
      "promo_codes_amount_check",
      sql`${t.amount} > 0 and (${t.kind} <> 'percent' or ${t.amount} <= 100)`,
    ),
    check("promo_codes_min_check", sql`${t.minSubtotalPaise} >= 0`),
    check(
      "promo_codes_window_check",
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    check(
      "promo_codes_uses_check",
      sql`${t.uses} >= 0 and (${t.usageLimit} is null or (${t.usageLimit} > 0 and ${t.uses} <= ${t.usageLimit}))`,
    ),
  ],
);

/**
 * An order: who, where to, what it cost (computed on the server when it was placed) and where it
 * is. The customer's name and delivery details are a copy, kept as they were.
 */
export const orders = pgTable(
  "orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    number: integer("number").notNull().unique().default(sql`nextval('order_number_seq')`),
    /** Null once the account is deleted: the order stays, with its copy of the details. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: orderStatuses }).notNull().default("payment_pending"),
    customerName: text("customer_name").notNull(),
    phone: text("phone").notNull(),
    /** Flat, house no., building (issue 21); empty on orders placed before it was asked, whose
     * `address` holds the whole address. */
    house: text("house").notNull().default(""),
    /** Area, street, sector, village. */
    address: text("address").notNull(),
    /** A landmark near the address, if the customer gave one. */
    landmark: text("landmark"),
    city: text("city").notNull(),
    /** The delivery State: chosen at checkout, prefilled from the pincode's (ADR 033); before
     * issue 24 the directory's state (ADR 030), empty when the directory did not know it. */
    state: text("state").notNull().default(""),
    pincode: text("pincode").notNull(),
    /** A business buyer's GSTIN and legal name (issue 24): the invoice is then B2B, its place of
     * supply the GSTIN's state. Both null for a consumer. */
    buyerGstin: text("buyer_gstin"),
    buyerLegalName: text("buyer_legal_name"),
    /** By UPI before shipping, or on installation (ADR 031). */
    paymentMethod: text("payment_method", { enum: paymentMethods }).notNull().default("upi"),
    // Totals are bigint (issue 20): lines of up to four batteries each at up to Rs 10 lakh pass
    // 2^31 paise (Rs 2.1 crore) in a few lines. Read as JS numbers, exact to 2^53.
    subtotalPaise: bigint("subtotal_paise", { mode: "number" }).notNull(),
    discountPaise: bigint("discount_paise", { mode: "number" }).notNull().default(0),
    shippingPaise: bigint("shipping_paise", { mode: "number" }).notNull().default(0),
    gstIncludedPaise: bigint("gst_included_paise", { mode: "number" }).notNull().default(0),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    promoCodeId: integer("promo_code_id").references(() => promoCodes.id, {
      onDelete: "set null",
    }),
    /** The code as it was used. */
    promoCode: text("promo_code"),
    /** The checkout's UPI transaction reference (`tr`): one order per checkout. */
    reference: text("reference").notNull().unique(),
    /** The UPI transaction id (UTR) the customer gave, if any. */
    utr: text("utr"),
    /** While payment is pending: when the order lapses if no payment is seen (its stock and
     * promo use given back). Set when the order is placed, from the settings of that moment. */
    paymentDueAt: timestamp("payment_due_at", { withTimezone: true }),
    /** Who carries it, set when it is marked shipped (issue 21). */
    courier: text("courier", { enum: couriers }),
    /** The courier's tracking (AWB) number; none for the store's own delivery. */
    trackingNumber: text("tracking_number"),
    /** The order's five-digit id on the old site, for an order brought over by
     * `npm run import:legacy` (docs/importing.md); null for an order placed here. */
    legacyId: integer("legacy_id").unique("orders_legacy_id_unique"),
    locale: localeColumn(),
    ...timestamps,
  },
  (t) => [
    check("orders_status_check", sql.raw(`"status" in (${sqlList(orderStatuses)})`)),
    check(
      "orders_courier_check",
      sql.raw(`"courier" is null or "courier" in (${sqlList(couriers)})`),
    ),
    check(
      "orders_payment_method_check",
      sql.raw(`"payment_method" in (${sqlList(paymentMethods)})`),
    ),
    // Placed (nothing to pay before installation) is only the life of a pay-on-installation
    // order; it never waits for a UPI payment.
    check(
      "orders_pay_on_installation_check",
      sql`${t.paymentMethod} = 'upi' or (${t.status} <> 'payment_pending' and ${t.status} <> 'paid')`,
    ),
    check("orders_placed_check", sql`${t.status} <> 'placed' or ${t.paymentMethod} <> 'upi'`),
    // The old site's orders (legacy_id) came without a delivery address or phone: "" there.
    check(
      "orders_pincode_check",
      sql`${t.pincode} ~ '^[1-9][0-9]{5}$' or (${t.legacyId} is not null and ${t.pincode} = '')`,
    ),
    check(
      "orders_phone_check",
      sql`${t.phone} ~ '^[6-9][0-9]{9}$' or (${t.legacyId} is not null and ${t.phone} = '')`,
    ),
    check("orders_legacy_id_check", sql`${t.legacyId} between 10000 and 99999`),
    localeCheck("orders"),
    check(
      "orders_buyer_gstin_check",
      sql`(${t.buyerGstin} is null) = (${t.buyerLegalName} is null) and (${t.buyerGstin} is null or ${t.buyerGstin} ~ '^[0-9]{2}[A-Z0-9]{13}$')`,
    ),
    check(
      "orders_amounts_check",
      sql`${t.subtotalPaise} >= 0 and ${t.discountPaise} between 0 and ${t.subtotalPaise} and ${t.shippingPaise} >= 0 and ${t.gstIncludedPaise} between 0 and ${t.totalPaise} and ${t.totalPaise} = ${t.subtotalPaise} - ${t.discountPaise} + ${t.shippingPaise}`,
    ),
    index("orders_user_idx").on(t.userId, t.createdAt),
    // The back office's list, newest first (created_at, then number), whole or by status: a
    // page is read from the index (ADR 039).
    index("orders_status_idx").on(t.status, t.createdAt, t.number),
    index("orders_list_idx").on(t.createdAt, t.number),
    // Its search: any part of the customer's name, phone, checkout reference or UTR, by trigrams
    // (pg_trgm, migration 0024; ADR 039).
    index("orders_search_idx").using("gin", sql`${orderSearchText} gin_trgm_ops`),
    // The dashboard's days (a range of created_at) and its newest orders (issue 25).
    index("orders_created_at_idx").on(t.createdAt),
    // One UTR pays one order: a UTR already on an order that is not cancelled is refused.
    uniqueIndex("orders_utr_unique")
      .on(t.utr)
      .where(sql`${t.utr} is not null and ${t.status} <> 'cancelled'`),
    // The orders whose payment time runs out (the expiry job reads them in order).
    index("orders_payment_due_idx").on(t.paymentDueAt).where(sql`${t.status} = 'payment_pending'`),
  ],
);

/**
 * Each India calendar day's orders (not cancelled) and paid revenue, by the orders' creation
 * instant: what the back office dashboard's chart and tiles read (issue 25), so that they cost a
 * few hundred rows instead of a scan of every order of 60 days. Kept by a trigger on `orders`
 * (migration 0020, hand-written: order_days_apply), never written by the application; "paid" is
 * isPaid's rule (features/orders/order-status.ts), which dashboard.int.test.ts holds the two to.
 * A day is split in 16 shards by order id (ADR 036), so checkouts at the same moment update
 * different rows instead of queuing for one; readers sum a day's shards.
 */
export const orderDays = pgTable(
  "order_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    shard: smallint("shard").notNull(),
    orders: integer("orders").notNull().default(0),
    revenuePaise: bigint("revenue_paise", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.shard] }),
    check("order_days_shard_check", sql`${t.shard} between 0 and 15`),
  ],
);

/**
 * How many orders each status has: what the back office's order list counts when it is not
 * searched (issue 27), instead of counting 100,000 orders on each page. Kept by a trigger on
 * `orders` (migration 0024, hand-written: order_status_counts_apply), never written by the
 * application; in 16 shards by order id, as order_days (ADR 036), so checkouts at the same
 * moment do not queue for one row; readers sum the shards (ADR 039).
 */
export const orderStatusCounts = pgTable(
  "order_status_counts",
  {
    status: text("status", { enum: orderStatuses }).notNull(),
    shard: smallint("shard").notNull(),
    orders: integer("orders").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.status, t.shard] }),
    check("order_status_counts_shard_check", sql`${t.shard} between 0 and 15`),
  ],
);

/**
 * The money given back for a paid order that was cancelled: one record per order, shown on its
 * timeline as "Refunded" to the customer and the back office.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    method: text("method", { enum: refundMethods }).notNull(),
    /** The refund's UPI or bank reference, as the bank gave it. */
    reference: text("reference").notNull(),
    /** The day the money was sent back (India's calendar). */
    refundedOn: date("refunded_on", { mode: "string" }).notNull(),
    note: text("note"),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("order_refunds_amount_check", sql`${t.amountPaise} > 0`),
    check("order_refunds_method_check", sql.raw(`"method" in (${sqlList(refundMethods)})`)),
    check("order_refunds_reference_check", sql`length(${t.reference}) between 1 and 60`),
  ],
);

/** A line of an order: the product as it was sold, at the price paid. */
export const orderItems = pgTable(
  "order_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null once the product is deleted: the line keeps its copy. */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    model: text("model").notNull(),
    name: text("name").notNull(),
    unitPricePaise: integer("unit_price_paise").notNull(),
    /** Credit per battery for the old one returned (0 without exchange). */
    exchangeCreditPaise: integer("exchange_credit_paise").notNull().default(0),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    check("order_items_quantity_check", sql`${t.quantity} between 1 and 4`),
    check(
      "order_items_price_check",
      sql`${t.unitPricePaise} >= 0 and ${t.exchangeCreditPaise} between 0 and ${t.unitPricePaise}`,
    ),
    index("order_items_order_idx").on(t.orderId),
  ],
);

/** Every change of an order's status: who, when, from what to what, and why. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null for the order being placed. */
    fromStatus: text("from_status", { enum: orderStatuses }),
    toStatus: text("to_status", { enum: orderStatuses }).notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** What the customer is told (their order page and the status mail). */
    note: text("note"),
    /** What only staff see (the back office's timeline): reconciliation, stock (issue 21). */
    internalNote: text("internal_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "order_events_status_check",
      sql.raw(
        `"to_status" in (${sqlList(orderStatuses)}) and ("from_status" is null or "from_status" in (${sqlList(orderStatuses)}))`,
      ),
    ),
    index("order_events_order_idx").on(t.orderId, t.createdAt),
  ],
);

/** The delivery details a user gave last, offered again at their next checkout. */
export const deliveryDetails = pgTable("delivery_details", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  phone: text("phone").notNull(),
  house: text("house").notNull().default(""),
  address: text("address").notNull(),
  landmark: text("landmark"),
  city: text("city").notNull(),
  /** The delivery State the customer chose (issue 24); "" when given before it was asked. */
  state: text("state").notNull().default(""),
  pincode: text("pincode").notNull(),
  buyerGstin: text("buyer_gstin"),
  buyerLegalName: text("buyer_legal_name"),
  ...timestamps,
});
