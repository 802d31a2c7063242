import { readFileSync } from "node:fs";
import { asc, count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  account,
  auditLog,
  cartItems,
  carts,
  orderEvents,
  orderItems,
  orders,
  outlets,
  products,
  user,
  vehicleFitments,
  vehicles,
} from "~/db/schema";
import { accountMessages } from "~/features/accounts/accounts.messages";
import { signIn } from "~/features/accounts/sign-in.server";
import { createProduct, createVehicle } from "../../../tests/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { importLegacyExport, type LegacyImportReport } from "./legacy-import.server";
import { formatImportReport } from "./legacy-report.server";

const sample: unknown = JSON.parse(readFileSync("scripts/fixtures/legacy-export.json", "utf8"));

let t: TestDatabase;
/** The store already sells one of the sample's cars, recommending its own battery for it. */
let storeBattery: { id: number };

beforeAll(async () => {
  t = await createTestDatabase();
  storeBattery = await createProduct(t, { model: "STORE-35L" });
  await createVehicle(t, [storeBattery.id], {
    make: "Maruti Suzuki",
    model: "Swift",
    year: 2019,
    fuelType: "Petrol",
  });
});
afterAll(async () => {
  await t?.close();
});

const tables = {
  products,
  vehicles,
  vehicleFitments,
  outlets,
  user,
  account,
  carts,
  cartItems,
  orders,
  orderItems,
  orderEvents,
  auditLog,
};

