import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceBookings, warrantyClaims, warrantyRegistrations } from "~/db/schema";
import { warrantyMessages } from "~/features/warranty/warranty.messages";
import { claimPass, lookupsPerIp, registrationsPerIp } from "~/features/warranty/warranty.server";
import { addDays, indiaDayOf } from "~/lib/india-time";
import {
  createOutlet,
  createProduct,
  createUser,
  createWarranty,
  type TestUser,
  uniqueSerial,
} from "../../../tests/factories";
import {
  outcome,
  routeArgs,
  statusOf,
  testServices,
  throughRouter,
} from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as warrantyPage from "./warranty";
import * as claimPage from "./warranty-claim";
import * as registrationPage from "./warranty-registration";

let t: TestDatabase;
let owner: TestUser;
let stranger: TestUser;
let productId: number;
const secret = testServices({} as TestDatabase).cookieSecret;
const today = indiaDayOf(new Date());
/** Two days ahead in India: every slot of a centre open every day is still to come. */
const slotDay = addDays(today, 2);
const everyDay = [1, 2, 3, 4, 5, 6, 7];

beforeAll(async () => {
  t = await createTestDatabase();
  owner = await createUser(t);
  stranger = await createUser(t);
  productId = (await createProduct(t, { warrantyMonths: 24 })).id;
});
afterAll(async () => {
  await t?.close();
});

type Module = { action?: (args: never) => unknown; loader: (args: never) => unknown };
let address = 0;
/** Each request comes from its own address unless told (look-ups are counted per address). */
async function post(
  mod: Module,
  path: string,
  values: Record<string, string>,
  { cookie = "", ip = `203.0.113.${++address % 250}`, params = {} as Record<string, string> } = {},
) {
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(values),
    headers: {
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
      "x-forwarded-for": ip,
    },
  });
  return outcome(async () => mod.action?.((await routeArgs(t, request, params)) as never));
}
async function load(mod: Module, path: string, params: Record<string, string>, cookie = "") {
  const request = new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookie } });
  return outcome(async () => mod.loader((await routeArgs(t, request, params)) as never));
}

type Answer = {
  ok: boolean;
  formError?: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  message?: string;
  result: { registration: Record<string, unknown>; claimHref: string };
};
const answerOf = (r: unknown) => (r as { data: Answer }).data;
const dataOf = <T>(r: unknown) => (r as { data: T }).data;

const registration = (overrides: Record<string, string> = {}) => ({
  intent: "register",
  serial: uniqueSerial(),
  productId: String(productId),
  firstName: "Asha",
  lastName: "Patel",
  pincode: "380009",
  purchaseDate: addDays(today, -3),
  mobile: "+91 98765 43210",
  email: "",
  ...overrides,
});

const claimsOf = (registrationId: number) =>
  t.db.select().from(warrantyClaims).where(eq(warrantyClaims.registrationId, registrationId));

const registrationsWith = (serial: string) =>
  t.db.select().from(warrantyRegistrations).where(eq(warrantyRegistrations.serial, serial));

