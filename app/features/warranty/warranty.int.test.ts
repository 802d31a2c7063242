import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  mailOutbox,
  orderEvents,
  products,
  serviceBookings,
  warrantyRegistrations,
} from "~/db/schema";
import {
  createOrder,
  createOutlet,
  createProduct,
  createUser,
  createWarranty,
  uniqueSerial,
} from "../../../tests/factories";
import { TEST_PUBLIC_URL } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { warrantyMessages as m } from "./warranty.messages";
import type { ClaimForm, RegistrationForm } from "./warranty.schema";
import {
  claimPass,
  countOpenClaims,
  getRegistration,
  listMyBatteries,
  listOrderBatteries,
  listWarranties,
  lookupsPerIp,
  lookupWarranty,
  moveClaim,
  raiseClaim,
  registerOrderSerials,
  registerWarranty,
  serialFieldName,
} from "./warranty.server";

let t: TestDatabase;
// Monday 23 November 2026, 10:30 in India.
const now = new Date("2026-11-23T10:30:00+05:30");
const at = { now, publicUrl: TEST_PUBLIC_URL };
const SECRET = "warranty-test-secret";

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const form = (productId: number, overrides: Partial<RegistrationForm> = {}): RegistrationForm => ({
  serial: uniqueSerial(),
  productId,
  firstName: "Asha",
  lastName: "Patel",
  pincode: "380009",
  purchaseDate: "2026-11-01",
  mobile: "9876543210",
  email: null,
  consent: false,
  ...overrides,
});

/** The error a promise is refused with: its status and field errors. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("it was accepted");
    },
    (error: { status: number; message: string; fieldErrors: Record<string, string> }) => ({
      status: error.status,
      message: error.message,
      fieldErrors: error.fieldErrors,
    }),
  );

/** A client with its own address, so each test counts its own look-ups. */
let clientNumber = 0;
const client = () => {
  clientNumber += 1;
  return { headers: new Headers({ "x-forwarded-for": `203.0.113.${clientNumber}` }) };
};

const claim = (centreId: number, overrides: Partial<ClaimForm> = {}): ClaimForm => ({
  problem: "low_backup",
  details: null,
  centreId,
  date: null,
  time: null,
  email: "asha@example.in",
  ...overrides,
});

