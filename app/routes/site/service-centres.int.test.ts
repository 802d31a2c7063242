import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceBookings } from "~/db/schema";
import { addDays, indiaDayOf, isoWeekday } from "~/lib/india-time";
import { createBooking, createOutlet, createUser, type TestUser } from "../../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as adminBookings from "../admin/bookings";
import * as account from "./account";
import * as service from "./service-centres";

let t: TestDatabase;
let customer: TestUser;
let admin: TestUser;
/** Two days from now in India: always bookable at a centre open every day. */
const day = addDays(indiaDayOf(new Date()), 2);
const everyDay = [1, 2, 3, 4, 5, 6, 7];

beforeAll(async () => {
  t = await createTestDatabase();
  customer = await createUser(t);
  admin = await createUser(t, { role: "admin" });
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string) => `http://localhost:3000${path}`;

type Module = { action: (args: never) => unknown; loader: (args: never) => unknown };
async function post(mod: Module, path: string, values: Record<string, string>, cookie = "") {
  const request = new Request(url(path), {
    method: "POST",
    body: new URLSearchParams(values),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  return outcome(async () => mod.action((await routeArgs(t, request)) as never));
}
async function load(mod: Module, path: string, cookie = "") {
  const request = new Request(url(path), { headers: { Cookie: cookie } });
  return outcome(async () => mod.loader((await routeArgs(t, request)) as never));
}

type Answer = {
  ok: boolean;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  result: { reference: string };
};
const answerOf = (r: unknown) => (r as { data: Answer }).data;

const bookingForm = (centreId: number) => ({
  intent: "book",
  centreId: String(centreId),
  name: "Asha Patel",
  email: "Asha@Example.in",
  phone: "+91 98765 43210",
  vehicleModel: "Maruti Swift",
  issue: "",
  date: day,
  time: "10:00",
});

const bookingsAt = (outletId: number) =>
  t.db.select().from(serviceBookings).where(eq(serviceBookings.outletId, outletId));

describe("Book Now", () => {
  it("books a slot, e-mails the reference and shows it in the signed-in customer's account", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: everyDay });
    const answer = answerOf(
      await post(service, "/service", bookingForm(centre.id), customer.cookie),
    );
    expect(answer.ok).toBe(true);
    const [stored] = await bookingsAt(centre.id);
    expect(stored).toMatchObject({
      reference: answer.result.reference,
      status: "requested",
      email: "asha@example.in",
      userId: customer.id,
      issue: null,
    });
    await t.deliverMail();
    expect(t.sentMail.at(-1)).toMatchObject({
      to: "asha@example.in",
      subject: expect.stringContaining(answer.result.reference),
    });
    const page = (await load(account, "/account", customer.cookie)) as {
      bookings: Array<{ reference: string; cancellable: boolean }>;
    };
    expect(page.bookings).toEqual([
      expect.objectContaining({ reference: answer.result.reference, cancellable: true }),
    ]);
  });

  it("refuses a bad form with 400 and its errors, keeping what was typed and storing nothing", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: everyDay });
    const result = await post(service, "/service", {
      ...bookingForm(centre.id),
      name: "",
      phone: "12",
      date: "2026-02-30",
      issue: "exploded",
    });
    expect(statusOf(result)).toBe(400);
    expect(Object.keys(answerOf(result).fieldErrors).sort()).toEqual([
      "date",
      "issue",
      "name",
      "phone",
    ]);
    expect(answerOf(result).values.vehicleModel).toBe("Maruti Swift");
    expect(await bookingsAt(centre.id)).toEqual([]);
  });

  it("refuses a full slot with the spec's message, next to the time", async () => {
    const centre = await createOutlet(t, {
      kind: "service_centre",
      openDays: everyDay,
      bookingCapacity: 1,
    });
    await createBooking(t, { outletId: centre.id, date: day, time: "10:00" });
    const result = await post(service, "/service", bookingForm(centre.id));
    expect(statusOf(result)).toBe(400);
    expect(answerOf(result).fieldErrors).toEqual({
      time: "That time is fully booked, please choose another",
    });
    expect(await bookingsAt(centre.id)).toHaveLength(1);
  });

  it("answers 404 for a centre that does not exist, in the dialog's address too", async () => {
    expect(statusOf(await post(service, "/service", bookingForm(999_999)))).toBe(404);
    expect(statusOf(await load(service, "/service?book=999999"))).toBe(404);
    expect(statusOf(await load(service, "/service?book=abc"))).toBe(404);
  });

  it("opens the dialog on the next open day with each slot's places left", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: everyDay });
    await createBooking(t, { outletId: centre.id, date: day, time: "11:00" });
    const page = (await load(service, `/service?book=${centre.id}&date=${day}`)) as {
      booking: { date: string; slots: Array<{ time: string; left: number }> };
    };
    expect(page.booking.date).toBe(day);
    expect(page.booking.slots.find((s) => s.time === "11:00")?.left).toBe(1);
    expect(page.booking.slots.find((s) => s.time === "12:00")?.left).toBe(2);
  });
});