describe("/warranty: Register Your Battery", () => {
  it("answers 429 with Retry-After past the registrations one address may make in an hour, and registers nothing more", async () => {
    const ip = "198.51.100.31";
    for (let i = 0; i < registrationsPerIp.limit; i += 1) {
      expect(statusOf(await post(warrantyPage, "/warranty", registration(), { ip }))).toBe(200);
    }
    const serial = uniqueSerial();
    const refused = await post(warrantyPage, "/warranty", registration({ serial }), { ip });
    expect(statusOf(refused)).toBe(429);
    expect(answerOf(refused).formError).toMatch(/^Too many registrations from your connection/);
    expect(answerOf(refused).values).toMatchObject({ serial });
    const headers = new Headers((refused as { init?: ResponseInit }).init?.headers);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await registrationsWith(serial)).toHaveLength(0);
    // Another address is not held back by it.
    const elsewhere = await post(warrantyPage, "/warranty", registration({ serial }));
    expect(statusOf(elsewhere)).toBe(200);
  });

  it("lists every model and India's today as the latest purchase date", async () => {
    const page = (await load(warrantyPage, "/warranty", {}, owner.cookie)) as {
      tab: string;
      models: { value: string }[];
      today: string;
      email: string;
    };
    expect(page).toMatchObject({ tab: "register", today, email: owner.email });
    expect(page.models.map((model) => model.value)).toContain(String(productId));
  });

  it("refuses bad fields with 400 next to each, keeps what was typed and stores nothing", async () => {
    const serial = uniqueSerial();
    const result = await post(
      warrantyPage,
      "/warranty",
      registration({ serial, pincode: "012345", mobile: "12345", firstName: " " }),
    );
    expect(statusOf(result)).toBe(400);
    const answer = answerOf(result);
    expect(Object.keys(answer.fieldErrors).sort()).toEqual(["firstName", "mobile", "pincode"]);
    expect(answer.values).toMatchObject({ serial, pincode: "012345", mobile: "12345" });
    expect(await registrationsWith(serial)).toHaveLength(0);

    const future = await post(
      warrantyPage,
      "/warranty",
      registration({ serial, purchaseDate: addDays(today, 1) }),
    );
    expect(statusOf(future)).toBe(400);
    expect(answerOf(future).fieldErrors.purchaseDate).toBe(warrantyMessages.purchaseInFuture);
    expect(await registrationsWith(serial)).toHaveLength(0);
  });

  it("registers for the signed-in customer and shows the end date and days left", async () => {
    const serial = uniqueSerial();
    const answer = answerOf(
      await post(warrantyPage, "/warranty", registration({ serial }), { cookie: owner.cookie }),
    );
    expect(answer).toMatchObject({ ok: true, message: warrantyMessages.registered(serial) });
    const [stored] = await registrationsWith(serial);
    expect(stored).toMatchObject({ userId: owner.id, email: owner.email, mobile: "9876543210" });
    expect(answer.result.registration).toMatchObject({
      serial,
      warrantyUntil: stored?.warrantyUntil,
      status: "active",
      claimable: true,
    });
    // The owner's account opens it: no pass needed.
    expect(answer.result.claimHref).toBe(`/warranty/${stored?.id}/claim`);
  });

  it("gives a visitor who registers a pass to its claim form, and the page nothing personal", async () => {
    const serial = uniqueSerial();
    const answer = answerOf(
      await post(warrantyPage, "/warranty", registration({ serial, email: "asha@example.in" })),
    );
    const [stored] = await registrationsWith(serial);
    expect(stored).toMatchObject({ userId: null, email: "asha@example.in" });
    expect(answer.result.claimHref).toMatch(new RegExp(`^/warranty/${stored?.id}/claim\\?pass=`));
    for (const personal of ["mobile", "email", "firstName", "lastName", "userId", "pincode"]) {
      expect(answer.result.registration).not.toHaveProperty(personal);
    }
  });
});

