import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, unique } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { fuelTypes, sqlList, vehicleTypes } from "./enums";
import { timestamps } from "./timestamps";

/** A vehicle's make and model as one text ("Maruti Suzuki Swift"): what a catalogue search
 * looks in (features/catalog, searchCondition). */
const vehicleNameText = sql.raw(`("make" || ' ' || "model")`);

export const vehicles = pgTable(
  "vehicles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    vehicleType: text("vehicle_type").notNull(),
    make: text("make").notNull(),
    model: text("model").notNull(),
    year: integer("year").notNull(),
    fuelType: text("fuel_type").notNull(),
    ...timestamps,
  },
  (t) => [
    unique("vehicles_identity_unique").on(t.make, t.model, t.year, t.fuelType),
    check("vehicles_type_check", sql.raw(`"vehicle_type" in (${sqlList(vehicleTypes)})`)),
    check("vehicles_fuel_check", sql.raw(`"fuel_type" in (${sqlList(fuelTypes)})`)),
    check("vehicles_year_check", sql`${t.year} between 1980 and 2100`),
    index("vehicles_cascade_idx").on(t.vehicleType, t.make, t.model, t.year),
    // A catalogue search for a vehicle ("swift") finds its make and model by trigrams (ADR 039).
    index("vehicles_name_trgm_idx").using("gin", sql`${vehicleNameText} gin_trgm_ops`),
  ],
);

/** Which batteries fit a vehicle: rank 1 is the recommended one, higher ranks are alternatives. */
export const vehicleFitments = pgTable(
  "vehicle_fitments",
  {
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    rank: integer("rank").notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.productId] }),
    check("vehicle_fitments_rank_check", sql`${t.rank} >= 1`),
    index("vehicle_fitments_product_idx").on(t.productId),
  ],
);
