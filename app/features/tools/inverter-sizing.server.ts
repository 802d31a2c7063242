import { and, asc, eq, gte, max } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema";
import { type ProductCard, productCardColumns } from "~/features/catalog/catalog.server";
import {
  BATTERY_UNIT_VOLTS,
  readSizingQuery,
  type Sizing,
  type SizingCheck,
} from "./inverter-sizing";

/** How many batteries the sizing page lists. */
export const RECOMMENDED_LIMIT = 6;

/** A battery that holds the sizing: `count` of it (two in series for 24 V), priced together. */
export type RecommendedBattery = ProductCard & { count: number; totalPaise: number };

export type InverterBatteries = {
  batteries: RecommendedBattery[];
  /** The largest capacity on offer for this system (null: no inverter battery in stock). */
  largestAh: number | null;
};

/**
 * The inverter batteries that hold the sizing's capacity: active 12 V batteries of the inverter
 * category with at least `batteryAh` each and enough in stock for the system (two for 24 V),
 * cheapest first. With them, the largest capacity on offer, so an empty list can say why.
 */
export async function findInverterBatteries(
  db: Db,
  sizing: Pick<Sizing, "batteryAh" | "batteryCount">,
  limit = RECOMMENDED_LIMIT,
): Promise<InverterBatteries> {
  const count = sizing.batteryCount;
  const onOffer = and(
    eq(products.active, true),
    eq(products.category, "inverter"),
    eq(products.voltageV, BATTERY_UNIT_VOLTS),
    gte(products.stock, count),
  );
  const [rows, [largest]] = await Promise.all([
    db
      .select(productCardColumns)
      .from(products)
      .where(and(onOffer, gte(products.capacityAh, sizing.batteryAh)))
      .orderBy(asc(products.pricePaise), asc(products.capacityAh), asc(products.id))
      .limit(limit),
    db
      .select({ ah: max(products.capacityAh) })
      .from(products)
      .where(onOffer),
  ]);
  return {
    batteries: rows.map((row) => ({ ...row, count, totalPaise: row.pricePaise * count })),
    largestAh: largest?.ah ?? null,
  };
}

/**
 * The sizing an address asks for (`readSizingQuery`) and, when it is valid, the batteries that
 * hold it: what a page showing the sizing tool loads (its own page, or one that embeds it).
 */
export async function loadInverterSizing(
  db: Db,
  params: URLSearchParams,
): Promise<{ check: SizingCheck | null; offer: InverterBatteries | null }> {
  const check = readSizingQuery(params);
  const offer = check?.ok ? await findInverterBatteries(db, check.sizing) : null;
  return { check, offer };
}
