import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { outletKinds, sqlList } from "./enums";
import { timestamps } from "./timestamps";

/** Dealers and service centres: one table, told apart by `kind`. */
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
    hours: text("hours").notNull(),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    unique("outlets_identity_unique").on(t.kind, t.name, t.city),
    check("outlets_kind_check", sql.raw(`"kind" in (${sqlList(outletKinds)})`)),
    check("outlets_pincode_check", sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
    check("outlets_lat_check", sql`${t.lat} between -90 and 90`),
    check("outlets_lng_check", sql`${t.lng} between -180 and 180`),
    index("outlets_kind_city_idx").on(t.kind, t.city),
    index("outlets_kind_pincode_idx").on(t.kind, t.pincode),
  ],
);
