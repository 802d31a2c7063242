import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, outlets } from "~/db/schema";
import { indiaDayInput } from "~/features/orders/promo-form.schema";
import { outletAdminMessages as m } from "~/features/outlets/outlet-admin.messages";
import { latLngMessage } from "~/lib/geo";
import { createBooking, createOutlet, createUser } from "../../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as outletPage from "./outlets";

let t: TestDatabase;
let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  adminCookie = (await createUser(t, { role: "admin" })).cookie;
  customerCookie = (await createUser(t)).cookie;
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string) => `http://localhost:3000${path}`;
/** The two addresses of the one outlet page: the address says which kind it manages. */
const dealers = "/admin/dealer";
const services = "/admin/service";
type Page = typeof dealers | typeof services;
const pathOf = (page: Page) => page;

async function post(
  values: Record<string, string>,
  { page = dealers as Page, cookie = adminCookie } = {},
) {
  const request = new Request(url(pathOf(page)), {
    method: "POST",
    body: new URLSearchParams(values),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  return outcome(async () => outletPage.action((await routeArgs(t, request)) as never));
}

type LoaderData = Awaited<ReturnType<typeof outletPage.loader>>;
async function load(search = "", { page = dealers as Page, cookie = adminCookie } = {}) {
  const request = new Request(url(`${pathOf(page)}${search}`), { headers: { Cookie: cookie } });
  return outcome(async () => outletPage.loader((await routeArgs(t, request)) as never)) as Promise<
    LoaderData | Response
  >;
}
const listOf = async (search = "", page: Page = dealers) =>
  ((await load(search, { page })) as LoaderData).list;

type Failure = {
  fieldErrors: Record<string, string>;
  formError?: string;
  values: Record<string, string>;
};
const failureOf = (r: unknown) => (r as { data: Failure }).data;
/** The notice the redirect carries (the flash cookie's signed JSON). */
const flashOf = (r: unknown) => {
  const cookie = (r as Response).headers.get("Set-Cookie") ?? "";
  const value = decodeURIComponent(/flash=([^.;]+)/.exec(cookie)?.[1] ?? "");
  return (JSON.parse(Buffer.from(value, "base64").toString("utf8")) as { message: string }).message;
};

/** A whole dealer form: Monday to Saturday 9 to 7, cars and bikes. */
const form = {
  intent: "add",
  name: "Shree Batteries",
  address: "12 CG Road, Navrangpura",
  city: "Ahmedabad",
  state: "Gujarat",
  pincode: "380009",
  location: "23.0365, 72.5611",
  phone: "+91 98250 12345",
  email: "",
  day1: "on",
  day2: "on",
  day3: "on",
  day4: "on",
  day5: "on",
  day6: "on",
  opensAt: "09:00",
  closesAt: "19:00",
  "serves-car": "on",
  "serves-bike": "on",
};

const stored = () => t.db.select().from(outlets).orderBy(outlets.id);
const byName = async (name: string) => {
  const [row] = await t.db.select().from(outlets).where(eq(outlets.name, name));
  if (!row) throw new Error(`${name} was not stored`);
  return row;
};

describe("access", () => {
  it("sends a visitor to the login page and refuses a customer, loader and action, storing nothing", async () => {
    for (const page of [dealers, services] as Page[]) {
      const visitor = await load("", { page, cookie: "" });
      expect(statusOf(visitor)).toBe(302);
      expect((visitor as Response).headers.get("Location")).toBe(
        `/login?redirectTo=${encodeURIComponent(pathOf(page))}`,
      );
      expect(statusOf(await load("", { page, cookie: customerCookie }))).toBe(403);
      for (const intent of ["add", "edit", "delete"]) {
        const values = { ...form, intent, outletId: "1" };
        expect(statusOf(await post(values, { page, cookie: customerCookie }))).toBe(403);
        expect(statusOf(await post(values, { page, cookie: "" }))).toBe(302);
      }
    }
    expect(await stored()).toEqual([]);
  });
});

describe("adding", () => {
  it("adds a dealer with its hours, categories and location, audited, with the spec's toast", async () => {
    const result = await post({ ...form, name: "  Shree Batteries " });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/admin/dealer");
    expect(flashOf(result)).toContain("Dealer added successfully!");
    const row = await byName("Shree Batteries");
    expect(row).toMatchObject({
      kind: "dealer",
      city: "Ahmedabad",
      pincode: "380009",
      lat: 23.0365,
      lng: 72.5611,
      email: null,
      openDays: [1, 2, 3, 4, 5, 6],
      opensAt: "09:00",
      closesAt: "19:00",
      categories: ["car", "bike"],
      bookingCapacity: 2,
      active: true,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(row.id)));
    expect(audit).toMatchObject({ action: "outlet.create", entity: "outlet" });
  });

  it("adds a service centre with its booking capacity and its own toast", async () => {
    const result = await post(
      { ...form, name: "Volt Care", bookingCapacity: "5", day7: "on", "serves-inverter": "on" },
      { page: services },
    );
    expect(statusOf(result)).toBe(302);
    expect(flashOf(result)).toContain("Service centre added successfully!");
    expect(await byName("Volt Care")).toMatchObject({
      kind: "service_centre",
      bookingCapacity: 5,
      openDays: [1, 2, 3, 4, 5, 6, 7],
      categories: ["car", "bike", "inverter"],
    });
  });

  it("refuses an empty form with 'Fill in the required fields marked below.' and each field's error, storing nothing", async () => {
    const before = await stored();
    const result = await post({ intent: "add", opensAt: "", closesAt: "" });
    expect(statusOf(result)).toBe(400);
    const data = failureOf(result);
    expect(data.formError).toBe("Fill in the required fields marked below.");
    expect(data.fieldErrors).toMatchObject({
      name: m.nameRequired,
      address: m.addressRequired,
      city: m.cityRequired,
      state: m.stateRequired,
      pincode: m.pincodeRequired,
      phone: m.phoneRequired,
      openDays: m.openDaysRequired,
      categories: m.categoriesRequired,
    });
    expect(await stored()).toEqual(before);
  });

  it("refuses a bad pincode, location, hours, capacity and e-mail next to each field, keeping the values", async () => {
    const before = await stored();
    const audits = await t.db.select().from(auditLog);
    const result = await post(
      {
        ...form,
        name: "Bad Values",
        pincode: "080009",
        location: "95,72.5",
        email: "not-an-email",
        opensAt: "19:00",
        closesAt: "09:00",
        bookingCapacity: "51",
      },
      { page: services },
    );
    expect(statusOf(result)).toBe(400);
    const data = failureOf(result);
    expect(data.formError).toBeUndefined();
    expect(data.fieldErrors).toEqual({
      pincode: m.pincodeFormat,
      location: latLngMessage,
      email: m.emailFormat,
      closesAt: m.closesBeforeOpens,
      bookingCapacity: m.capacityFormat,
    });
    expect(data.values).toMatchObject({ pincode: "080009", location: "95,72.5", day1: "on" });

    const noDays = await post({
      ...form,
      name: "No Days",
      day1: "",
      day2: "",
      day3: "",
      day4: "",
      day5: "",
      day6: "",
      "serves-car": "",
      "serves-bike": "",
      pincode: "38000",
    });
    expect(failureOf(noDays).fieldErrors).toEqual({
      pincode: m.pincodeFormat,
      openDays: m.openDaysRequired,
      categories: m.categoriesRequired,
    });
    expect(await stored()).toEqual(before);
    expect(await t.db.select().from(auditLog)).toHaveLength(audits.length);
  });

  it("refuses a name the kind already has in that city (any case) next to the name, without a 500", async () => {
    const before = await stored();
    const result = await post({ ...form, name: "shree batteries", city: " ahmedabad" });
    expect(statusOf(result)).toBe(409);
    expect(failureOf(result).fieldErrors).toEqual({ name: m.nameTaken("dealer", "ahmedabad") });
    expect(failureOf(result).values.name).toBe("shree batteries");
    expect(await stored()).toEqual(before);
    // Another city, or the other kind, may have the name.
    expect(statusOf(await post({ ...form, city: "Surat", pincode: "395003" }))).toBe(302);
    expect(statusOf(await post(form, { page: services }))).toBe(302);
  });
});

describe("location and state", () => {
  it("places an outlet at its pincode's point when the location is left blank", async () => {
    const result = await post({ ...form, name: "Ambawadi Cells", pincode: "380015", location: "" });
    expect(statusOf(result)).toBe(302);
    // 380015 in the pincode directory (ADR 030).
    expect(await byName("Ambawadi Cells")).toMatchObject({ lat: 23.024349, lng: 72.530152 });
    // A location given wins over the pincode's.
    await post({ ...form, name: "Given Point", pincode: "380015", location: "23.03,72.52" });
    expect(await byName("Given Point")).toMatchObject({ lat: 23.03, lng: 72.52 });
  });

  it("refuses a blank location with a pincode it does not know, next to the location, storing nothing", async () => {
    const before = await stored();
    const result = await post({ ...form, name: "Nowhere Cells", pincode: "999999", location: "" });
    expect(statusOf(result)).toBe(400);
    expect(failureOf(result).fieldErrors).toEqual({ location: m.locationUnknown("999999") });
    expect(failureOf(result).values).toMatchObject({ name: "Nowhere Cells", pincode: "999999" });
    expect(await stored()).toEqual(before);
  });

  it("takes the state from the list only, with a 400 next to the state", async () => {
    const before = await stored();
    const result = await post({ ...form, name: "Typo State", state: "Gujrat" });
    expect(statusOf(result)).toBe(400);
    expect(failureOf(result).fieldErrors).toEqual({ state: m.stateFromList });
    expect(await stored()).toEqual(before);
  });
});

describe("editing", () => {
  it("opens the dialog on ?edit= and saves the changes, audited, with the toast", async () => {
    const row = await byName("Volt Care");
    const page = (await load(`?edit=${row.id}`, { page: services })) as LoaderData;
    expect(page.editing).toMatchObject({ id: row.id, name: "Volt Care" });
    const result = await post(
      {
        ...form,
        intent: "edit",
        outletId: String(row.id),
        name: "Volt Care Plus",
        location: "21.1702,72.8311",
        closesAt: "20:30",
        active: "false",
      },
      { page: services },
    );
    expect(statusOf(result)).toBe(302);
    expect(flashOf(result)).toContain("Service centre updated successfully!");
    expect(await byName("Volt Care Plus")).toMatchObject({
      id: row.id,
      lat: 21.1702,
      lng: 72.8311,
      closesAt: "20:30",
      // Left out of the form: kept.
      bookingCapacity: 5,
      active: false,
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(row.id)));
    expect(audits.map((a) => a.action)).toContain("outlet.update");
  });

  it("refuses renaming onto another dealer's name in the city, and an id of the other kind is 404", async () => {
    const other = await createOutlet(t, { name: "Other Dealer", city: "Ahmedabad" });
    const result = await post({ ...form, intent: "edit", outletId: String(other.id) });
    expect(statusOf(result)).toBe(409);
    expect(failureOf(result).fieldErrors.name).toBe(m.nameTaken("dealer", "Ahmedabad"));
    expect((await byName("Other Dealer")).id).toBe(other.id);

    const centre = await byName("Volt Care Plus");
    const wrongKind = await post({ ...form, intent: "edit", outletId: String(centre.id) });
    expect(statusOf(wrongKind)).toBe(404);
    expect(((await load(`?edit=${centre.id}`)) as LoaderData).editing).toBeNull();
    for (const outletId of ["abc", ""]) {
      expect(statusOf(await post({ ...form, intent: "edit", outletId }))).toBe(404);
    }
  });
});

describe("deleting", () => {
  const today = indiaDayInput(new Date());
  const dayFromToday = (days: number) =>
    indiaDayInput(new Date(Date.now() + days * 24 * 60 * 60 * 1000));

  it("deletes an outlet without bookings, audited, with the toast", async () => {
    const outlet = await createOutlet(t, { name: "Gone Soon" });
    const result = await post({ intent: "delete", outletId: String(outlet.id) });
    expect(statusOf(result)).toBe(302);
    expect(flashOf(result)).toContain("Dealer deleted successfully!");
    expect(await t.db.select().from(outlets).where(eq(outlets.id, outlet.id))).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(outlet.id)));
    expect(audit?.action).toBe("outlet.delete");
  });

  it("refuses while bookings are to come, saying how many, and changes nothing", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", name: "Busy Centre" });
    await createBooking(t, { outletId: centre.id, date: today, time: "10:00" });
    await createBooking(t, {
      outletId: centre.id,
      date: dayFromToday(3),
      time: "11:00",
      status: "confirmed",
    });
    // Neither counts: a cancelled one and a past one.
    await createBooking(t, {
      outletId: centre.id,
      date: dayFromToday(2),
      time: "12:00",
      status: "cancelled",
    });
    await createBooking(t, { outletId: centre.id, date: dayFromToday(-2), time: "12:00" });
    const result = await post(
      { intent: "delete", outletId: String(centre.id) },
      { page: services },
    );
    expect(statusOf(result)).toBe(409);
    expect(failureOf(result).formError).toBe(m.hasUpcomingBookings("service_centre", 2));
    expect(m.hasUpcomingBookings("service_centre", 2)).toBe(
      "This service centre has 2 upcoming bookings: cancel them first, then delete it",
    );
    expect(await byName("Busy Centre")).toMatchObject({ id: centre.id, active: true });
  });

  it("hides an outlet that only past or cancelled bookings refer to, and says so", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", name: "Old Centre" });
    await createBooking(t, {
      outletId: centre.id,
      date: dayFromToday(-10),
      time: "10:00",
      status: "completed",
    });
    await createBooking(t, {
      outletId: centre.id,
      date: dayFromToday(5),
      time: "10:00",
      status: "cancelled",
    });
    const result = await post(
      { intent: "delete", outletId: String(centre.id) },
      { page: services },
    );
    expect(statusOf(result)).toBe(302);
    expect(flashOf(result)).toContain(m.deactivated("service_centre"));
    expect(await byName("Old Centre")).toMatchObject({ active: false });
  });

  it("answers a delete of an unknown id, or one of the other kind, with 404", async () => {
    const dealer = await byName("Other Dealer");
    expect(
      statusOf(await post({ intent: "delete", outletId: String(dealer.id) }, { page: services })),
    ).toBe(404);
    expect(statusOf(await post({ intent: "delete", outletId: "999999" }))).toBe(404);
    expect(statusOf(await post({ intent: "delete", outletId: "x" }))).toBe(404);
    expect((await byName("Other Dealer")).id).toBe(dealer.id);
  });
});

