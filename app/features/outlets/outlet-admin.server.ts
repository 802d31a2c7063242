import { and, asc, count, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outlets, serviceBookings } from "~/db/schema";
import type { OutletKind } from "~/db/schema/enums";
import { recordAudit } from "~/features/audit/audit.server";
import { countUpcomingBookings } from "~/features/bookings/bookings.server";
import { findPincode } from "~/features/places/pincodes.server";
import { Conflict, NotFound, ValidationError } from "~/lib/errors";
import type { LatLng } from "~/lib/geo";
import { paginate } from "~/lib/paginate";
import { byName, PG_UNIQUE_VIOLATION, pgErrorCode } from "~/lib/sql.server";
import { outletAdminMessages as m } from "./outlet-admin.messages";
import {
  DEFAULT_BOOKING_CAPACITY,
  type OutletFormInput,
  type OutletListQuery,
} from "./outlet-form.schema";
import { publicOutletColumns } from "./outlet-search.server";

export const ADMIN_OUTLETS_PAGE_SIZE = 20;

type Actor = { id: string };

/** What the back office reads of an outlet (no timestamps: the page needs none). */
const adminColumns = {
  ...publicOutletColumns,
  kind: outlets.kind,
  bookingCapacity: outlets.bookingCapacity,
  active: outlets.active,
};
export type AdminOutlet = Omit<typeof outlets.$inferSelect, "createdAt" | "updatedAt" | "nameKey">;

/** Text equal to `value` in any case (the spec's exact match, forgiving capitals and spaces). */
const sameText = (column: typeof outlets.name | typeof outlets.city, value: string) =>
  sql`lower(${column}) = lower(${value.trim()})`;

/**
 * One kind's outlets for the back office, by name: all of them, or those whose name and/or city
 * is exactly the one asked for. The Filter button with neither gives the spec's warning and the
 * whole list.
 */
export async function listAdminOutlets(
  db: Db,
  kind: OutletKind,
  query: OutletListQuery,
  pageSize = ADMIN_OUTLETS_PAGE_SIZE,
) {
  const conditions: SQL[] = [eq(outlets.kind, kind)];
  if (query.name) conditions.push(sameText(outlets.name, query.name));
  if (query.city) conditions.push(sameText(outlets.city, query.city));
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(outlets).where(where);
  const total = totalRow?.n ?? 0;
  const { page, pageCount, limit, offset } = paginate(total, query.page, pageSize);
  const rows: AdminOutlet[] = await db
    .select(adminColumns)
    .from(outlets)
    .where(where)
    .orderBy(...byName(outlets.name), ...byName(outlets.city), asc(outlets.id))
    .limit(limit)
    .offset(offset);
  const warning = query.filter && !query.name && !query.city ? m.filterEmpty : null;
  return { rows, total, page, pageCount, warning };
}

export type AdminOutletList = Awaited<ReturnType<typeof listAdminOutlets>>;

/** One outlet of this kind (a dealer's id on the service centres page finds nothing). */
export async function getAdminOutlet(db: Db, kind: OutletKind, id: number) {
  const [row] = await db
    .select(adminColumns)
    .from(outlets)
    .where(and(eq(outlets.id, id), eq(outlets.kind, kind)));
  return (row ?? null) as AdminOutlet | null;
}

/** Refuses a name another outlet of the kind has in the same city (any case), next to the name. */
async function assertNameFree(
  db: Pick<Db, "select">,
  kind: OutletKind,
  input: { name: string; city: string; id: number | null },
) {
  const clash = await db
    .select({ id: outlets.id })
    .from(outlets)
    .where(
      and(
        eq(outlets.kind, kind),
        sameText(outlets.name, input.name),
        sameText(outlets.city, input.city),
        input.id === null ? undefined : ne(outlets.id, input.id),
      ),
    );
  if (clash.length > 0) throw nameTaken(kind, input.city);
}

const nameTaken = (kind: OutletKind, city: string) => {
  const message = m.nameTaken(kind, city);
  return new Conflict(message, { name: message });
};

/** The outlet's point: the one given, or its pincode's from the pincode directory (ADR 030). */
async function locate(db: Db, input: { location: LatLng | null; pincode: string }) {
  if (input.location) return input.location;
  const place = await findPincode(db, input.pincode);
  if (!place) {
    const message = m.locationUnknown(input.pincode);
    throw new ValidationError(message, { location: message });
  }
  return { lat: place.latitude, lng: place.longitude };
}

