import { sql } from "drizzle-orm";
import { check, doublePrecision, index, pgTable, text } from "drizzle-orm/pg-core";

/**
 * India's pincodes with a point, district and state: reference data from India Post's All India
 * Pincode Directory (ADR 030), loaded by the migrations from `seed-data/pincodes.tsv` and kept
 * when the integration tests empty the database. `place` is the name shown as the pincode's
 * city (today its district).
 */
export const pincodes = pgTable(
  "pincodes",
  {
    pincode: text("pincode").primaryKey(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    district: text("district").notNull(),
    state: text("state").notNull(),
    place: text("place").notNull(),
  },
  (t) => [
    check("pincodes_pincode_check", sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
    check("pincodes_latitude_check", sql`${t.latitude} between -90 and 90`),
    check("pincodes_longitude_check", sql`${t.longitude} between -180 and 180`),
    index("pincodes_district_idx").on(t.district),
  ],
);

/** Tables of reference data the migrations fill: the integration tests never empty them. */
export const referenceTables = ["pincodes"] as const;
