import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, serviceBookings } from "~/db/schema";
import { createBooking, createOutlet, createUser } from "../../../tests/factories";
import { TEST_PUBLIC_URL } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import type { BookingForm } from "./booking.schema";
import { bookingMessages as m } from "./bookings.messages";
import {
  bookService,
  cancelCustomerBooking,
  countUpcomingBookings,
  getBookingSlots,
  listBookings,
  listCustomerBookings,
  setBookingStatus,
} from "./bookings.server";

let t: TestDatabase;
// Monday 23 November 2026, 10:30 in India.
const now = new Date("2026-11-23T10:30:00+05:30");
/** What booking changes are given: this clock, and the links of their mail. */
const at = { now, publicUrl: TEST_PUBLIC_URL };
/** The evening of the day the form books (24 November): the visit's time has come. */
const visited = { now: new Date("2026-11-24T19:00:00+05:30"), publicUrl: TEST_PUBLIC_URL };

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

/** A service centre open Monday to Saturday, 09:00 to 13:00 (slots 09, 10, 11, 12). */
const centre = (overrides: Parameters<typeof createOutlet>[1] = {}) =>
  createOutlet(t, { kind: "service_centre", opensAt: "09:00", closesAt: "13:00", ...overrides });

const form = (overrides: Partial<BookingForm> = {}): BookingForm => ({
  name: "Asha Patel",
  email: "asha@example.in",
  phone: "+91 98765 43210",
  vehicleModel: "Maruti Swift",
  issue: "low_voltage",
  date: "2026-11-24",
  time: "11:00",
  ...overrides,
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("the booking was accepted");
    },
    (error: { status: number; fieldErrors: Record<string, string> }) => ({
      status: error.status,
      fieldErrors: error.fieldErrors,
    }),
  );