/** An outlet's stored fields (a state saved before the list existed is any text). */
type OutletFields = Omit<OutletFormInput, "location" | "state"> & LatLng & { state: string };

/** What the audit log keeps of an outlet. */
const snapshot = (
  r: Omit<OutletFields, "bookingCapacity" | "active"> & {
    bookingCapacity?: number;
    active?: boolean;
  },
) => ({
  name: r.name,
  address: r.address,
  city: r.city,
  state: r.state,
  pincode: r.pincode,
  lat: r.lat,
  lng: r.lng,
  phone: r.phone,
  email: r.email,
  openDays: r.openDays,
  opensAt: r.opensAt,
  closesAt: r.closesAt,
  categories: r.categories,
  bookingCapacity: r.bookingCapacity,
  active: r.active,
});

/**
 * Adds an outlet of this kind (id null) or changes one. A name the kind already has in that city
 * is refused next to the name. A location left blank is the pincode's point, and refused next
 * to the location when the pincode directory does not have it. A booking capacity left out keeps
 * the saved one (2 for a new outlet); `active` is only changed when given.
 */
export async function saveOutlet(
  db: Db,
  kind: OutletKind,
  input: OutletFormInput & { id: number | null },
  actor: Actor,
): Promise<number> {
  const { id, bookingCapacity, active, location, ...rest } = input;
  const fields = { ...rest, ...(await locate(db, input)) };
  try {
    return await db.transaction(async (tx) => {
      if (id === null) {
        await assertNameFree(tx, kind, input);
        const values = {
          ...fields,
          kind,
          bookingCapacity: bookingCapacity ?? DEFAULT_BOOKING_CAPACITY,
        };
        const [row] = await tx.insert(outlets).values(values).returning({ id: outlets.id });
        if (!row) throw new Error("insert returned nothing");
        await recordAudit(tx, actor, "outlet", row.id, null, { kind, ...snapshot(values) });
        return row.id;
      }
      const [before] = await tx
        .select(adminColumns)
        .from(outlets)
        .where(and(eq(outlets.id, id), eq(outlets.kind, kind)))
        .for("update");
      if (!before) throw new NotFound(m.notFound(kind));
      await assertNameFree(tx, kind, input);
      const values = {
        ...fields,
        bookingCapacity: bookingCapacity ?? before.bookingCapacity,
        active: active ?? before.active,
      };
      await tx
        .update(outlets)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(outlets.id, id));
      await recordAudit(tx, actor, "outlet", id, snapshot(before), snapshot(values));
      return id;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw nameTaken(kind, input.city);
    throw error;
  }
}

/**
 * Deletes an outlet of this kind. Bookings still to come (from today, India's time, requested
 * or confirmed) must be cancelled first: refused, saying how many. Past or cancelled bookings
 * keep their outlet (the foreign key restricts), so an outlet that has any is deactivated
 * instead: hidden from the public, kept for the bookings' history (ADR draft in issue 12). The
 * outlet's row is locked meanwhile, as booking locks it too, so no booking slips in between.
 */
export async function deleteOutlet(
  db: Db,
  kind: OutletKind,
  input: { id: number },
  actor: Actor,
  now = new Date(),
): Promise<"deleted" | "deactivated"> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(adminColumns)
      .from(outlets)
      .where(and(eq(outlets.id, input.id), eq(outlets.kind, kind)))
      .for("update");
    if (!before) throw new NotFound(m.notFound(kind));
    const upcomingCount = await countUpcomingBookings(tx, input.id, now);
    if (upcomingCount > 0) throw new Conflict(m.hasUpcomingBookings(kind, upcomingCount));
    const [any] = await tx
      .select({ n: count() })
      .from(serviceBookings)
      .where(eq(serviceBookings.outletId, input.id));
    if ((any?.n ?? 0) === 0) {
      await tx.delete(outlets).where(eq(outlets.id, input.id));
      await recordAudit(tx, actor, "outlet", input.id, { kind, ...snapshot(before) }, null);
      return "deleted";
    }
    await tx
      .update(outlets)
      .set({ active: false, updatedAt: new Date() })
      .where(eq(outlets.id, input.id));
    await recordAudit(
      tx,
      actor,
      "outlet",
      input.id,
      { name: before.name, active: before.active },
      { name: before.name, active: false },
      "deactivate",
    );
    return "deactivated";
  });
}
