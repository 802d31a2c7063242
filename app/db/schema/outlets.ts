import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import {
  bookingIssues,
  bookingStatuses,
  type OutletCategory,
  outletCategories,
  outletKinds,
  sqlList,
} from "./enums";
import { localeCheck, localeColumn } from "./locale";
import { timestamps } from "./timestamps";

/** A time of day as "HH:MM" (24-hour), which also sorts and compares correctly as text. */
const clockTime = (column: string) => sql.raw(`"${column}" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`);

/**
 * Dealers and service centres: one table, told apart by `kind`. Opening hours are structured
 * (days of the week, opening and closing time) so that booking slots can be made from them and
 * the hours shown are always the ones bookings follow (ADR 022).
 */
export const outlets = pgTable(
  "outlets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    pincode: text("pincode").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    /** ISO days of the week it is open on: 1 Monday … 7 Sunday. */
    openDays: integer("open_days").array().notNull().default(sql`'{1,2,3,4,5,6}'`),
    opensAt: text("opens_at").notNull().default("09:00"),
    closesAt: text("closes_at").notNull().default("19:00"),
    categories: text("categories")
      .array()
      .$type<OutletCategory[]>()
      .notNull()
      .default(sql`'{car,bike,inverter}'`),
    /** Service bookings one time slot takes (service centres). */
    bookingCapacity: integer("booking_capacity").notNull().default(2),
    /** The name as lists sort it (name_sort_key, lib/sql.server.ts byName), kept with the row:
     * sorting thousands by distance and name computes no key (ADR 039). */
    nameKey: text("name_key").notNull().generatedAlwaysAs(sql`name_sort_key("name")`),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    unique("outlets_identity_unique").on(t.kind, t.name, t.city),
    check("outlets_kind_check", sql.raw(`"kind" in (${sqlList(outletKinds)})`)),
    check("outlets_pincode_check", sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
    check("outlets_lat_check", sql`${t.lat} between -90 and 90`),
    check("outlets_lng_check", sql`${t.lng} between -180 and 180`),
    check(
      "outlets_open_days_check",
      sql`cardinality(${t.openDays}) between 1 and 7 and ${t.openDays} <@ array[1,2,3,4,5,6,7]`,
    ),
    check("outlets_opens_at_check", clockTime("opens_at")),
    check("outlets_closes_at_check", clockTime("closes_at")),
    check("outlets_hours_order_check", sql`${t.opensAt} < ${t.closesAt}`),
    check(
      "outlets_categories_check",
      sql.raw(
        `cardinality("categories") >= 1 and "categories" <@ array[${sqlList(outletCategories)}]::text[]`,
      ),
    ),
    check("outlets_booking_capacity_check", sql`${t.bookingCapacity} between 1 and 50`),
    index("outlets_kind_city_idx").on(t.kind, t.city),
    index("outlets_kind_pincode_idx").on(t.kind, t.pincode),
  ],
);

/**
 * A customer's appointment at a service centre: one slot of one day. A slot holds at most the
 * centre's booking capacity of bookings that are not cancelled (checked under a lock on the
 * centre's row, see features/bookings).
 */
export const serviceBookings = pgTable(
  "service_bookings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** What the customer quotes: "SB-" and eight letters and digits. */
    reference: text("reference").notNull().unique("service_bookings_reference_unique"),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    vehicleModel: text("vehicle_model").notNull(),
    issue: text("issue"),
    date: date("date", { mode: "string" }).notNull(),
    /** The slot's start, "HH:MM". */
    time: text("time").notNull(),
    status: text("status").notNull().default("requested"),
    locale: localeColumn(),
    ...timestamps,
  },
  (t) => [
    check("service_bookings_issue_check", sql.raw(`"issue" in (${sqlList(bookingIssues)})`)),
    check("service_bookings_status_check", sql.raw(`"status" in (${sqlList(bookingStatuses)})`)),
    check("service_bookings_time_check", clockTime("time")),
    localeCheck("service_bookings"),
    index("service_bookings_slot_idx").on(t.outletId, t.date, t.time),
    index("service_bookings_user_idx").on(t.userId, t.date),
    index("service_bookings_date_idx").on(t.date, t.status),
  ],
);