describe("/warranty?tab=view: View Registered Battery", () => {
  it("gives the same 400 answer for a wrong mobile and a wrong serial", async () => {
    const { serial } = await createWarranty(t, { productId, purchaseDate: addDays(today, -30) });
    const view = (values: Record<string, string>) =>
      post(warrantyPage, "/warranty?tab=view", { intent: "view", ...values });
    const wrongMobile = await view({ serial, mobile: "9123456780" });
    const wrongSerial = await view({ serial: uniqueSerial(), mobile: "9876543210" });
    expect(statusOf(wrongMobile)).toBe(400);
    expect(statusOf(wrongSerial)).toBe(400);
    const { values: _a, ...mobileAnswer } = answerOf(wrongMobile);
    const { values: _b, ...serialAnswer } = answerOf(wrongSerial);
    expect(mobileAnswer).toEqual(serialAnswer);
    expect(mobileAnswer).toEqual({
      ok: false,
      fieldErrors: {},
      formError: warrantyMessages.noMatch,
    });
    // What was typed is kept.
    expect(answerOf(wrongMobile).values).toMatchObject({ serial, mobile: "9123456780" });
  });

  it("shows a match with its status and a claim link carrying a pass", async () => {
    const reg = await createWarranty(t, { productId, purchaseDate: addDays(today, -30) });
    const answer = answerOf(
      await post(warrantyPage, "/warranty?tab=view", {
        intent: "view",
        serial: reg.serial.toLowerCase(),
        mobile: "098765 43210",
      }),
    );
    expect(answer.ok).toBe(true);
    expect(answer.result.registration).toMatchObject({ id: reg.id, status: "active" });
    expect(answer.result.claimHref).toMatch(new RegExp(`^/warranty/${reg.id}/claim\\?pass=`));
  });

  it("answers 429 with Retry-After past the limit of look-ups from one address", async () => {
    const ip = "198.51.100.22";
    const values = { intent: "view", serial: uniqueSerial(), mobile: "9876543210" };
    for (let i = 0; i < lookupsPerIp.limit; i += 1) {
      expect(statusOf(await post(warrantyPage, "/warranty?tab=view", values, { ip }))).toBe(400);
    }
    const refused = await post(warrantyPage, "/warranty?tab=view", values, { ip });
    expect(statusOf(refused)).toBe(429);
    expect(answerOf(refused).formError).toMatch(/^Too many look-ups/);
    const headers = new Headers((refused as { init?: ResponseInit }).init?.headers);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("/warranty/<id>", () => {
  it("opens for its owner and a valid pass, and is the same 404 for anyone else", async () => {
    const reg = await createWarranty(t, {
      productId,
      purchaseDate: addDays(today, -30),
      userId: owner.id,
    });
    const page = (path: string, cookie = "") =>
      load(registrationPage, path, { id: String(reg.id) }, cookie);
    const path = `/warranty/${reg.id}`;
    const pass = claimPass(reg, secret);
    const expired = claimPass(reg, secret, new Date(Date.now() - 3 * 60 * 60 * 1000));

    const own = await page(path, owner.cookie);
    expect(statusOf(own)).toBe(200);
    expect(dataOf<{ registration: { id: number } }>(own).registration.id).toBe(reg.id);
    expect(new Headers((own as { init?: ResponseInit }).init?.headers).get("Cache-Control")).toBe(
      "private, no-store",
    );
    expect(statusOf(await page(`${path}?pass=${pass}`))).toBe(200);
    expect(statusOf(await page(`${path}?pass=${pass}`, stranger.cookie))).toBe(200);

    for (const [what, request] of [
      ["another customer", page(path, stranger.cookie)],
      ["a pass that is not one", page(`${path}?pass=1.${"x".repeat(43)}`)],
      ["an expired pass", page(`${path}?pass=${expired}`)],
      [
        "another registration's pass",
        page(
          `/warranty/${reg.id}?pass=${claimPass({ id: reg.id + 1, mobile: reg.mobile }, secret)}`,
        ),
      ],
    ] as const) {
      const answer = await request;
      expect(statusOf(answer), what).toBe(404);
      expect(dataOf<{ registration: null }>(answer).registration, what).toBeNull();
    }
    // Signed out without a pass: asked to sign in, and brought back.
    const signedOut = (await page(path)) as Response;
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });
});

describe("/warranty/<id>/claim", () => {
  it("lists the service centres nearest first, and a centre's slots on the day asked", async () => {
    const far = await createOutlet(t, {
      kind: "service_centre",
      openDays: everyDay,
      name: "Far Centre",
      city: "Mumbai",
      pincode: "400001",
      lat: 18.94,
      lng: 72.83,
    });
    const near = await createOutlet(t, {
      kind: "service_centre",
      openDays: everyDay,
      name: "Near Centre",
    });
    const reg = await createWarranty(t, {
      productId,
      purchaseDate: addDays(today, -30),
      userId: owner.id,
    });
    const page = dataOf<{
      kind: string;
      centres: { value: string; label: string }[];
      slots: { centre: { id: number }; date: string; open: boolean };
    }>(
      await load(
        claimPage,
        `/warranty/${reg.id}/claim?centreId=${far.id}&date=${slotDay}`,
        { id: String(reg.id) },
        owner.cookie,
      ),
    );
    expect(page.kind).toBe("form");
    const order = page.centres.map((c) => c.value);
    expect(order.indexOf(String(near.id))).toBeLessThan(order.indexOf(String(far.id)));
    expect(page.centres.find((c) => c.value === String(far.id))?.label).toMatch(
      /^Far Centre, Mumbai \(\d+(\.\d)? km\)$/,
    );
    expect(page.slots).toMatchObject({ centre: { id: far.id }, date: slotDay, open: true });
  });

  it("refuses another customer's registration with 404 and raises nothing", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: everyDay });
    const reg = await createWarranty(t, {
      productId,
      purchaseDate: addDays(today, -30),
      userId: owner.id,
    });
    const values = { problem: "not_charging", centreId: String(centre.id), email: "x@example.in" };
    const refused = await post(claimPage, `/warranty/${reg.id}/claim`, values, {
      cookie: stranger.cookie,
      params: { id: String(reg.id) },
    });
    expect(statusOf(refused)).toBe(404);
    const claims = await claimsOf(reg.id);
    expect(claims).toHaveLength(0);
  });

  it("books the slot a claim names, so it holds a place, and goes to the registration with the pass", async () => {
    const centre = await createOutlet(t, {
      kind: "service_centre",
      openDays: everyDay,
      bookingCapacity: 1,
    });
    const reg = await createWarranty(t, { productId, purchaseDate: addDays(today, -30) });
    const pass = claimPass(reg, secret);
    const path = `/warranty/${reg.id}/claim?pass=${pass}`;
    const values = {
      problem: "low_backup",
      details: "",
      centreId: String(centre.id),
      date: slotDay,
      time: "10:00",
      email: "Asha@Example.in",
    };
    const raised = (await post(claimPage, path, values, {
      params: { id: String(reg.id) },
    })) as Response;
    expect(raised.status).toBe(302);
    expect(raised.headers.get("Location")).toBe(`/warranty/${reg.id}?pass=${pass}`);
    const [claim] = await claimsOf(reg.id);
    const [booking] = await t.db
      .select()
      .from(serviceBookings)
      .where(eq(serviceBookings.outletId, centre.id));
    expect(booking).toMatchObject({ date: slotDay, time: "10:00", status: "requested" });
    expect(claim).toMatchObject({ bookingId: booking?.id, email: "asha@example.in" });

    // The centre's one place at 10:00 is taken: the page says so, and another claim is refused
    // next to the time, its typed values kept, nothing stored.
    const other = await createWarranty(t, { productId, purchaseDate: addDays(today, -30) });
    const otherPath = `/warranty/${other.id}/claim?pass=${claimPass(other, secret)}`;
    const form = dataOf<{ slots: { slots: { time: string; left: number | null }[] } }>(
      await load(claimPage, `${otherPath}&centreId=${centre.id}&date=${slotDay}`, {
        id: String(other.id),
      }),
    );
    expect(form.slots.slots.find((slot) => slot.time === "10:00")?.left).toBe(0);
    const full = await post(claimPage, otherPath, values, { params: { id: String(other.id) } });
    expect(statusOf(full)).toBe(400);
    expect(answerOf(full).fieldErrors).toEqual({
      time: "That time is fully booked, please choose another",
    });
    expect(answerOf(full).values).toMatchObject({ problem: "low_backup", time: "10:00" });
    const otherClaims = await claimsOf(other.id);
    expect(otherClaims).toHaveLength(0);
  });

  it("shows why a registration with an open claim takes no other, and no form", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: everyDay });
    const reg = await createWarranty(t, {
      productId,
      purchaseDate: addDays(today, -30),
      userId: owner.id,
    });
    const params = { id: String(reg.id) };
    const first = await post(
      claimPage,
      `/warranty/${reg.id}/claim`,
      { problem: "other", details: "Cracked case", centreId: String(centre.id), email: "a@b.in" },
      { cookie: owner.cookie, params },
    );
    expect(statusOf(first)).toBe(302);
    const page = dataOf<{ kind: string; registration: { status: string } }>(
      await load(claimPage, `/warranty/${reg.id}/claim`, params, owner.cookie),
    );
    expect(page).toMatchObject({ kind: "closed", registration: { status: "claim_open" } });
  });
});

