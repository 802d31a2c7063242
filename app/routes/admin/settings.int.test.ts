import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, settings } from "~/db/schema";
import { settingsMessages as m } from "~/features/settings/settings.messages";
import { defaultSettings } from "~/features/settings/settings.schema";
import { getSettings, updateSettings } from "~/features/settings/settings.server";
import { takeFlash } from "~/lib/flash.server";
import type { FormFailure } from "~/lib/forms";
import { action, loader } from "~/routes/admin/settings";
import { createUser, type TestUser } from "../../../tests/factories";
import { outcome, routeArgs, statusOf, testServices } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";

let t: TestDatabase;
let admin: TestUser;
let customer: TestUser;

const PAGE = "http://localhost:3000/admin/settings";

const storeFields = {
  brandName: "Shakti Batteries",
  tagline: "Power that lasts",
  supportEmail: "help@shakti.in",
  supportPhone: "+91 98765 43210",
  address: "12 Relief Road, Ahmedabad 380001",
};
const paymentFields = {
  upiPayeeId: "shakti@okaxis",
  upiPayeeName: "Shakti Batteries Pvt Ltd",
  gstPercent: "12.5",
  shippingFee: "149.50",
  freeShippingFrom: "₹ 4,999",
  paymentWindowHours: "72",
};

