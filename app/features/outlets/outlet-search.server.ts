import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outlets } from "~/db/schema";
import type { OutletKind } from "~/db/schema/enums";
import { findPincode, listPlaceNames } from "~/features/places/pincodes.server";
import { cityNames, nearNames } from "~/features/places/place-names";
import { EARTH_RADIUS_KM, type LatLng } from "~/lib/geo";
import { paginate } from "~/lib/paginate";
import { formatHours } from "./hours";
import type { OutletSearchQuery } from "./outlet-search.schema";
import { outletMessages as m } from "./outlets.messages";

/** Outlets a page of the public list shows. */
export const OUTLET_PAGE_SIZE = 20;
/** Outlets shown as the nearest when none is in the pincode searched for. */
export const NEAREST_OUTLETS = 5;

/** The great-circle distance in km from a point to an outlet, in SQL (haversine, as lib/geo). */
function distanceFrom(point: LatLng): SQL<number> {
  const lat = sql`radians(${point.lat}::float8)`;
  const dLat = sql`radians(${outlets.lat} - ${point.lat}::float8)`;
  const dLng = sql`radians(${outlets.lng} - ${point.lng}::float8)`;
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(${dLat} / 2), 2) + cos(${lat}) * cos(radians(${outlets.lat})) * power(sin(${dLng} / 2), 2)
  ))))`;
}

/** The columns a visitor sees of an outlet (the back office reads these and a few more). */
export const publicOutletColumns = {
  id: outlets.id,
  name: outlets.name,
  address: outlets.address,
  city: outlets.city,
  state: outlets.state,
  pincode: outlets.pincode,
  lat: outlets.lat,
  lng: outlets.lng,
  phone: outlets.phone,
  email: outlets.email,
  openDays: outlets.openDays,
  opensAt: outlets.opensAt,
  closesAt: outlets.closesAt,
  categories: outlets.categories,
};

/** The outlets by name as byName (lib/sql.server.ts) sorts them, from the key kept with each row
 * (outlets.name_key): sorting thousands by distance computes no key (ADR 039). */
const outletsByName = [sql`${outlets.nameKey} collate "C"`, sql`${outlets.name} collate "C"`];

/** A distance as the list shows it: km to one decimal. */
const roundKm = (km: unknown) => (km === null ? null : Math.round(Number(km) * 10) / 10);

type OutletRow = Omit<Awaited<ReturnType<typeof nearestOutlets>>[number], "distanceKm">;

/** The rows as the list shows them: hours in words, distance rounded. */
const shown = (rows: (OutletRow & { distanceKm: unknown })[]) =>
  rows.map((row) => ({ ...row, hours: formatHours(row), distanceKm: roundKm(row.distanceKm) }));

/** The outlets of a kind nearest to a point, with their distance (the pincode fallback). */
async function nearestOutlets(db: Db, conditions: SQL[], point: LatLng) {
  const distance = distanceFrom(point);
  return db
    .select({ ...publicOutletColumns, distanceKm: distance })
    .from(outlets)
    .where(and(...conditions))
    .orderBy(asc(distance), ...outletsByName, asc(outlets.id))
    .limit(NEAREST_OUTLETS);
}

/** Place names near a city that matched nothing: the kind's own cities first, then districts. */
async function citySuggestions(db: Db, kind: OutletKind, city: string): Promise<string[]> {
  const [cities, places] = await Promise.all([
    db
      .selectDistinct({ city: outlets.city })
      .from(outlets)
      .where(and(eq(outlets.kind, kind), eq(outlets.active, true)))
      .orderBy(asc(outlets.city)),
    listPlaceNames(db),
  ]);
  return nearNames(city, [...cities.map((row) => row.city), ...places]);
}

/**
 * The active outlets of a kind that match the search: exact on pincode and on city (ignoring
 * case and surrounding spaces), serving the category if one is chosen; by name, or nearest first
 * when the visitor shared where they are. With Search pressed and both boxes empty, the spec's
 * notice, and every outlet. When a pincode alone finds nothing, the outlets nearest to that
 * pincode (from the pincode directory, ADR 030) with their distance, or, for a pincode the
 * directory does not have, says so; a city that finds nothing suggests near place names. A
 * malformed pincode (`query.pincodeError`) lists nothing: the form shows its error.
 */
export async function searchOutlets(db: Db, kind: OutletKind, query: OutletSearchQuery) {
  const conditions: SQL[] = [eq(outlets.kind, kind), eq(outlets.active, true)];
  if (query.category) conditions.push(sql`${query.category} = any(${outlets.categories})`);
  const placeConditions: SQL[] = [];
  if (query.pincode) placeConditions.push(eq(outlets.pincode, query.pincode));
  // By either name of a renamed city ("Bangalore" finds Bengaluru's outlets).
  if (query.city) {
    placeConditions.push(inArray(sql`lower(trim(${outlets.city}))`, cityNames(query.city)));
  }
  const where = and(...conditions, ...placeConditions);

  const notices: string[] = [];
  if (query.searched && !query.pincode && !query.city) notices.push(m.enterPincodeOrCity);
  const near = query.sort === "distance" ? query.near : undefined;
  if (query.sort === "distance" && !near) notices.push(m.shareLocation);
  const result = {
    rows: [] as ReturnType<typeof shown>,
    total: 0,
    page: 1,
    pageCount: 1,
    sortedBy: near ? ("distance" as const) : ("name" as const),
    notices,
    emptyText: m.noMatch[kind],
    /** Set when the rows are the nearest to a pincode that has none: what to say above them. */
    nearestTo: null as string | null,
    /** Near place names, for a city that matched nothing. */
    suggestions: [] as string[],
  };
  if (query.pincodeError) return { ...result, emptyText: "" };

  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(outlets).where(where);
  if (total === 0 && query.pincode && !query.city) {
    const place = await findPincode(db, query.pincode);
    if (!place) return { ...result, emptyText: m.unknownPincode(query.pincode) };
    const point = { lat: place.latitude, lng: place.longitude };
    const nearest = shown(await nearestOutlets(db, conditions, point));
    if (nearest.length > 0) {
      const lead = m.nearestTo[kind](query.pincode, `${place.place}, ${place.state}`);
      return {
        ...result,
        rows: nearest,
        total: nearest.length,
        sortedBy: "distance" as const,
        nearestTo: lead,
      };
    }
  }
  if (total === 0 && query.city) {
    return { ...result, suggestions: await citySuggestions(db, kind, query.city) };
  }

  const window = paginate(total, query.page, OUTLET_PAGE_SIZE);
  const distance = near ? distanceFrom(near) : null;
  const rows = await db
    .select({ ...publicOutletColumns, distanceKm: distance ?? sql<null>`null` })
    .from(outlets)
    .where(where)
    .orderBy(...(distance ? [asc(distance)] : []), ...outletsByName, asc(outlets.id))
    .limit(window.limit)
    .offset(window.offset);

  return { ...result, rows: shown(rows), total, page: window.page, pageCount: window.pageCount };
}

export type OutletSearchResult = Awaited<ReturnType<typeof searchOutlets>>;
export type PublicOutlet = OutletSearchResult["rows"][number];