describe("registering a battery", () => {
  it("stores the serial with the model's periods and tells the owner by e-mail and SMS", async () => {
    const product = await createProduct(t, { warrantyMonths: 24 });
    await t.db.update(products).set({ proRataMonths: 12 }).where(eq(products.id, product.id));
    const view = await registerWarranty(
      t.db,
      form(product.id, { serial: "UC48A123", email: "asha@example.in", consent: true }),
      null,
      at,
    );
    expect(view).toMatchObject({
      serial: "UC48A123",
      model: product.model,
      purchaseDate: "2026-11-01",
      freeUntil: "2028-11-01",
      warrantyUntil: "2029-11-01",
      status: "active",
      claimable: true,
    });
    expect(view.consentAt).toEqual(now);
    const sent = await t.db
      .select({ channel: mailOutbox.channel, to: mailOutbox.to })
      .from(mailOutbox)
      .orderBy(asc(mailOutbox.id));
    expect(sent.slice(-2)).toEqual([
      { channel: "email", to: "asha@example.in" },
      { channel: "sms", to: "9876543210" },
    ]);
  });

  it("refuses a serial already registered, and of two at once exactly one wins (PGlite: a smoke check; CI proves it on PostgreSQL)", async () => {
    const product = await createProduct(t);
    const serial = uniqueSerial();
    const both = await Promise.allSettled([
      registerWarranty(t.db, form(product.id, { serial }), null, at),
      registerWarranty(t.db, form(product.id, { serial, mobile: "9123456780" }), null, at),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const again = await refusal(registerWarranty(t.db, form(product.id, { serial }), null, at));
    expect(again).toMatchObject({ status: 400, fieldErrors: { serial: m.serialTaken } });
    const rows = await t.db
      .select()
      .from(warrantyRegistrations)
      .where(eq(warrantyRegistrations.serial, serial));
    expect(rows).toHaveLength(1);
  });

  it("refuses a future purchase date, one before the model was on sale, and an ended warranty", async () => {
    const product = await createProduct(t, { warrantyMonths: 12 });
    await t.db
      .update(products)
      .set({ onSaleSince: "2026-06-01" })
      .where(eq(products.id, product.id));
    // 23 Nov 2026 is today in India: the 24th is tomorrow.
    expect(
      await refusal(
        registerWarranty(t.db, form(product.id, { purchaseDate: "2026-11-24" }), null, at),
      ),
    ).toMatchObject({ fieldErrors: { purchaseDate: m.purchaseInFuture } });
    expect(
      await refusal(
        registerWarranty(t.db, form(product.id, { purchaseDate: "2026-05-31" }), null, at),
      ),
    ).toMatchObject({ fieldErrors: { purchaseDate: expect.stringContaining("went on sale") } });
    const old = await createProduct(t, { warrantyMonths: 12 });
    expect(
      await refusal(registerWarranty(t.db, form(old.id, { purchaseDate: "2025-11-22" }), null, at)),
    ).toMatchObject({ fieldErrors: { purchaseDate: m.warrantyEnded } });
    // The last day of cover is still covered.
    const lastDay = await registerWarranty(
      t.db,
      form(old.id, { purchaseDate: "2025-11-23" }),
      null,
      at,
    );
    expect(lastDay).toMatchObject({ warrantyUntil: "2026-11-23", daysLeft: 1 });
  });
});

describe("looking a battery up", () => {
  it("gives the same answer for a wrong serial and a wrong mobile", async () => {
    const product = await createProduct(t);
    const reg = await createWarranty(t, { productId: product.id, purchaseDate: "2026-10-01" });
    const found = await lookupWarranty(
      t.db,
      { serial: reg.serial.toLowerCase(), mobile: "+91 98765 43210" },
      client(),
      { now },
    );
    expect(found.id).toBe(reg.id);
    const wrongSerial = await refusal(
      lookupWarranty(t.db, { serial: "NOSUCH1234", mobile: reg.mobile }, client(), { now }),
    );
    const wrongMobile = await refusal(
      lookupWarranty(t.db, { serial: reg.serial, mobile: "9000000000" }, client(), { now }),
    );
    expect(wrongSerial).toEqual({ status: 400, message: m.noMatch, fieldErrors: {} });
    expect(wrongMobile).toEqual(wrongSerial);
  });

  it("stops a connection after its look-ups for the window", async () => {
    const from = client();
    for (let i = 0; i < lookupsPerIp.limit; i += 1) {
      await refusal(
        lookupWarranty(t.db, { serial: `GUESS${i}000`, mobile: "9000000000" }, from, { now }),
      );
    }
    const stopped = await refusal(
      lookupWarranty(t.db, { serial: "GUESS99999", mobile: "9000000000" }, from, { now }),
    );
    expect(stopped.status).toBe(429);
    // Another connection is not stopped.
    expect(
      (
        await refusal(
          lookupWarranty(t.db, { serial: "GUESS99999", mobile: "9000000000" }, client(), { now }),
        )
      ).status,
    ).toBe(400);
  });
});

describe("claims", () => {
  it("raises a claim with a slot, moves it to Approved, and keeps the timeline", async () => {
    const product = await createProduct(t);
    const owner = await createUser(t);
    const reg = await createWarranty(t, {
      productId: product.id,
      purchaseDate: "2026-10-01",
      userId: owner.id,
    });
    const centre = await createOutlet(t, {
      kind: "service_centre",
      opensAt: "09:00",
      closesAt: "13:00",
    });
    const { claim: raised } = await raiseClaim(
      t.db,
      { ...claim(centre.id, { date: "2026-11-24", time: "10:00" }), registrationId: reg.id },
      { by: "owner", userId: owner.id },
      at,
    );
    expect(raised).toMatchObject({
      status: "submitted",
      booking: { date: "2026-11-24", time: "10:00" },
    });
    const [booking] = await t.db
      .select()
      .from(serviceBookings)
      .where(eq(serviceBookings.outletId, centre.id));
    expect(booking?.vehicleModel).toContain(raised.reference);
    expect(await countOpenClaims(t.db)).toBeGreaterThanOrEqual(1);
    const admin = await createUser(t, { role: "admin" });
    const move = (to: "inspection" | "approved", extra = {}) =>
      moveClaim(
        t.db,
        {
          claimId: raised.id,
          to,
          note: `to ${to}`,
          outcome: null,
          discountPaise: null,
          rejectReason: null,
          ...extra,
        },
        admin,
        at,
      );
    await move("inspection");
    // A discount off a new battery is at most its price (₹5,000 here); the claim stays as it was.
    const over = await refusal(
      move("approved", { outcome: "pro_rata", discountPaise: product.pricePaise + 100 }),
    );
    expect(over).toMatchObject({
      status: 400,
      fieldErrors: { discount: m.discountOverPrice(product.pricePaise) },
    });
    const approved = await move("approved", { outcome: "pro_rata", discountPaise: 120_000 });
    expect(approved).toMatchObject({
      status: "approved",
      outcome: "pro_rata",
      discountPaise: 120_000,
    });
    expect(approved.timeline.map((e) => e.toStatus)).toEqual([
      "submitted",
      "inspection",
      "approved",
    ]);
    // Who made each step: the owner raised it, the admin (by name) moved it.
    expect(approved.timeline.map((e) => e.by)).toEqual(["the owner", admin.name, admin.name]);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "warranty_claim"), eq(auditLog.entityId, String(raised.id))));
    expect(audits.map((a) => a.action)).toEqual([
      "warranty_claim.inspection",
      "warranty_claim.approved",
    ]);
    const mine = await listMyBatteries(t.db, owner.id, now);
    expect(mine[0]).toMatchObject({ id: reg.id, status: "claim_open" });
  });

  it("refuses a claim on an expired registration, a second open claim, and another's registration", async () => {
    const product = await createProduct(t);
    const centre = await createOutlet(t, { kind: "service_centre" });
    const owner = await createUser(t);
    const other = await createUser(t);
    const expired = await createWarranty(t, {
      productId: product.id,
      purchaseDate: "2024-01-01",
      warrantyMonths: 12,
      userId: owner.id,
    });
    expect(
      await refusal(
        raiseClaim(
          t.db,
          { ...claim(centre.id), registrationId: expired.id },
          { by: "owner", userId: owner.id },
          at,
        ),
      ),
    ).toMatchObject({ status: 400, message: m.notActive });
    const reg = await createWarranty(t, {
      productId: product.id,
      purchaseDate: "2026-10-01",
      userId: owner.id,
    });
    expect(
      await refusal(
        raiseClaim(
          t.db,
          { ...claim(centre.id), registrationId: reg.id },
          { by: "owner", userId: other.id },
          at,
        ),
      ),
    ).toMatchObject({ status: 404 });
    await expect(
      getRegistration(t.db, reg.id, { by: "owner", userId: other.id }, now),
    ).rejects.toMatchObject({ status: 404 });
    await raiseClaim(
      t.db,
      { ...claim(centre.id), registrationId: reg.id },
      { by: "owner", userId: owner.id },
      at,
    );
    expect(
      await refusal(
        raiseClaim(
          t.db,
          { ...claim(centre.id), registrationId: reg.id },
          { by: "owner", userId: owner.id },
          at,
        ),
      ),
    ).toMatchObject({ status: 400, message: m.claimOpen });
  });

  it("lets a look-up's pass raise a claim, and gives the registration to a signed-in owner", async () => {
    const product = await createProduct(t);
    const centre = await createOutlet(t, { kind: "service_centre" });
    const reg = await createWarranty(t, { productId: product.id, purchaseDate: "2026-10-01" });
    const pass = claimPass(reg, SECRET, now);
    const owner = await createUser(t);
    await raiseClaim(
      t.db,
      { ...claim(centre.id), registrationId: reg.id },
      { by: "pass", pass, secret: SECRET, userId: owner.id },
      at,
    );
    expect(
      (await getRegistration(t.db, reg.id, { by: "owner", userId: owner.id }, now)).status,
    ).toBe("claim_open");
    // A forged or other registration's pass opens nothing.
    const another = await createWarranty(t, { productId: product.id, purchaseDate: "2026-10-01" });
    await expect(
      getRegistration(t.db, another.id, { by: "pass", pass, secret: SECRET, userId: null }, now),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("two claims at once", () => {
  it("opens exactly one (PGlite: a smoke check; CI proves it on PostgreSQL)", async () => {
    const product = await createProduct(t);
    const centre = await createOutlet(t, { kind: "service_centre" });
    const owner = await createUser(t);
    const reg = await createWarranty(t, {
      productId: product.id,
      purchaseDate: "2026-10-01",
      userId: owner.id,
    });
    const raise = () =>
      raiseClaim(
        t.db,
        { ...claim(centre.id), registrationId: reg.id },
        { by: "owner", userId: owner.id },
        at,
      );
    const both = await Promise.allSettled([raise(), raise()]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(both.find((r) => r.status === "rejected")).toMatchObject({
      reason: { status: 400, message: m.claimOpen },
    });
  });
});

describe("batteries bought here", () => {
  it("registers each serial typed at delivery once, for the customer, from the order's details", async () => {
    const product = await createProduct(t, { warrantyMonths: 36 });
    const customer = await createUser(t);
    const admin = await createUser(t, { role: "admin" });
    const order = await createOrder(t, {
      userId: customer.id,
      status: "delivered",
      customerName: "Ravi Kumar Shah",
      pincode: "380015",
      phone: "9123456780",
      lines: [{ productId: product.id, model: product.model, quantity: 2 }],
    });
    // Delivered on 20 Nov, late in the evening in India (the 20th, not the 21st).
    await t.db.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: "shipped",
      toStatus: "delivered",
      createdAt: new Date("2026-11-20T23:10:00+05:30"),
    });
    const [first, second] = await listOrderBatteries(t.db, order.id);
    if (!first || !second) throw new Error("two batteries expected");
    const taken = await createWarranty(t, { productId: product.id, purchaseDate: "2026-11-01" });
    const typed = { [first.field]: " ab-12 3456 ", [second.field]: taken.serial };
    const result = await registerOrderSerials(
      t.db,
      { number: order.number, serials: typed },
      admin,
      at,
    );
    expect(result).toEqual({ registered: 1, fieldErrors: { [second.field]: m.serialTaken } });
    const mine = await listMyBatteries(t.db, customer.id, now);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      serial: "AB123456",
      model: product.model,
      purchaseDate: "2026-11-20",
      freeUntil: "2029-11-20",
      firstName: "Ravi",
      lastName: "Kumar Shah",
      pincode: "380015",
      mobile: "9123456780",
      email: customer.email,
    });
    // The same form again registers nothing twice; the free unit may still be filled in.
    const again = await registerOrderSerials(
      t.db,
      { number: order.number, serials: { ...typed, [second.field]: "ZX998877" } },
      admin,
      at,
    );
    expect(again).toEqual({ registered: 1, fieldErrors: {} });
    // Another serial for a battery registered already is refused, never dropped unsaid.
    const other = await registerOrderSerials(
      t.db,
      { number: order.number, serials: { [first.field]: "QQ776655" } },
      admin,
      at,
    );
    expect(other).toEqual({ registered: 0, fieldErrors: { [first.field]: m.unitRegistered } });
    const units = await listOrderBatteries(t.db, order.id);
    expect(units.map((u) => u.registration?.serial)).toEqual(["AB123456", "ZX998877"]);
    expect(serialFieldName(first.orderItemId, 2)).toBe(second.field);
  });

  it("takes serials only once the order is delivered, and refuses one given twice", async () => {
    const product = await createProduct(t);
    const admin = await createUser(t, { role: "admin" });
    const shipped = await createOrder(t, {
      status: "shipped",
      lines: [{ productId: product.id, model: product.model, quantity: 1 }],
    });
    const [unit] = await listOrderBatteries(t.db, shipped.id);
    await expect(
      registerOrderSerials(
        t.db,
        { number: shipped.number, serials: { [unit?.field ?? ""]: "AB123456" } },
        admin,
        at,
      ),
    ).rejects.toMatchObject({ status: 400, message: m.orderNotDelivered });
    const delivered = await createOrder(t, {
      status: "delivered",
      lines: [{ productId: product.id, model: product.model, quantity: 2 }],
    });
    const [a, b] = await listOrderBatteries(t.db, delivered.id);
    const result = await registerOrderSerials(
      t.db,
      {
        number: delivered.number,
        serials: { [a?.field ?? ""]: "DUP12345", [b?.field ?? ""]: "dup-12345" },
      },
      admin,
      at,
    );
    expect(result).toEqual({ registered: 1, fieldErrors: { [b?.field ?? ""]: m.serialRepeated } });
  });
});

describe("the back office's list", () => {
  it("filters by status as the owner sees it, and searches serial, mobile and name", async () => {
    await t.db.delete(warrantyRegistrations);
    const product = await createProduct(t);
    const centre = await createOutlet(t, { kind: "service_centre" });
    const active = await createWarranty(t, {
      productId: product.id,
      purchaseDate: "2026-10-01",
      firstName: "Meera",
      lastName: "Iyer",
      mobile: "9988776655",
    });
    const expired = await createWarranty(t, {
      productId: product.id,
      purchaseDate: "2024-01-01",
      warrantyMonths: 12,
    });
    const claimed = await createWarranty(t, { productId: product.id, purchaseDate: "2026-10-01" });
    const pass = claimPass(claimed, SECRET, now);
    await raiseClaim(
      t.db,
      { ...claim(centre.id), registrationId: claimed.id },
      { by: "pass", pass, secret: SECRET, userId: null },
      at,
    );
    // Another registration's closed claim does not make this one "Claim open".
    const serialsOf = async (query: Partial<Parameters<typeof listWarranties>[1]>) =>
      (await listWarranties(t.db, { page: 1, ...query }, now)).rows.map((r) => r.serial);
    expect(await serialsOf({ status: "active" })).toEqual([active.serial]);
    expect(await serialsOf({ status: "expired" })).toEqual([expired.serial]);
    expect(await serialsOf({ status: "claim_open" })).toEqual([claimed.serial]);
    expect(await serialsOf({ status: "replaced" })).toEqual([]);
    expect(await serialsOf({ q: active.serial.slice(2, 9).toLowerCase() })).toEqual([
      active.serial,
    ]);
    expect(await serialsOf({ q: "+91 99887 76655" })).toEqual([active.serial]);
    expect(await serialsOf({ q: "meera iy" })).toEqual([active.serial]);
  });
});