describe("booking a service", () => {
  it("stores a requested booking with a reference", async () => {
    const c = await centre();
    const booking = await bookService(t.db, { ...form(), centreId: c.id }, null, at);
    expect(booking).toMatchObject({
      status: "requested",
      centreName: c.name,
      date: "2026-11-24",
      time: "11:00",
      issue: "low_voltage",
      userId: null,
    });
    expect(booking.reference).toMatch(/^SB-[A-HJ-NP-Z2-9]{8}$/);
  });

  it("never fills a slot past the centre's capacity, even with 10 people booking at once (the PGlite run is a smoke check: CI runs it on PostgreSQL)", async () => {
    const c = await centre({ bookingCapacity: 2 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        bookService(t.db, { ...form({ email: `rush${i}@example.in` }), centreId: c.id }, null, at),
      ),
    );
    const booked = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(booked).toHaveLength(2);
    expect(refused).toHaveLength(8);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        status: 400,
        fieldErrors: { time: "That time is fully booked, please choose another" },
      });
    }
    const stored = await t.db
      .select()
      .from(serviceBookings)
      .where(eq(serviceBookings.outletId, c.id));
    expect(stored).toHaveLength(2);
    // The next hour is still free, and a cancelled booking gives its place back.
    await bookService(t.db, { ...form({ time: "12:00" }), centreId: c.id }, null, at);
    await t.db
      .update(serviceBookings)
      .set({ status: "cancelled" })
      .where(eq(serviceBookings.id, stored[0]?.id ?? 0));
    await expect(bookService(t.db, { ...form(), centreId: c.id }, null, at)).resolves.toMatchObject(
      { status: "requested" },
    );
  });

  it("takes days from today to 60 days ahead, on the days the centre is open", async () => {
    const c = await centre();
    const book = (date: string, time = "11:00") =>
      bookService(t.db, { ...form({ date, time }), centreId: c.id }, null, at);
    expect(await refusal(book("2026-11-22"))).toMatchObject({
      status: 400,
      fieldErrors: { date: "Choose a day from today to 60 days ahead" },
    });
    expect(await refusal(book("2027-01-23"))).toMatchObject({
      fieldErrors: { date: expect.any(String) },
    });
    await expect(book("2027-01-22")).resolves.toMatchObject({ date: "2027-01-22" });
    // 29 November 2026 is a Sunday.
    expect(await refusal(book("2026-11-29"))).toMatchObject({
      fieldErrors: { date: "The centre is closed that day; it is open Mon–Sat" },
    });
  });

  it("takes only the centre's slots, and not one that has already begun today", async () => {
    const c = await centre();
    const book = (time: string, date = "2026-11-23") =>
      bookService(t.db, { ...form({ date, time }), centreId: c.id }, null, at);
    expect(await refusal(book("13:00"))).toMatchObject({
      fieldErrors: { time: "Choose one of the centre's time slots" },
    });
    expect(await refusal(book("09:30"))).toMatchObject({
      fieldErrors: { time: expect.any(String) },
    });
    expect(await refusal(book("10:00"))).toMatchObject({
      fieldErrors: { time: "That time has passed, please choose a later one" },
    });
    await expect(book("11:00")).resolves.toMatchObject({ time: "11:00" });
  });

  it("refuses a dealer, an inactive centre and an unknown one", async () => {
    const dealer = await createOutlet(t, { kind: "dealer" });
    const closed = await centre({ active: false });
    for (const centreId of [dealer.id, closed.id, 999_999]) {
      expect(await refusal(bookService(t.db, { ...form(), centreId }, null, at))).toMatchObject({
        status: 404,
      });
    }
  });

  it("shows each slot's places left for a day, and none on a closed day", async () => {
    const c = await centre({ bookingCapacity: 3 });
    await createBooking(t, { outletId: c.id, date: "2026-11-24", time: "09:00" });
    await createBooking(t, {
      outletId: c.id,
      date: "2026-11-24",
      time: "09:00",
      status: "cancelled",
    });
    const monday = await getBookingSlots(t.db, c.id, "2026-11-24", now);
    expect(monday.slots).toEqual([
      { time: "09:00", left: 2, passed: false },
      { time: "10:00", left: 3, passed: false },
      { time: "11:00", left: 3, passed: false },
      { time: "12:00", left: 3, passed: false },
    ]);
    const today = await getBookingSlots(t.db, c.id, "2026-11-23", now);
    expect(today.slots.map((s) => s.passed)).toEqual([true, true, false, false]);
    const sunday = await getBookingSlots(t.db, c.id, "2026-11-29", now);
    expect(sunday.open).toBe(false);
    expect(sunday.dateError).toBe("The centre is closed that day; it is open Mon–Sat");
  });

  it("shows the day asked, or says next to it why it cannot be booked, never another day's slots", async () => {
    const c = await centre();
    const slotsOn = (day: string | null) => getBookingSlots(t.db, c.id, day, now);
    for (const [day, date, dateError] of [
      ["2026-11-22", "2026-11-22", "Choose a day from today to 60 days ahead"],
      ["2027-01-23", "2027-01-23", "Choose a day from today to 60 days ahead"],
      ["2026-11-29", "2026-11-29", "The centre is closed that day; it is open Mon–Sat"],
      ["2026-02-30", null, "Choose a day"],
      ["tomorrow", null, "Choose a day"],
    ] as const) {
      const answer = await slotsOn(day);
      expect({ date: answer.date, dateError: answer.dateError, open: answer.open }, day).toEqual({
        date,
        dateError,
        open: false,
      });
      expect(
        answer.slots.every((s) => s.left === null),
        day,
      ).toBe(true);
    }
    // A day ahead in the window: its own slots, all to come.
    const friday = await slotsOn("2027-01-22");
    expect(friday).toMatchObject({ date: "2027-01-22", dateError: null, open: true });
    expect(friday.slots.map((s) => s.left)).toEqual([2, 2, 2, 2]);
  });

  it("opens on the first day with a slot still to come when no day is asked", async () => {
    const c = await centre();
    const firstDay = async (at: string, day: string | null = null) =>
      (await getBookingSlots(t.db, c.id, day, new Date(at))).date;
    // Monday 10:30: today (11:00 and 12:00 are still to come).
    expect(await firstDay("2026-11-23T10:30:00+05:30")).toBe("2026-11-23");
    expect(await firstDay("2026-11-23T10:30:00+05:30", "")).toBe("2026-11-23");
    // Monday after noon: Tuesday. Saturday after noon: Monday (closed on Sunday).
    expect(await firstDay("2026-11-23T12:00:00+05:30")).toBe("2026-11-24");
    expect(await firstDay("2026-11-28T23:59:00+05:30")).toBe("2026-11-30");
  });
});

