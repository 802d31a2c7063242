import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products, vehicleFitments, vehicles } from "~/db/schema";
import { byName } from "~/lib/sql.server";
import { type ProductCard, productCardColumns } from "../catalog/catalog.server";
import { cascade } from "./finder.options";
import type { FinderQuery } from "./finder.schema";

/**
 * What a level holds: the asked value when it is one of the options, else the only option when
 * there is exactly one (a two-wheeler whose engine type can only be Petrol is not asked).
 */
function choose<T>(options: T[], asked: T | undefined): T | undefined {
  if (asked !== undefined && options.includes(asked)) return asked;
  return options.length === 1 ? options[0] : undefined;
}

/**
 * The makes of a vehicle type, as byName sorts them. Read by skipping through the cascade's index
 * from one make to the next (a recursive query: one index probe per make) instead of grouping
 * every vehicle of the type, 60,000 of them in a grown store (ADR 039).
 */
async function makesOf(db: Db, type: string): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive found (make) as (
      select (select min(v.make) from ${vehicles} v where v.vehicle_type = ${type})
      union all
      select (select min(v.make) from ${vehicles} v where v.vehicle_type = ${type} and v.make > found.make)
      from found where found.make is not null)
    select make from found where make is not null
    order by name_sort_key(make) collate "C", make collate "C"`)) as unknown as {
    rows: { make: string }[];
  };
  return result.rows.map((row) => row.make);
}

/** The choices for each finder level, given what is already chosen above it. */
export async function getFinderOptions(db: Db, query: FinderQuery) {
  const q = cascade(query);
  const byType = eq(vehicles.vehicleType, q.type);
  const makes = await makesOf(db, q.type);
  const make = choose(makes, q.make);
  const models = make
    ? (
        await db
          .select({ v: vehicles.model })
          .from(vehicles)
          .where(and(byType, eq(vehicles.make, make)))
          .groupBy(vehicles.model)
          .orderBy(...byName(vehicles.model))
      ).map((r) => r.v)
    : [];
  const model = make ? choose(models, q.model) : undefined;
  const years = model
    ? (
        await db
          .selectDistinct({ v: vehicles.year })
          .from(vehicles)
          .where(and(byType, eq(vehicles.make, make ?? ""), eq(vehicles.model, model)))
          .orderBy(desc(vehicles.year))
      ).map((r) => r.v)
    : [];
  const year = model ? choose(years, q.year) : undefined;
  const fuels =
    year !== undefined
      ? (
          await db
            .selectDistinct({ v: vehicles.fuelType })
            .from(vehicles)
            .where(
              and(
                byType,
                eq(vehicles.make, make ?? ""),
                eq(vehicles.model, model ?? ""),
                eq(vehicles.year, year),
              ),
            )
            .orderBy(asc(vehicles.fuelType))
        ).map((r) => r.v)
      : [];
  const fuel = year !== undefined ? choose(fuels, q.fuel) : undefined;
  return {
    selected: { type: q.type, make, model, year, fuel },
    options: { makes, models, years, fuels },
  };
}

/** What the finder offers at each level, and what is chosen (the `/findby` loader's data). */
export type FinderOptions = Awaited<ReturnType<typeof getFinderOptions>>;

export type FinderResult = {
  recommended: ProductCard & { description: string };
  alternatives: ProductCard[];
};

/** The recommended battery of a vehicle and its alternatives (active products only), or null. */
export async function findBatteries(
  db: Db,
  vehicle: { type: string; make: string; model: string; year: number; fuel: string },
): Promise<FinderResult | null> {
  const rows = await db
    .select({
      ...productCardColumns,
      description: products.description,
      rank: vehicleFitments.rank,
    })
    .from(vehicles)
    .innerJoin(vehicleFitments, eq(vehicleFitments.vehicleId, vehicles.id))
    .innerJoin(products, eq(products.id, vehicleFitments.productId))
    .where(
      and(
        eq(vehicles.vehicleType, vehicle.type),
        eq(vehicles.make, vehicle.make),
        eq(vehicles.model, vehicle.model),
        eq(vehicles.year, vehicle.year),
        eq(vehicles.fuelType, vehicle.fuel),
        eq(products.active, true),
      ),
    )
    .orderBy(asc(vehicleFitments.rank), asc(products.pricePaise));
  const [first, ...rest] = rows;
  if (!first) return null;
  const strip = ({ rank: _rank, description: _d, ...card }: (typeof rows)[number]) => card;
  return {
    recommended: { ...strip(first), description: first.description },
    alternatives: rest.map(strip),
  };
}