/** How many rows each table the import writes to holds. */
async function rowCounts() {
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await t.db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

const counts = (report: LegacyImportReport) =>
  Object.fromEntries(Object.entries(report.counts).map(([c, n]) => [c, Object.values(n)]));

// created, updated, unchanged, rejected
const firstRun = {
  battery: [3, 0, 0, 3],
  batterytest: [2, 0, 0, 1],
  car: [2, 1, 0, 2],
  Dealers: [2, 0, 0, 1],
  Services: [1, 0, 0, 1],
  user: [2, 0, 0, 2],
  order: [3, 0, 0, 2],
};

describe("importing the old site's sample export", () => {
  it("a dry run reports what it would do and writes nothing", async () => {
    const before = await rowCounts();
    const report = await importLegacyExport(t.db, sample, { dryRun: true });
    expect(counts(report)).toEqual(firstRun);
    expect(await rowCounts()).toEqual(before);
    expect(formatImportReport(report)).toContain("Dry run: nothing was written.");
  });

  let report: LegacyImportReport;
  it("imports each collection, counting what it created and rejected", async () => {
    report = await importLegacyExport(t.db, sample);
    expect(counts(report)).toEqual(firstRun);
  });

  it("rejects every malformed record with its reason, and writes nothing of it", async () => {
    expect(report.rejected).toEqual([
      { ref: "battery[3]", reason: 'price: "₹4,5OO" is not an amount' },
      { ref: "battery[4]", reason: "capacity: missing" },
      { ref: "battery[5]", reason: "model: duplicate of battery[0] (the same model)" },
      {
        ref: "batterytest[1]",
        reason:
          "model: the same model as battery[1], which is kept: the old site's edits wrote to battery",
      },
      {
        ref: "car[3]",
        reason: 'battery_model: "POWER-60" is not a battery of the export or the store',
      },
      {
        ref: "car[4]",
        reason: 'type: "Steam" is not an engine type (Petrol, Diesel, CNG, Electric, Hybrid)',
      },
      { ref: "Dealers[2]", reason: 'pincode: "38001" is not a 6-digit pincode' },
      { ref: "Services[1]", reason: "address: missing" },
      { ref: "user[2]", reason: 'email: "not-an-email" is not an e-mail address' },
      { ref: "user[3]", reason: "email: duplicate of user[0] (the same e-mail)" },
      {
        ref: "order[3]",
        reason: 'items: "POWER-60" is not a battery of the export or the store',
      },
      { ref: "order[4]", reason: "id: duplicate of order[0] (the same order id)" },
    ]);
    expect(await t.db.select().from(products).where(eq(products.model, "POWER-60"))).toEqual([]);
    expect(await t.db.select().from(orders).where(eq(orders.legacyId, 55555))).toEqual([]);
    expect(formatImportReport(report)).toContain('battery[3] price: "₹4,5OO" is not an amount');
  });

  it("turns the old text formats into products, batterytest's among them", async () => {
    const rows = await t.db
      .select({
        model: products.model,
        category: products.category,
        capacityAh: products.capacityAh,
        voltageV: products.voltageV,
        warrantyMonths: products.warrantyMonths,
        pricePaise: products.pricePaise,
        stock: products.stock,
        active: products.active,
        image: products.image,
      })
      .from(products)
      .orderBy(asc(products.id));
    expect(rows.slice(1)).toEqual([
      {
        model: "MILEAGE-40L",
        category: "car",
        capacityAh: 40,
        voltageV: 12,
        warrantyMonths: 24,
        pricePaise: 450_000,
        stock: 0,
        active: true,
        image: "https://res.cloudinary.com/demo/image/upload/mileage-40l.jpg",
      },
      expect.objectContaining({ model: "MILEAGE-50R", warrantyMonths: 36, pricePaise: 585_000 }),
      expect.objectContaining({ model: "RIDE-9", category: "bike", warrantyMonths: 18 }),
      expect.objectContaining({ model: "TUBULAR-150", category: "inverter" }),
      expect.objectContaining({ model: "INDUS-100", category: "industrial", voltageV: 24 }),
    ]);
  });

  it("adds the cars with their battery, as an alternative where the store has its own", async () => {
    const fitted = await t.db
      .select({
        make: vehicles.make,
        model: vehicles.model,
        type: vehicles.vehicleType,
        battery: products.model,
        rank: vehicleFitments.rank,
      })
      .from(vehicleFitments)
      .innerJoin(vehicles, eq(vehicles.id, vehicleFitments.vehicleId))
      .innerJoin(products, eq(products.id, vehicleFitments.productId))
      .orderBy(asc(vehicles.id), asc(vehicleFitments.rank));
    expect(fitted).toEqual([
      { make: "Maruti Suzuki", model: "Swift", type: "car", battery: "STORE-35L", rank: 1 },
      { make: "Maruti Suzuki", model: "Swift", type: "car", battery: "MILEAGE-40L", rank: 2 },
      { make: "Hyundai", model: "Creta", type: "car", battery: "MILEAGE-50R", rank: 1 },
      { make: "Honda", model: "Activa 6G", type: "bike", battery: "RIDE-9", rank: 1 },
    ]);
  });

  it("makes dealers and service centres, the state and a missing location from the pincode", async () => {
    const rows = await t.db
      .select({
        kind: outlets.kind,
        name: outlets.name,
        state: outlets.state,
        pincode: outlets.pincode,
        lat: outlets.lat,
        lng: outlets.lng,
      })
      .from(outlets)
      .orderBy(asc(outlets.id));
    expect(rows).toEqual([
      {
        kind: "dealer",
        name: "Shree Batteries",
        state: "Gujarat",
        pincode: "380009",
        lat: 23.0365,
        lng: 72.5611,
      },
      {
        kind: "dealer",
        name: "Power Point Batteries",
        state: "Gujarat",
        pincode: "390001",
        lat: 22.297694,
        lng: 73.203784,
      },
      expect.objectContaining({ kind: "service_centre", name: "Satellite Battery Care" }),
    ]);
  });

  it("creates the users without a password, with the cart lines the store has", async () => {
    const people = await t.db
      .select({ id: user.id, email: user.email, name: user.name, verified: user.emailVerified })
      .from(user)
      .orderBy(asc(user.email));
    expect(people.map(({ id: _, ...p }) => p)).toEqual([
      { email: "asha.patel@example.in", name: "Asha Patel", verified: false },
      { email: "ravi.shah@example.in", name: "Ravi Shah", verified: false },
    ]);
    expect(await t.db.select().from(account)).toEqual([]);
    const lines = await t.db
      .select({ email: user.email, model: products.model, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .innerJoin(user, eq(user.id, carts.userId))
      .innerJoin(products, eq(products.id, cartItems.productId))
      .orderBy(asc(user.email), asc(products.model));
    expect(lines).toEqual([
      { email: "asha.patel@example.in", model: "MILEAGE-40L", quantity: 1 },
      { email: "asha.patel@example.in", model: "RIDE-9", quantity: 2 },
      { email: "ravi.shah@example.in", model: "MILEAGE-50R", quantity: 2 },
    ]);
    expect(report.notes).toEqual([
      { ref: "user[1]", note: '"OLD-MODEL-X" left out of the cart: not a battery of the store' },
    ]);
  });

  it("keeps the old order ids, recomputes the totals and reports a difference", async () => {
    const imported = await t.db
      .select({
        legacyId: orders.legacyId,
        status: orders.status,
        total: orders.totalPaise,
        buyer: user.email,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .leftJoin(user, eq(user.id, orders.userId))
      .where(isNotNull(orders.legacyId))
      .orderBy(asc(orders.id));
    expect(imported).toEqual([
      {
        legacyId: 48213,
        status: "delivered",
        total: 450_000,
        buyer: "asha.patel@example.in",
        createdAt: new Date("2025-03-05T06:30:00Z"),
      },
      expect.objectContaining({ legacyId: 61870, total: 1_170_000, buyer: "ravi.shah@example.in" }),
      expect.objectContaining({ legacyId: 70001, total: 290_000 }),
    ]);
    expect(report.totalDifferences).toEqual([
      { ref: "order[2]", legacyId: 70001, legacyTotalPaise: 300_000, totalPaise: 290_000 },
    ]);
    expect(formatImportReport(report)).toContain(
      "order[2] (old order 70001): ₹3,000 on the old site, ₹2,900 now (-₹100)",
    );
    // The order's own timeline says where it came from and what the old site charged.
    const [event] = await t.db
      .select({ note: orderEvents.internalNote })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(eq(orders.legacyId, 70001));
    expect(event?.note).toBe(
      "Imported from the old site, where it was order 70001 with a total of ₹3,000; recomputed at today's prices and rules: ₹2,900.",
    );
  });

  it("an imported user's first sign-in says there is no password yet and mails the link", async () => {
    const services = { db: t.db, auth: t.auth };
    const client = { headers: new Headers({ "x-forwarded-for": "10.200.0.1" }) };
    await expect(
      signIn(services, { email: "ravi.shah@example.in", password: "what-it-was-before" }, client),
    ).rejects.toThrow(accountMessages.noPasswordYet);
    await vi.waitFor(async () => {
      const sent = await t.deliverMail();
      expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
        ["ravi.shah@example.in", expect.stringMatching(/set your password/i)],
      ]);
    });
  });

  it("records what it made in the audit log, by System", async () => {
    const entries = await t.db
      .select({ actor: auditLog.actorId, action: auditLog.action })
      .from(auditLog);
    // 5 products, 3 vehicles (one fitted its battery), 3 outlets, 2 users, 3 orders.
    expect(entries).toHaveLength(16);
    expect(new Set(entries.map((e) => e.actor))).toEqual(new Set([null]));
    expect(entries.every((e) => e.action.endsWith(".import"))).toBe(true);
  });

  it("a second run changes nothing and says so", async () => {
    const before = await rowCounts();
    const again = await importLegacyExport(t.db, sample);
    expect(counts(again)).toEqual({
      battery: [0, 0, 3, 3],
      batterytest: [0, 0, 2, 1],
      car: [0, 0, 3, 2],
      Dealers: [0, 0, 2, 1],
      Services: [0, 0, 1, 1],
      user: [0, 0, 2, 2],
      order: [0, 0, 3, 2],
    });
    expect(again.totalDifferences).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    expect(formatImportReport(again)).toContain(
      "Nothing changed: everything in the export is already in the store.",
    );
  });

  it("updates a product whose old price changed, and only that", async () => {
    const changed = structuredClone(sample) as { battery: Record<string, unknown>[] };
    changed.battery[0] = { ...changed.battery[0], price: "₹4,750" };
    const result = await importLegacyExport(t.db, changed);
    expect(result.counts.battery).toEqual({ created: 0, updated: 1, unchanged: 2, rejected: 3 });
    const [row] = await t.db
      .select({ price: products.pricePaise, mrp: products.mrpPaise })
      .from(products)
      .where(eq(products.model, "MILEAGE-40L"));
    expect(row).toEqual({ price: 475_000, mrp: 475_000 });
  });

  it("refuses a file that is not an export", async () => {
    await expect(importLegacyExport(t.db, [1, 2])).rejects.toThrow(/not an export/);
  });
});