describe("a customer's bookings", () => {
  it("lists only their own, upcoming first, and lets them cancel an upcoming one", async () => {
    const c = await centre();
    const asha = await createUser(t);
    const ravi = await createUser(t);
    const later = await bookService(
      t.db,
      { ...form({ date: "2026-11-28" }), centreId: c.id },
      asha,
      at,
    );
    const sooner = await bookService(
      t.db,
      { ...form({ date: "2026-11-25" }), centreId: c.id },
      asha,
      at,
    );
    const past = await createBooking(t, {
      outletId: c.id,
      userId: asha.id,
      date: "2026-11-20",
      time: "10:00",
    });
    await bookService(t.db, { ...form(), centreId: c.id }, ravi, at);

    const mine = await listCustomerBookings(t.db, asha.id, now);
    expect(mine.map((b) => b.reference)).toEqual([
      sooner.reference,
      later.reference,
      past.reference,
    ]);
    expect(mine.map((b) => b.cancellable)).toEqual([true, true, false]);

    // Someone else's booking is not found, and a past one cannot be cancelled.
    await expect(cancelCustomerBooking(t.db, later.id, ravi, at)).rejects.toMatchObject({
      status: 404,
    });
    await expect(cancelCustomerBooking(t.db, past.id, asha, at)).rejects.toMatchObject({
      status: 400,
    });
    await expect(cancelCustomerBooking(t.db, later.id, asha, at)).resolves.toMatchObject({
      status: "cancelled",
    });
    await expect(cancelCustomerBooking(t.db, later.id, asha, at)).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe("a customer's cancel beside the staff's moves", () => {
  /** A confirmed booking of a new customer, two days ahead. */
  async function confirmedBooking() {
    const c = await centre();
    const customer = await createUser(t);
    const staff = await createUser(t, { role: "admin" });
    const booking = await bookService(
      t.db,
      { ...form({ date: "2026-11-25" }), centreId: c.id },
      customer,
      at,
    );
    await setBookingStatus(t.db, { bookingId: booking.id, status: "confirmed" }, staff, at);
    return { booking, customer, staff };
  }

  const auditOf = (bookingId: number) =>
    t.db
      .select({
        actorId: auditLog.actorId,
        action: auditLog.action,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "service_booking"), eq(auditLog.entityId, String(bookingId))))
      .orderBy(asc(auditLog.id));

  const statusOf = async (bookingId: number) => {
    const [row] = await t.db
      .select({ status: serviceBookings.status })
      .from(serviceBookings)
      .where(eq(serviceBookings.id, bookingId));
    return row?.status;
  };

  it("records the customer's cancel in the audit log: who, the booking, from and to", async () => {
    const { booking, customer, staff } = await confirmedBooking();
    await cancelCustomerBooking(t.db, booking.id, customer, at);
    expect(await auditOf(booking.id)).toEqual([
      {
        actorId: staff.id,
        action: "service_booking.confirmed",
        details: { from: { status: "requested" }, to: { status: "confirmed" } },
      },
      {
        actorId: customer.id,
        action: "service_booking.cancel",
        details: { from: { status: "confirmed" }, to: { status: "cancelled" } },
      },
    ]);
  });

  it("refuses the customer's cancel once the visit is past and staff completed it, with the usual message", async () => {
    const { booking, customer, staff } = await confirmedBooking();
    // The evening of its day, 25 November.
    const later = { ...at, now: new Date("2026-11-25T19:00:00+05:30") };
    await setBookingStatus(t.db, { bookingId: booking.id, status: "completed" }, staff, later);
    await expect(cancelCustomerBooking(t.db, booking.id, customer, later)).rejects.toMatchObject({
      status: 400,
      message: "Only upcoming bookings that are not yet completed or cancelled can be cancelled",
    });
    expect(await statusOf(booking.id)).toBe("completed");
    expect((await auditOf(booking.id)).map((a) => a.action)).toEqual([
      "service_booking.confirmed",
      "service_booking.completed",
    ]);
  });

  it("lets exactly one of a staff Cancel and the customer's cancel at the same moment win, the other refused (the PGlite run is a smoke check: CI runs it on PostgreSQL)", async () => {
    // (A staff Completed cannot meet the customer's cancel: it waits for the visit's time, when
    // the customer may no longer cancel.)
    const { booking, customer, staff } = await confirmedBooking();
    const [byStaff, byCustomer] = await Promise.allSettled([
      setBookingStatus(t.db, { bookingId: booking.id, status: "cancelled" }, staff, at),
      cancelCustomerBooking(t.db, booking.id, customer, at),
    ]);
    const outcomes = [byStaff, byCustomer].map((r) => r?.status);
    expect(outcomes.filter((s) => s === "fulfilled")).toHaveLength(1);
    const refused = [byStaff, byCustomer].find((r) => r?.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ status: 400 });
    expect(await statusOf(booking.id)).toBe("cancelled");
    // The audit log holds the winner's move alone, after the confirmation.
    const winner = byStaff?.status === "fulfilled" ? staff : customer;
    expect(await auditOf(booking.id)).toEqual([
      expect.objectContaining({ actorId: staff.id, action: "service_booking.confirmed" }),
      expect.objectContaining({
        actorId: winner.id,
        details: { from: { status: "confirmed" }, to: { status: "cancelled" } },
      }),
    ]);
  });
});

describe("staff and bookings", () => {
  it("confirm, complete or cancel in order, and count a centre's upcoming bookings", async () => {
    const c = await centre();
    const admin = await createUser(t, { role: "admin" });
    const booking = await bookService(t.db, { ...form(), centreId: c.id }, null, at);
    expect(await countUpcomingBookings(t.db, c.id, now)).toBe(1);
    await expect(
      setBookingStatus(t.db, { bookingId: booking.id, status: "completed" }, admin, at),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      setBookingStatus(t.db, { bookingId: booking.id, status: "confirmed" }, admin, at),
    ).resolves.toMatchObject({ status: "confirmed" });
    // Not completed (and the customer thanked for the visit) before its time has come.
    await expect(
      setBookingStatus(t.db, { bookingId: booking.id, status: "completed" }, admin, at),
    ).rejects.toMatchObject({ status: 400, message: m.notBegun(booking.date, booking.time) });
    const { rows } = await listBookings(t.db, { centre: c.id, page: 1 }, now);
    expect(rows.find((row) => row.id === booking.id)?.next).toEqual(["cancelled"]);
    const afterVisit = await listBookings(t.db, { centre: c.id, page: 1 }, visited.now);
    expect(afterVisit.rows.find((row) => row.id === booking.id)?.next).toEqual([
      "completed",
      "cancelled",
    ]);
    await expect(
      setBookingStatus(t.db, { bookingId: booking.id, status: "completed" }, admin, visited),
    ).resolves.toMatchObject({ status: "completed" });
    expect(await countUpcomingBookings(t.db, c.id, now)).toBe(0);
    // Completed is final: it cannot be cancelled afterwards.
    await expect(
      setBookingStatus(t.db, { bookingId: booking.id, status: "cancelled" }, admin, visited),
    ).rejects.toMatchObject({ status: 400 });
  });
});
