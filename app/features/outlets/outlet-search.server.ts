import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outlets } from "~/db/schema";
import type { OutletKind } from "~/db/schema/enums";
import { EARTH_RADIUS_KM, type LatLng } from "~/lib/geo";
import { paginate } from "~/lib/paginate";
import { byName } from "~/lib/sql.server";
import { formatHours } from "./hours";
import { outletNouns } from "./outlet.options";
import type { OutletSearch } from "./outlet-search.schema";
import { outletMessages as m } from "./outlets.messages";

/** Outlets a page of the public list shows. */
export const OUTLET_PAGE_SIZE = 20;

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

/**
 * The active outlets of a kind that match the search: exact on pincode and on city (ignoring
 * case and surrounding spaces), serving the category if one is chosen; by name, or nearest first
 * when the visitor shared where they are. With Search pressed and both boxes empty, the spec's
 * notice, and every outlet.
 */
export async function searchOutlets(
  db: Db,
  kind: OutletKind,
  query: OutletSearch & { searched: boolean },
) {
  const conditions: SQL[] = [eq(outlets.kind, kind), eq(outlets.active, true)];
  if (query.pincode) conditions.push(eq(outlets.pincode, query.pincode));
  if (query.city) conditions.push(sql`lower(trim(${outlets.city})) = lower(${query.city})`);
  if (query.category) conditions.push(sql`${query.category} = any(${outlets.categories})`);
  const where = and(...conditions);

  const notices: string[] = [];
  if (query.searched && !query.pincode && !query.city) notices.push(m.enterPincodeOrCity);
  const near = query.sort === "distance" ? query.near : undefined;
  if (query.sort === "distance" && !near) notices.push(m.shareLocation);

  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(outlets).where(where);
  const window = paginate(total, query.page, OUTLET_PAGE_SIZE);
  const distance = near ? distanceFrom(near) : null;
  const rows = await db
    .select({ ...publicOutletColumns, distanceKm: distance ?? sql<null>`null` })
    .from(outlets)
    .where(where)
    .orderBy(...(distance ? [asc(distance)] : []), ...byName(outlets.name), asc(outlets.id))
    .limit(window.limit)
    .offset(window.offset);

  return {
    rows: rows.map((row) => ({
      ...row,
      hours: formatHours(row),
      distanceKm: row.distanceKm === null ? null : Math.round(Number(row.distanceKm) * 10) / 10,
    })),
    total,
    page: window.page,
    pageCount: window.pageCount,
    sortedBy: near ? ("distance" as const) : ("name" as const),
    notices,
    emptyText: m.noMatch(outletNouns[kind].many),
  };
}

export type OutletSearchResult = Awaited<ReturnType<typeof searchOutlets>>;
export type PublicOutlet = OutletSearchResult["rows"][number];