async function post(fields: Record<string, string>, cookie: string | null = admin.cookie) {
  const request = new Request(PAGE, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
  return outcome(async () => action(await routeArgs(t, request)));
}

async function load(cookie: string | null = admin.cookie) {
  const request = new Request(PAGE, { headers: cookie ? { Cookie: cookie } : {} });
  return outcome(async () => loader((await routeArgs(t, request)) as never));
}

/** The notice a successful save leaves for the next page. */
async function noticeOf(result: unknown) {
  const cookie = (result as Response).headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const next = new Request(PAGE, { headers: { Cookie: cookie } });
  return (await takeFlash(next, testServices(t))).flash;
}

const UPI_FORMAT = "Enter a UPI ID such as name@bank";
const HTTPS_ONLY = "Enter an https:// address";

const failureOf = (result: unknown) => (result as { data: FormFailure }).data;
const storedRows = () => t.db.select().from(settings).orderBy(settings.key);
const auditRows = () =>
  t.db.select().from(auditLog).where(eq(auditLog.entity, "setting")).orderBy(auditLog.id);

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin" });
  customer = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

describe("/admin/settings", () => {
  beforeEach(async () => {
    await t.db.delete(settings);
    // The log refuses DELETE (its trigger); TRUNCATE, as the test database is emptied, is not a row change.
    await t.db.execute(sql`truncate ${auditLog}`);
    await updateSettings(t.db, {}); // forget this process's copy of the old settings
  });

  it("sends a visitor to sign in and refuses a customer, on the page and on every form", async () => {
    expect(statusOf(await load(null))).toBe(302);
    expect(statusOf(await load(customer.cookie))).toBe(403);
    const forms: Record<string, string>[] = [
      { intent: "store", ...storeFields },
      { intent: "payments", ...paymentFields },
      { intent: "social", facebook: "https://facebook.com/shakti" },
    ];
    for (const fields of forms) {
      const signedOut = await post(fields, null);
      expect(statusOf(signedOut), fields.intent).toBe(302);
      expect((signedOut as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
      expect(statusOf(await post(fields, customer.cookie)), fields.intent).toBe(403);
    }
    expect(await storedRows()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it("shows an admin the settings in effect, money in rupees", async () => {
    await updateSettings(t.db, { shippingFeePaise: 9_950, freeShippingFromPaise: 500_000 });
    const page = (await load()) as Awaited<ReturnType<typeof loader>>;
    expect(page.values).toMatchObject({
      brandName: defaultSettings.brandName,
      supportEmail: "",
      upiPayeeId: "",
      gstPercent: "18",
      shippingFee: "99.50",
      freeShippingFrom: "5,000",
    });
    expect(page.payee).toBeNull();
  });

  it("saves the store details, records the change and says so", async () => {
    const before = await getSettings(t.db); // kept by this process: the save must drop it
    expect(before.brandName).toBe(defaultSettings.brandName);
    const result = await post({ intent: "store", ...storeFields, tagline: "  Power that lasts " });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/admin/settings");
    expect(await noticeOf(result)).toMatchObject({ type: "success", message: m.storeSaved });

    const after = await getSettings(t.db);
    expect(after).toMatchObject(storeFields);
    const audit = await auditRows();
    expect(audit.map((row) => [row.action, row.entityId, row.actorId])).toEqual([
      ["setting.update", "brandName", admin.id],
      ["setting.update", "tagline", admin.id],
      ["setting.update", "supportEmail", admin.id],
      ["setting.update", "supportPhone", admin.id],
      ["setting.update", "address", admin.id],
    ]);
    expect(audit[0]?.details).toEqual({
      from: { value: defaultSettings.brandName },
      to: { value: "Shakti Batteries" },
    });
    expect(audit[2]?.details).toEqual({ from: { value: null }, to: { value: "help@shakti.in" } });

    // Emptied contact fields are stored as none.
    await post({ intent: "store", ...storeFields, supportPhone: "", address: " " });
    expect(await getSettings(t.db)).toMatchObject({ supportPhone: null, address: null });
  });

  it("saves the payee, the GST rate and shipping in paise", async () => {
    const result = await post({ intent: "payments", ...paymentFields });
    expect(statusOf(result)).toBe(302);
    expect(await noticeOf(result)).toMatchObject({ message: m.paymentsSaved });
    expect(await getSettings(t.db)).toMatchObject({
      upiPayeeId: "shakti@okaxis",
      upiPayeeName: "Shakti Batteries Pvt Ltd",
      gstPercent: 12.5,
      shippingFeePaise: 14_950,
      freeShippingFromPaise: 499_900,
      paymentWindowHours: 72,
    });
    const page = (await load()) as Awaited<ReturnType<typeof loader>>;
    expect(page.values).toMatchObject({
      shippingFee: "149.50",
      freeShippingFrom: "4,999",
      paymentWindowHours: "72",
    });
    expect(page.payee).toBe(m.payeeSet("Shakti Batteries Pvt Ltd", "shakti@okaxis"));

    // The payee removed (both fields empty), and shipping never free.
    await post({
      intent: "payments",
      ...paymentFields,
      upiPayeeId: "",
      upiPayeeName: "",
      freeShippingFrom: "",
    });
    expect(await getSettings(t.db)).toMatchObject({
      upiPayeeId: null,
      upiPayeeName: null,
      freeShippingFromPaise: null,
    });
  });

  it("saves the social links, leaving out the empty ones", async () => {
    await updateSettings(t.db, { social: { x: "https://x.com/old" } });
    const result = await post({
      intent: "social",
      facebook: "https://facebook.com/shakti",
      instagram: "",
      youtube: "https://youtube.com/@shakti",
      x: "",
      whatsapp: "",
    });
    expect(statusOf(result)).toBe(302);
    expect(await noticeOf(result)).toMatchObject({ message: m.socialSaved });
    expect((await getSettings(t.db)).social).toEqual({
      facebook: "https://facebook.com/shakti",
      youtube: "https://youtube.com/@shakti",
    });
    const [change] = await auditRows();
    expect(change?.details).toEqual({
      from: { value: { x: "https://x.com/old" } },
      to: {
        value: { facebook: "https://facebook.com/shakti", youtube: "https://youtube.com/@shakti" },
      },
    });
  });

  it("writes nothing when nothing changed, and says so", async () => {
    await post({ intent: "store", ...storeFields });
    const rows = await storedRows();
    const audited = (await auditRows()).length;
    const again = await post({ intent: "store", ...storeFields });
    expect(statusOf(again)).toBe(302);
    expect(await noticeOf(again)).toMatchObject({ message: m.nothingChanged });
    expect(await storedRows()).toEqual(rows);
    expect(await auditRows()).toHaveLength(audited);
  });

  it.each([
    ["store", "brandName", { ...storeFields, brandName: "S" }, m.brandName],
    ["store", "supportEmail", { ...storeFields, supportEmail: "help-at-shakti" }, m.supportEmail],
    ["payments", "gstPercent", { ...paymentFields, gstPercent: "18.005" }, m.gstPercent],
    ["payments", "shippingFee", { ...paymentFields, shippingFee: "ninety" }, m.shippingFee],
    ["payments", "upiPayeeName", { ...paymentFields, upiPayeeName: "" }, m.payeeNameMissing],
    ["payments", "upiPayeeId", { ...paymentFields, upiPayeeId: "shakti" }, UPI_FORMAT],
    [
      "payments",
      "paymentWindowHours",
      { ...paymentFields, paymentWindowHours: "0" },
      m.paymentWindowHours,
    ],
    ["social", "facebook", { facebook: "http://facebook.com/shakti" }, HTTPS_ONLY],
  ] as const)(
    "refuses a bad %s form (%s) with 400, keeps what was typed and stores nothing",
    async (intent, field, fields, message) => {
      const posted = { intent, ...fields };
      const result = await post(posted);
      expect(statusOf(result)).toBe(400);
      const failure = failureOf(result);
      expect(failure.fieldErrors[field]).toBe(message);
      expect(failure.values).toEqual(posted);
      expect(await storedRows()).toEqual([]);
      expect(await auditRows()).toEqual([]);
      expect(await getSettings(t.db)).toEqual(defaultSettings);
    },
  );

  it("stores nothing of a form whose other fields are good", async () => {
    const result = await post({ intent: "payments", ...paymentFields, freeShippingFrom: "lots" });
    expect(statusOf(result)).toBe(400);
    expect(failureOf(result).fieldErrors).toEqual({ freeShippingFrom: m.freeShippingFrom });
    expect((await getSettings(t.db)).upiPayeeId).toBeNull();
  });
});
