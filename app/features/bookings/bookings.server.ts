import { and, asc, count, desc, eq, gte, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { outlets, serviceBookings } from "~/db/schema";
import type { BookingStatus } from "~/db/schema/enums";
import { consumeRateLimits, type RateRule } from "~/features/accounts/rate-limit.server";
import { recordAudit } from "~/features/audit/audit.server";
import { formatDays, formatHours, type HoursTranslator, slotTimes } from "~/features/outlets/hours";
import { clientIp } from "~/lib/client-ip.server";
import { NotFound, ValidationError } from "~/lib/errors";
import type { Locale } from "~/lib/i18n/locales";
import { addDays, indiaClockOf, indiaDayOf, isCalendarDay, isoWeekday } from "~/lib/india-time";
import { paginate } from "~/lib/paginate";
import { readableReference } from "~/lib/reference.server";
import { byName } from "~/lib/sql.server";
import type { BookingForm, bookingListSchema } from "./booking.schema";
import { queueBookingMail } from "./booking-mail.server";
import { bookingMessages as m } from "./bookings.messages";
import { BOOKING_DAYS_AHEAD, bookingStatusLabels } from "./bookings.options";

/** The days a booking may be made for, in India's calendar: today to 60 days ahead. */
export function bookingWindow(now: Date) {
  const today = indiaDayOf(now);
  return { today, lastDay: addDays(today, BOOKING_DAYS_AHEAD) };
}

const centreColumns = {
  id: outlets.id,
  name: outlets.name,
  address: outlets.address,
  city: outlets.city,
  pincode: outlets.pincode,
  phone: outlets.phone,
  openDays: outlets.openDays,
  opensAt: outlets.opensAt,
  closesAt: outlets.closesAt,
  bookingCapacity: outlets.bookingCapacity,
};
type Centre = { [K in keyof typeof centreColumns]: (typeof centreColumns)[K]["_"]["data"] };

const isBookableCentre = (id: number) =>
  and(eq(outlets.id, id), eq(outlets.kind, "service_centre"), eq(outlets.active, true));

/** Bookings that hold their slot: every one not cancelled. */
const holdsSlot = ne(serviceBookings.status, "cancelled");

/** Whether a slot of a day has already begun, in India's time. */
function hasBegun(date: string, time: string, now: Date): boolean {
  const today = indiaDayOf(now);
  return date < today || (date === today && time <= indiaClockOf(now));
}

/**
 * A service centre's booking dialog: the centre, the days it can be booked and, for one day,
 * each slot with the places left (0: full) and whether it has passed. No day asked (`day` null
 * or empty) is the first day with a slot still to come. A day asked that cannot be booked (not
 * a day, outside the window, the centre closed) is kept with the reason in `dateError`, and its
 * slots have no places to offer (`open` false). `days`: the translator the reason names the
 * centre's open days with (the sentence itself is translated where it is shown).
 */
export async function getBookingSlots(
  db: Db,
  centreId: number,
  day: string | null,
  now: Date,
  days?: HoursTranslator,
) {
  const [centre] = await db.select(centreColumns).from(outlets).where(isBookableCentre(centreId));
  if (!centre) throw new NotFound(m.centreNotFound);
  const window = bookingWindow(now);
  const asked = day || null;
  const date = asked === null ? firstBookableDay(centre, now) : isCalendarDay(asked) ? asked : null;
  const dateError =
    asked === null ? null : date === null ? m.date : dateProblem(centre, date, now, days);
  const open = date !== null && dateError === null;
  const taken = new Map<string, number>();
  if (date && open) {
    const rows = await db
      .select({ time: serviceBookings.time, taken: count() })
      .from(serviceBookings)
      .where(
        and(eq(serviceBookings.outletId, centre.id), eq(serviceBookings.date, date), holdsSlot),
      )
      .groupBy(serviceBookings.time);
    for (const row of rows) taken.set(row.time, row.taken);
  }
  return {
    centre: { ...centre, hours: formatHours(centre) },
    window,
    date,
    open,
    dateError,
    slots: slotTimes(centre).map((time) => ({
      time,
      left: date && open ? Math.max(0, centre.bookingCapacity - (taken.get(time) ?? 0)) : null,
      passed: date !== null && hasBegun(date, time, now),
    })),
  };
}
export type BookingSlots = Awaited<ReturnType<typeof getBookingSlots>>;

/** The first day from today (within a week) the centre is open with a slot still to come. */
function firstBookableDay(centre: Centre, now: Date): string | null {
  const { today } = bookingWindow(now);
  const slots = slotTimes(centre);
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const day = addDays(today, ahead);
    if (!centre.openDays.includes(isoWeekday(day))) continue;
    if (slots.some((time) => !hasBegun(day, time, now))) return day;
  }
  return null;
}

