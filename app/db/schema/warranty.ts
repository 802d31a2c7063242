import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./catalog";
import { claimOutcomes, claimProblems, claimStatuses, sqlList } from "./enums";
import { localeCheck, localeColumn } from "./locale";
import { orderItems, orders } from "./orders";
import { outlets, serviceBookings } from "./outlets";
import { timestamps } from "./timestamps";

/**
 * A battery's warranty (issue 22): one row per serial number, registered by its owner on
 * /warranty, or by staff from a delivered order. The periods are copied from the product when it
 * is registered, so a later change of the product never shortens or lengthens a warranty given.
 */
export const warrantyRegistrations = pgTable(
  "warranty_registrations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Upper-case letters and digits only (features/warranty normaliseSerial). */
    serial: text("serial").notNull(),
    /** Null once the product is deleted: the registration keeps its copy of the model. */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    model: text("model").notNull(),
    /** Free replacement from the purchase date, and the pro-rata period after it (months). */
    warrantyMonths: integer("warranty_months").notNull(),
    proRataMonths: integer("pro_rata_months").notNull().default(0),
    purchaseDate: date("purchase_date", { mode: "string" }).notNull(),
    /** The last day of free replacement, and of the whole warranty (pro-rata included). */
    freeUntil: date("free_until", { mode: "string" }).notNull(),
    warrantyUntil: date("warranty_until", { mode: "string" }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    pincode: text("pincode").notNull(),
    /** Ten digits, starting 6-9 (no +91). */
    mobile: text("mobile").notNull(),
    /** Where the confirmation and the claim's news go, when known. */
    email: text("email"),
    /** The owner's account: who registered it signed in, raised a claim on it signed in, or
     * bought it here. Null: only serial and mobile together open it. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** "I agree to receive warranty updates on WhatsApp/SMS": the answer, and when it was given. */
    consent: boolean("consent").notNull().default(false),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    /** Registered by staff from this order's line at delivery. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderItemId: integer("order_item_id").references(() => orderItems.id, {
      onDelete: "set null",
    }),
    /** Which of that line's batteries (1 to its quantity): each is registered once. */
    orderUnit: integer("order_unit"),
    /** When a claim gave a new battery in its place: this warranty is then over. */
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    locale: localeColumn(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("warranty_registrations_serial_unique").on(t.serial),
    check("warranty_registrations_serial_check", sql`${t.serial} ~ '^[A-Z0-9]{6,20}$'`),
    check("warranty_registrations_pincode_check", sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
    check("warranty_registrations_mobile_check", sql`${t.mobile} ~ '^[6-9][0-9]{9}$'`),
    check(
      "warranty_registrations_months_check",
      sql`${t.warrantyMonths} >= 0 and ${t.proRataMonths} >= 0`,
    ),
    check(
      "warranty_registrations_dates_check",
      sql`${t.purchaseDate} <= ${t.freeUntil} and ${t.freeUntil} <= ${t.warrantyUntil}`,
    ),
    check(
      "warranty_registrations_consent_check",
      sql`(${t.consent} and ${t.consentAt} is not null) or (not ${t.consent} and ${t.consentAt} is null)`,
    ),
    index("warranty_registrations_mobile_idx").on(t.mobile),
    localeCheck("warranty_registrations"),
    index("warranty_registrations_user_idx").on(t.userId, t.createdAt),
    index("warranty_registrations_order_idx").on(t.orderId),
    uniqueIndex("warranty_registrations_order_unit_unique").on(t.orderItemId, t.orderUnit),
    check(
      "warranty_registrations_order_unit_check",
      sql`${t.orderUnit} is null or ${t.orderUnit} >= 1`,
    ),
  ],
);

/**
 * A claim on a registration: what is wrong, where it is inspected, and where it stands. At most
 * one claim of a registration is open (not Closed) at a time: the database holds that rule.
 */
export const warrantyClaims = pgTable(
  "warranty_claims",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** What the owner quotes: "WC-" and eight letters and digits. */
    reference: text("reference").notNull(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => warrantyRegistrations.id, { onDelete: "cascade" }),
    problem: text("problem", { enum: claimProblems }).notNull(),
    /** The owner's words: required for "Other". */
    details: text("details"),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "restrict" }),
    /** The inspection slot booked with the claim, if one was chosen. */
    bookingId: integer("booking_id").references(() => serviceBookings.id, {
      onDelete: "set null",
    }),
    status: text("status", { enum: claimStatuses }).notNull().default("submitted"),
    /** Set when approved: a new battery, or a discount of `discountPaise` on one. */
    outcome: text("outcome", { enum: claimOutcomes }),
    discountPaise: integer("discount_paise"),
    /** Why it was rejected. */
    rejectReason: text("reject_reason"),
    /** Where its news goes. */
    email: text("email").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("warranty_claims_reference_unique").on(t.reference),
    // One open claim per registration: a second is refused by the database, also at once.
    uniqueIndex("warranty_claims_one_open_unique")
      .on(t.registrationId)
      .where(sql`${t.status} <> 'closed'`),
    check("warranty_claims_problem_check", sql.raw(`"problem" in (${sqlList(claimProblems)})`)),
    check("warranty_claims_status_check", sql.raw(`"status" in (${sqlList(claimStatuses)})`)),
    check(
      "warranty_claims_outcome_check",
      sql.raw(
        `("outcome" is null and "discount_paise" is null) or ("outcome" = 'replacement' and "discount_paise" is null) or ("outcome" = 'pro_rata' and "discount_paise" > 0)`,
      ),
    ),
    index("warranty_claims_status_idx").on(t.status, t.createdAt),
  ],
);

/** Every step of a claim: who, when, from what to what, and the note the owner reads. */
export const warrantyClaimEvents = pgTable(
  "warranty_claim_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer("claim_id")
      .notNull()
      .references(() => warrantyClaims.id, { onDelete: "cascade" }),
    /** Null for the claim being raised. */
    fromStatus: text("from_status", { enum: claimStatuses }),
    toStatus: text("to_status", { enum: claimStatuses }).notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("warranty_claim_events_claim_idx").on(t.claimId, t.createdAt)],
);