describe("Show times (the dialog without JavaScript)", () => {
  type DialogPage = {
    booking: {
      date: string | null;
      dateError: string | null;
      slots: Array<{ time: string; left: number | null }>;
    };
    prefill: Record<string, string>;
    closeHref: string;
  };

  it("reloads the dialog for the day typed with its places left, keeping the typed values and the search", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: everyDay });
    const later = addDays(day, 1);
    await createBooking(t, { outletId: centre.id, date: later, time: "11:00" });
    // What the browser sends for the booking form's GET button: every field, then ?book.
    const query = new URLSearchParams({
      city: "Ahmedabad",
      intent: "book",
      centreId: String(centre.id),
      name: "Asha Patel",
      email: "asha@example.in",
      phone: "+91 98765 43210",
      vehicleModel: "Maruti Swift",
      issue: "low_voltage",
      date: later,
      time: "12:00",
      book: String(centre.id),
    });
    const page = (await load(service, `/service?${query}`, customer.cookie)) as DialogPage;
    expect(page.booking).toMatchObject({ date: later, dateError: null });
    expect(page.booking.slots.find((s) => s.time === "11:00")?.left).toBe(1);
    expect(page.booking.slots.find((s) => s.time === "12:00")?.left).toBe(2);
    expect(page.prefill).toEqual({
      name: "Asha Patel",
      email: "asha@example.in",
      phone: "+91 98765 43210",
      vehicleModel: "Maruti Swift",
      issue: "low_voltage",
      time: "12:00",
    });
    // Closing the dialog goes back to the search, without the form's values.
    expect(page.closeHref).toBe("/service?city=Ahmedabad");
  });

  it("says next to the date that a day typed is outside the window or closed", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: [1, 2, 3, 4, 5] });
    const dialogOn = async (date: string) =>
      ((await load(service, `/service?book=${centre.id}&date=${date}`)) as DialogPage).booking;
    expect(await dialogOn(addDays(day, 60))).toMatchObject({
      dateError: "Choose a day from today to 60 days ahead",
      slots: expect.arrayContaining([{ time: "10:00", left: null, passed: false }]),
    });
    let weekend = day;
    while (isoWeekday(weekend) < 6) weekend = addDays(weekend, 1);
    expect(await dialogOn(weekend)).toMatchObject({
      date: weekend,
      dateError: "The centre is closed that day; it is open Mon–Fri",
    });
  });

  it("starts from the signed-in customer's name and e-mail", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: everyDay });
    const page = (await load(service, `/service?book=${centre.id}`, customer.cookie)) as DialogPage;
    expect(page.prefill).toEqual({ name: customer.name, email: customer.email });
  });
});

describe("cancelling and managing bookings", () => {
  it("lets a customer cancel their own upcoming booking only, e-mailing them", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: everyDay });
    const mine = await createBooking(t, {
      outletId: centre.id,
      userId: customer.id,
      email: customer.email,
      date: day,
      time: "12:00",
    });
    const other = await createUser(t);
    const refused = await post(
      account,
      "/account",
      { intent: "cancelBooking", bookingId: String(mine.id) },
      other.cookie,
    );
    expect(statusOf(refused)).toBe(404);
    const done = await post(
      account,
      "/account",
      { intent: "cancelBooking", bookingId: String(mine.id) },
      customer.cookie,
    );
    expect(statusOf(done)).toBe(302);
    const [row] = await bookingsAt(centre.id);
    expect(row?.status).toBe("cancelled");
    await t.deliverMail();
    expect(t.sentMail.at(-1)).toMatchObject({
      to: customer.email,
      subject: expect.stringContaining("Cancelled"),
    });
  });

  it("lets staff confirm a booking, e-mailing the customer, and filters the list", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: everyDay });
    const booking = await createBooking(t, { outletId: centre.id, date: day, time: "13:00" });
    const forbidden = await post(
      adminBookings,
      "/admin/bookings",
      { intent: "confirm", bookingId: String(booking.id) },
      customer.cookie,
    );
    expect(statusOf(forbidden)).toBe(403);
    const done = await post(
      adminBookings,
      "/admin/bookings",
      { intent: "confirm", bookingId: String(booking.id) },
      admin.cookie,
    );
    expect(statusOf(done)).toBe(302);
    await t.deliverMail();
    expect(t.sentMail.at(-1)).toMatchObject({
      to: booking.email,
      subject: expect.stringContaining("Confirmed"),
    });
    const list = (await load(
      adminBookings,
      `/admin/bookings?centre=${centre.id}&status=confirmed`,
      admin.cookie,
    )) as {
      list: { rows: Array<{ reference: string }> };
    };
    expect(list.list.rows.map((r) => r.reference)).toEqual([booking.reference]);
    // Not Completed before its time: the booking is days ahead.
    const early = await post(
      adminBookings,
      "/admin/bookings",
      { intent: "complete", bookingId: String(booking.id) },
      admin.cookie,
    );
    expect(statusOf(early)).toBe(400);
  });
});

describe("the back office's bookings list", () => {
  beforeAll(async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: everyDay });
    await createBooking(t, { outletId: centre.id, date: day, time: "14:00" });
  });

  it.each([
    ["centre", "2147483648"],
    ["centre", "99999999999"],
    ["centre", "-1"],
    ["centre", "1.5"],
    ["centre", "abc"],
    ["date", "2026-02-30"],
    ["date", "20261125"],
    ["status", "lost"],
    ["page", "99999999999999999999"],
    ["page", "-2"],
  ])("ignores %s=%s instead of answering 500", async (name, value) => {
    const result = await load(adminBookings, `/admin/bookings?${name}=${value}`, admin.cookie);
    expect(result).not.toBeInstanceOf(Error);
    const page = result as {
      query: Record<string, unknown>;
      list: { page: number; total: number };
    };
    expect(page.query[name], "the filter is dropped").toEqual(name === "page" ? 1 : undefined);
    expect(page.list.page).toBe(1);
    expect(page.list.total).toBeGreaterThan(0);
  });
});