/** Why a calendar day cannot be booked at the centre (outside the window, closed), or null. */
function dateProblem(
  centre: Centre,
  date: string,
  now: Date,
  days: HoursTranslator | undefined,
): string | null {
  const window = bookingWindow(now);
  if (date < window.today || date > window.lastDay) return m.dateOutOfRange;
  if (!centre.openDays.includes(isoWeekday(date))) {
    return m.closedThatDay(formatDays(centre.openDays, days));
  }
  return null;
}

/** The checks of a slot that need the centre and the clock; throws the field's error. */
function checkSlot(
  centre: Centre,
  form: Pick<BookingForm, "date" | "time">,
  now: Date,
  days: HoursTranslator | undefined,
) {
  const problem = dateProblem(centre, form.date, now, days);
  if (problem) throw new ValidationError(problem, { date: problem });
  if (!slotTimes(centre).includes(form.time)) {
    throw new ValidationError(m.timeOutsideHours, { time: m.timeOutsideHours });
  }
  if (hasBegun(form.date, form.time, now)) {
    throw new ValidationError(m.timePassed, { time: m.timePassed });
  }
}

/**
 * Books a slot at a service centre (status Requested). The centre's row is locked for the
 * transaction, so bookings of one centre are counted and stored one at a time: a slot never
 * holds more than the centre's capacity, however many people press Book Now at once.
 */
export async function bookService(
  db: Db,
  input: BookingForm & { centreId: number; locale?: Locale },
  actor: { id: string } | null,
  options: BookingOptions,
) {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [centre] = await tx
      .select(centreColumns)
      .from(outlets)
      .where(isBookableCentre(input.centreId))
      .for("update");
    if (!centre) throw new NotFound(m.centreNotFound);
    checkSlot(centre, input, now, options.days);
    const [{ taken } = { taken: 0 }] = await tx
      .select({ taken: count() })
      .from(serviceBookings)
      .where(
        and(
          eq(serviceBookings.outletId, centre.id),
          eq(serviceBookings.date, input.date),
          eq(serviceBookings.time, input.time),
          holdsSlot,
        ),
      );
    if (taken >= centre.bookingCapacity) {
      throw new ValidationError(m.slotFull, { time: m.slotFull });
    }
    const [booking] = await tx
      .insert(serviceBookings)
      .values({
        reference: readableReference("SB"),
        outletId: centre.id,
        userId: actor?.id ?? null,
        name: input.name,
        email: input.email,
        phone: input.phone,
        vehicleModel: input.vehicleModel,
        issue: input.issue,
        date: input.date,
        time: input.time,
        locale: input.locale ?? "en",
      })
      .returning();
    if (!booking) throw new Error("bookService: insert returned nothing");
    const row = await getBookingRow(tx, eq(serviceBookings.id, booking.id));
    if (!row) throw new Error("bookService: the booking was not stored");
    await queueBookingMail(tx, { ...row, status: row.status as BookingStatus }, options.publicUrl);
    return withCancellable(row, now);
  });
}

/** What booking changes need besides their input: the clock, and the store's address for the
 * links in the customer's mail. */
export type BookingOptions = {
  now?: Date;
  publicUrl: string;
  /** The page's language's translator: a refusal names the centre's open days with it. */
  days?: HoursTranslator;
};

/** Bookings one connection may make in an hour (a family books a few; a script is stopped). */
export const bookingsPerIp: RateRule = { limit: 20, windowSeconds: 60 * 60 };

