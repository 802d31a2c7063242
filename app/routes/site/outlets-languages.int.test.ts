/**
 * The dealer and service-centre pages, service booking, the contact form and the newsletter's
 * link pages answer in the language of their address (issue 26): /hi/... in Hindi, /gu/... in
 * Gujarati, the sentences the features write in English translated on the way out.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, newsletterSubscribers, serviceBookings } from "~/db/schema";
import { addDays, indiaDayOf, isoWeekday } from "~/lib/india-time";
import { createOutlet } from "../../../tests/factories";
import { outcome, routeArgs, statusOf, throughRouter } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as contact from "./contact";
import * as dealers from "./dealers";
import * as newsletter from "./newsletter";
import * as confirmPage from "./newsletter-confirm";
import * as service from "./service-centres";
import * as unsubscribePage from "./unsubscribe";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

type Module = { action?: (args: never) => unknown; loader?: (args: never) => unknown };
let address = 0;
async function post(mod: Module, path: string, values: Record<string, string>) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(values),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "x-forwarded-for": `198.51.100.${++address}`,
    },
  });
  return outcome(async () => mod.action?.((await routeArgs(t, request)) as never));
}
async function load(mod: Module, path: string) {
  const request = new Request(`http://localhost${path}`);
  return outcome(async () => mod.loader?.((await routeArgs(t, request)) as never));
}
type Answer = { ok: boolean; message?: string; fieldErrors: Record<string, string> };
const answerOf = (r: unknown) => (r as { data: Answer }).data;

/** The next Sunday in India's calendar, within the 60-day window. */
function nextSunday(): string {
  const today = indiaDayOf(new Date());
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const day = addDays(today, ahead);
    if (isoWeekday(day) === 7) return day;
  }
  throw new Error("no Sunday in a week");
}

const bookingForm = (centreId: number, date: string) => ({
  intent: "book",
  centreId: String(centreId),
  name: "आशा पटेल",
  email: "asha@example.in",
  phone: "+91 98765 43210",
  vehicleModel: "Maruti Swift",
  issue: "",
  date,
  time: "10:00",
});

describe("service booking in Hindi", () => {
  it("answers a day the centre is closed with 400, the error in Hindi with its open days, and stores nothing", async () => {
    const centre = await createOutlet(t, {
      kind: "service_centre",
      openDays: [1, 2, 3, 4, 5, 6],
    });
    const result = await post(service, "/hi/service", bookingForm(centre.id, nextSunday()));
    expect(statusOf(result)).toBe(400);
    expect(answerOf(result).fieldErrors).toEqual({
      date: "उस दिन सेंटर बंद रहता है; यह सोम–शनि खुला रहता है",
    });
    expect(
      await t.db.select().from(serviceBookings).where(eq(serviceBookings.outletId, centre.id)),
    ).toEqual([]);
  });

  it("answers a day past the 60-day window and a malformed day in Hindi too", async () => {
    const centre = await createOutlet(t, { kind: "service_centre" });
    const late = addDays(indiaDayOf(new Date()), 90);
    const tooLate = await post(service, "/hi/service", bookingForm(centre.id, late));
    expect(statusOf(tooLate)).toBe(400);
    expect(answerOf(tooLate).fieldErrors).toEqual({
      date: "आज से 60 दिन आगे तक का कोई दिन चुनें",
    });
    const malformed = await post(service, "/hi/service", bookingForm(centre.id, "2026-02-30"));
    expect(statusOf(malformed)).toBe(400);
    expect(answerOf(malformed).fieldErrors).toMatchObject({ date: "दिन चुनें" });
    expect(
      await t.db.select().from(serviceBookings).where(eq(serviceBookings.outletId, centre.id)),
    ).toEqual([]);
  });

  it("says in Hindi which booking was requested", async () => {
    const centre = await createOutlet(t, {
      kind: "service_centre",
      openDays: [1, 2, 3, 4, 5, 6, 7],
    });
    const day = addDays(indiaDayOf(new Date()), 2);
    const answer = answerOf(await post(service, "/hi/service", bookingForm(centre.id, day)));
    expect(answer.ok).toBe(true);
    expect(answer.message).toMatch(/^बुकिंग SB-?\S+ का अनुरोध भेज दिया गया$/);
  });

  it("names a closed day's open days in the dialog in Hindi, and closes it without a second prefix", async () => {
    const centre = await createOutlet(t, { kind: "service_centre", openDays: [1, 2, 3, 4, 5, 6] });
    const page = (await load(
      service,
      `/hi/service?pincode=${centre.pincode}&book=${centre.id}&date=${nextSunday()}`,
    )) as {
      booking: { dateError: string };
      closeHref: string;
      i18n: Record<string, unknown>;
    };
    expect(page.booking.dateError).toBe("The centre is closed that day; it is open सोम–शनि");
    expect(page.closeHref).toBe(`/service?pincode=${centre.pincode}`);
    expect(Object.keys(page.i18n)).toContain("Book a Service Appointment");
  });
});

describe("the dealer finder in Hindi", () => {
  it("sends the page's messages in Hindi and says in Hindi that nothing matched", async () => {
    const page = (await load(dealers, "/hi/dealer?city=Nowhere")) as {
      result: { emptyText: string };
      i18n: Record<string, unknown>;
    };
    expect(page.i18n["Dealer Locator"]).toEqual(["डीलर खोजें"]);
    // The English sentence the search wrote, which the page shows through its catalogue.
    expect(page.result.emptyText).toBe("No dealers match your search.");
    expect(page.i18n["No dealers match your search."]).toEqual(["आपकी खोज से कोई डीलर नहीं मिला।"]);
  });
});

describe("the contact form in Gujarati", () => {
  const form = { name: "રવિ પટેલ", email: "ravi@example.in", phone: "", message: "બેટરી વિશે" };

  it("thanks the visitor in Gujarati", async () => {
    const answer = answerOf(await post(contact, "/gu/contactus", form));
    expect(answer).toMatchObject({
      ok: true,
      message: "અમને લખવા બદલ આભાર. અમે જલદી ઈ-મેલથી જવાબ આપીશું.",
    });
  });

  it("answers a too short name in Gujarati with 400, storing nothing", async () => {
    const before = (await t.db.select().from(contactMessages)).length;
    const result = await post(contact, "/gu/contactus", { ...form, name: "र" });
    expect(statusOf(result)).toBe(400);
    expect(answerOf(result).fieldErrors).toMatchObject({ name: "તમારું પૂરું નામ લખો" });
    expect((await t.db.select().from(contactMessages)).length).toBe(before);
  });
});

describe("the newsletter's link pages in Gujarati", () => {
  it.each([
    ["confirm", confirmPage],
    ["unsubscribe", unsubscribePage],
  ] as const)("%s: go back to the Gujarati page after the button", async (page, mod) => {
    const email = `gujarati.${page}@example.in`;
    await post(newsletter, "/newsletter", { email });
    const [row] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    if (!row) throw new Error("not stored");
    const token = (page === "confirm" ? row.confirmToken : row.token) ?? "";
    const path = `/gu/newsletter/${page}?token=${token}`;
    // Through the router, as the store answers: it gives the route's redirect the prefix.
    const result = await throughRouter(t, mod, `/newsletter/${page}`, path, {
      values: { token },
    });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe(path);
  });
});