describe("/hi/warranty and /gu/warranty: the warranty desk in Hindi and Gujarati", () => {
  it("refuses a bad serial in Hindi with 400, every error next to its field, and stores nothing", async () => {
    const result = await post(
      warrantyPage,
      "/hi/warranty",
      registration({ serial: "AB-1", mobile: "12345" }),
    );
    expect(statusOf(result)).toBe(400);
    const answer = answerOf(result);
    expect(answer.fieldErrors).toEqual({
      serial: "सीरियल नंबर डालें: 6 से 20 अक्षर या अंक",
      mobile: "6, 7, 8 या 9 से शुरू होने वाला 10 अंकों का मोबाइल नंबर डालें",
    });
    expect(answer.values).toMatchObject({ serial: "AB-1", mobile: "12345" });
    expect(await registrationsWith("AB1")).toHaveLength(0);
  });

  it("answers a registration in Gujarati, and a look-up that finds nothing in Hindi", async () => {
    const serial = uniqueSerial();
    const answer = answerOf(await post(warrantyPage, "/gu/warranty", registration({ serial })));
    expect(answer).toMatchObject({ ok: true, message: `બેટરી ${serial} રજિસ્ટર થઈ ગઈ` });
    expect(await registrationsWith(serial)).toHaveLength(1);

    const missing = await post(warrantyPage, "/hi/warranty?tab=view", {
      intent: "view",
      serial: uniqueSerial(),
      mobile: "9876543210",
    });
    expect(statusOf(missing)).toBe(400);
    expect(answerOf(missing).formError).toBe("इस सीरियल नंबर और मोबाइल नंबर से कोई रजिस्ट्रेशन नहीं मिला");
  });

  it("sends the page's messages in its language and the models' warranty in Hindi words", async () => {
    const page = (await load(warrantyPage, "/hi/warranty", {})) as {
      i18n: Record<string, unknown>;
      models: { value: string; label: string }[];
    };
    expect(Object.keys(page.i18n)).toContain("Register Your Battery");
    const model = page.models.find((m) => m.value === String(productId));
    expect(model?.label).toContain("2 साल");
    expect(model?.label).not.toContain("years");
  });

  it("raises a claim from a Gujarati page and goes back to the registration in Gujarati", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: everyDay });
    const reg = await createWarranty(t, { productId, purchaseDate: addDays(today, -30) });
    const pass = claimPass(reg, secret);
    // Through the router, as the store answers: it gives the route's redirect the prefix.
    const raised = (await throughRouter(
      t,
      claimPage,
      "/warranty/:id/claim",
      `/gu/warranty/${reg.id}/claim?pass=${pass}`,
      {
        values: {
          problem: "not_charging",
          details: "",
          centreId: String(centre.id),
          date: "",
          time: "",
          email: "asha@example.in",
        },
      },
    )) as Response;
    expect(raised.status).toBe(302);
    expect(raised.headers.get("Location")).toBe(`/gu/warranty/${reg.id}?pass=${pass}`);
    expect(await claimsOf(reg.id)).toHaveLength(1);
  });
});