/** Book Now from a visitor's browser: counted against their address first, then booked. */
export async function requestBooking(
  db: Db,
  input: BookingForm & { centreId: number; locale?: Locale },
  actor: { id: string } | null,
  client: { headers: Headers },
  options: BookingOptions,
) {
  await consumeRateLimits(db, [{ key: `booking:ip:${clientIp(client)}`, rule: bookingsPerIp }]);
  return bookService(db, input, actor, options);
}

/** A booking with its centre, as the customer, the admin list and the e-mails show it. */
const bookingColumns = {
  id: serviceBookings.id,
  reference: serviceBookings.reference,
  userId: serviceBookings.userId,
  name: serviceBookings.name,
  email: serviceBookings.email,
  phone: serviceBookings.phone,
  vehicleModel: serviceBookings.vehicleModel,
  issue: serviceBookings.issue,
  date: serviceBookings.date,
  time: serviceBookings.time,
  status: serviceBookings.status,
  locale: serviceBookings.locale,
  createdAt: serviceBookings.createdAt,
  centreId: outlets.id,
  centreName: outlets.name,
  centreAddress: outlets.address,
  centreCity: outlets.city,
  centrePhone: outlets.phone,
};

function withCancellable<T extends { status: string; date: string; time: string }>(
  row: T,
  now: Date,
) {
  return {
    ...row,
    status: row.status as BookingStatus,
    cancellable:
      (row.status === "requested" || row.status === "confirmed") &&
      !hasBegun(row.date, row.time, now),
  };
}

/** A signed-in customer's bookings: upcoming first (soonest first), then the past ones. */
export async function listCustomerBookings(db: Db, userId: string, now = new Date()) {
  const rows = await db
    .select(bookingColumns)
    .from(serviceBookings)
    .innerJoin(outlets, eq(outlets.id, serviceBookings.outletId))
    .where(eq(serviceBookings.userId, userId))
    .orderBy(desc(serviceBookings.date), desc(serviceBookings.time))
    .limit(50);
  const today = indiaDayOf(now);
  const upcoming = rows.filter((r) => r.date >= today).reverse();
  const past = rows.filter((r) => r.date < today);
  return [...upcoming, ...past].map((row) => withCancellable(row, now));
}
export type BookingView = Awaited<ReturnType<typeof listCustomerBookings>>[number];

async function getBookingRow(db: Pick<Db, "select">, where: SQL | undefined) {
  const [row] = await db
    .select(bookingColumns)
    .from(serviceBookings)
    .innerJoin(outlets, eq(outlets.id, serviceBookings.outletId))
    .where(where);
  return row;
}

/**
 * The customer cancels one of their own upcoming bookings; anyone else's is not found. The
 * booking is locked as staff moves lock it, and cancelled only from a status that allows it, so
 * a staff "Completed" at the same moment is never overwritten: one of the two is refused. Audited.
 */
export async function cancelCustomerBooking(
  db: Db,
  bookingId: number,
  actor: { id: string },
  options: BookingOptions,
): Promise<BookingView> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: serviceBookings.id })
      .from(serviceBookings)
      .where(and(eq(serviceBookings.id, bookingId), eq(serviceBookings.userId, actor.id)))
      .for("update");
    const row = locked ? await getBookingRow(tx, eq(serviceBookings.id, locked.id)) : undefined;
    if (!row) throw new NotFound(m.bookingNotFound);
    if (!withCancellable(row, now).cancellable) throw new ValidationError(m.cannotCancel);
    const changed = await tx
      .update(serviceBookings)
      .set({ status: "cancelled" })
      .where(
        and(
          eq(serviceBookings.id, bookingId),
          inArray(serviceBookings.status, ["requested", "confirmed"]),
        ),
      )
      .returning({ id: serviceBookings.id });
    if (changed.length === 0) throw new ValidationError(m.cannotCancel);
    await recordAudit(
      tx,
      actor,
      "service_booking",
      bookingId,
      { status: row.status },
      { status: "cancelled" },
      "cancel",
    );
    const cancelled = { ...row, status: "cancelled" as const };
    await queueBookingMail(tx, cancelled, options.publicUrl);
    return withCancellable(cancelled, now);
  });
}

/** Where a booking may go from each status, by staff. */
const staffMoves: Record<BookingStatus, BookingStatus[]> = {
  requested: ["confirmed", "cancelled"],
  confirmed: ["completed", "cancelled"],
  completed: [],
  cancelled: [],
};