describe("the list and its filter", () => {
  it("keeps the kinds apart: a dealer never shows on the service centres page", async () => {
    const dealerNames = (await listOf()).rows.map((r) => r.name);
    const centreNames = (await listOf("", services)).rows.map((r) => r.name);
    expect(dealerNames).toContain("Shree Batteries");
    expect(dealerNames).not.toContain("Volt Care Plus");
    expect(centreNames).toContain("Volt Care Plus");
    expect(centreNames).toContain("Shree Batteries");
    expect((await listOf("", services)).rows.every((r) => r.kind === "service_centre")).toBe(true);
    expect((await listOf()).rows.every((r) => r.kind === "dealer")).toBe(true);
  });

  it("matches the exact name and/or city, in any case, and lists all with a warning when Filter has neither", async () => {
    const byCity = await listOf("?city=%20surat%20&filter=1");
    expect(byCity.rows.map((r) => [r.name, r.city])).toEqual([["Shree Batteries", "Surat"]]);
    expect(byCity.warning).toBeNull();

    const both = await listOf("?name=SHREE+BATTERIES&city=Ahmedabad&filter=1");
    expect(both.rows).toHaveLength(1);
    expect(both.rows[0]).toMatchObject({ name: "Shree Batteries", city: "Ahmedabad" });

    // Exact, not a part of the name.
    expect((await listOf("?name=Shree&filter=1")).rows).toEqual([]);

    const empty = await listOf("?name=&city=+&filter=1");
    expect(empty.warning).toBe("Please enter a name or a city");
    expect(empty.total).toBe((await listOf()).total);
    expect((await listOf()).warning).toBeNull();
  });
});