/** Where staff may move a booking now: Completed only once its time has come. */
export function nextStatuses(status: BookingStatus, begun: boolean): BookingStatus[] {
  return staffMoves[status].filter((to) => to !== "completed" || begun);
}

/** Staff confirm, complete or cancel a booking (recorded in the audit log). */
export async function setBookingStatus(
  db: Db,
  input: { bookingId: number; status: BookingStatus },
  actor: { id: string },
  options: BookingOptions,
): Promise<BookingView> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: serviceBookings.status,
        date: serviceBookings.date,
        time: serviceBookings.time,
      })
      .from(serviceBookings)
      .where(eq(serviceBookings.id, input.bookingId))
      .for("update");
    if (!current) throw new NotFound(m.bookingNotFound);
    const from = current.status as BookingStatus;
    // The moves the list offers now: not "completed" (and mailed "thank you for visiting")
    // before the customer has come.
    if (!nextStatuses(from, hasBegun(current.date, current.time, now)).includes(input.status)) {
      throw new ValidationError(
        staffMoves[from].includes(input.status)
          ? m.notBegun(current.date, current.time)
          : m.statusNotAllowed(
              bookingStatusLabels[from].toLowerCase(),
              bookingStatusLabels[input.status].toLowerCase(),
            ),
      );
    }
    await tx
      .update(serviceBookings)
      .set({ status: input.status })
      .where(eq(serviceBookings.id, input.bookingId));
    await recordAudit(
      tx,
      actor,
      "service_booking",
      input.bookingId,
      { status: from },
      { status: input.status },
      input.status,
    );
    const row = await getBookingRow(tx, eq(serviceBookings.id, input.bookingId));
    if (!row) throw new NotFound(m.bookingNotFound);
    await queueBookingMail(tx, { ...row, status: row.status as BookingStatus }, options.publicUrl);
    return withCancellable(row, now);
  });
}

export const BOOKING_PAGE_SIZE = 25;

/** The back office's bookings: by day and time, filtered by centre, day and status. */
export async function listBookings(
  db: Db,
  query: z.output<typeof bookingListSchema>,
  now = new Date(),
) {
  const conditions: SQL[] = [];
  if (query.centre) conditions.push(eq(serviceBookings.outletId, query.centre));
  if (query.date) conditions.push(eq(serviceBookings.date, query.date));
  if (query.status) conditions.push(eq(serviceBookings.status, query.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(serviceBookings)
    .where(where);
  const window = paginate(total, query.page, BOOKING_PAGE_SIZE);
  const rows = await db
    .select(bookingColumns)
    .from(serviceBookings)
    .innerJoin(outlets, eq(outlets.id, serviceBookings.outletId))
    .where(where)
    .orderBy(asc(serviceBookings.date), asc(serviceBookings.time), asc(serviceBookings.id))
    .limit(window.limit)
    .offset(window.offset);
  return {
    rows: rows.map((row) => ({
      ...withCancellable(row, now),
      next: nextStatuses(row.status as BookingStatus, hasBegun(row.date, row.time, now)),
    })),
    total,
    page: window.page,
    pageCount: window.pageCount,
  };
}

/** The service centres, for the admin list's filter. */
export function listServiceCentreNames(db: Db) {
  return db
    .select({ id: outlets.id, name: outlets.name, city: outlets.city })
    .from(outlets)
    .where(eq(outlets.kind, "service_centre"))
    .orderBy(...byName(outlets.name), asc(outlets.id));
}

/** Upcoming bookings (today or later, requested or confirmed) of an outlet: one with any cannot
 * be deleted (features/outlets deleteOutlet). */
export async function countUpcomingBookings(
  db: Pick<Db, "select">,
  outletId: number,
  now = new Date(),
) {
  const [{ upcoming } = { upcoming: 0 }] = await db
    .select({ upcoming: count() })
    .from(serviceBookings)
    .where(
      and(
        eq(serviceBookings.outletId, outletId),
        gte(serviceBookings.date, indiaDayOf(now)),
        sql`${serviceBookings.status} in ('requested', 'confirmed')`,
      ),
    );
  return upcoming;
}
