import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { finderQuerySchema } from "./finder.schema";
import { findBatteries, getFinderOptions } from "./finder.server";

let t: TestDatabase;
const q = (raw: Record<string, string>) => finderQuerySchema.parse(raw);

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoData(t.db, {
    auth: t.auth,
    admin: { email: "a@urjacell.in", name: "A", password: "admin-pass-1" },
    // 00:30 on 1 January 2027 in India, still 2026 in UTC: the finder's years reach 2027.
    now: new Date("2026-12-31T19:00:00Z"),
  });
});
afterAll(async () => {
  await t?.close();
});

describe("finder cascade", () => {
  it("offers makes for the vehicle type, and nothing below until a make is chosen", async () => {
    const cars = await getFinderOptions(t.db, q({ type: "car" }));
    expect(cars.options.makes).toContain("Maruti Suzuki");
    expect(cars.options.makes).not.toContain("Royal Enfield");
    expect(cars.options.models).toEqual([]);
    const bikes = await getFinderOptions(t.db, q({ type: "bike" }));
    expect(bikes.options.makes).toContain("Royal Enfield");
  });

  it("loads models for the make, years for the model, engine types for the year", async () => {
    const step = await getFinderOptions(t.db, q({ make: "Hyundai", model: "Creta", year: "2022" }));
    expect(step.options.models).toContain("Creta");
    expect(step.options.models).not.toContain("Swift");
    // The Creta has been sold since 2015; the years run to the current one in India.
    expect(step.options.years).toEqual([
      2027, 2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016, 2015,
    ]);
    expect(step.options.fuels).toEqual(["Diesel", "Petrol"]);
  });

  it("offers the years a model was sold from 2010, and none it was not", async () => {
    const swift = await getFinderOptions(t.db, q({ make: "Maruti Suzuki", model: "Swift" }));
    expect(swift.options.years.at(-1)).toBe(2010);
    expect(swift.options.years[0]).toBe(2027);
    // The Alto K10 left the market from 2021 until its new model of 2022.
    const alto = await getFinderOptions(t.db, q({ make: "Maruti Suzuki", model: "Alto K10" }));
    expect(alto.options.years).toContain(2020);
    expect(alto.options.years).not.toContain(2021);
    expect(alto.options.years).toContain(2022);
  });

  it("chooses a level with exactly one option by itself", async () => {
    // A Classic 350 of 2023 only comes with a petrol engine: the visitor is not asked.
    const bike = await getFinderOptions(
      t.db,
      q({ type: "bike", make: "Royal Enfield", model: "Classic 350", year: "2023" }),
    );
    expect(bike.options.fuels).toEqual(["Petrol"]);
    expect(bike.selected.fuel).toBe("Petrol");
    // Several options: nothing is chosen for the visitor.
    const creta = await getFinderOptions(t.db, q({ make: "Hyundai", model: "Creta" }));
    expect(creta.selected.year).toBeUndefined();
  });

  it("drops a lower choice that does not belong to the level above", async () => {
    const mixed = await getFinderOptions(
      t.db,
      q({ make: "Tata", model: "Creta", year: "2022", fuel: "Diesel" }),
    );
    expect(mixed.selected).toMatchObject({
      make: "Tata",
      model: undefined,
      year: undefined,
      fuel: undefined,
    });
    expect(mixed.options.years).toEqual([]);
  });

  it("finds the recommended battery and the alternatives", async () => {
    const result = await findBatteries(t.db, {
      type: "car",
      make: "Hyundai",
      model: "Creta",
      year: 2022,
      fuel: "Diesel",
    });
    expect(result?.recommended.model).toBe("DRIVE-65R");
    expect(result?.recommended.description.length).toBeGreaterThan(10);
    expect(result?.alternatives.map((p) => p.model)).toEqual(["DRIVE-75L"]);
  });

  it("answers no match for a vehicle it does not know", async () => {
    expect(
      await findBatteries(t.db, {
        type: "car",
        make: "Hyundai",
        model: "Creta",
        year: 1999,
        fuel: "Diesel",
      }),
    ).toBeNull();
  });

  it("skips an inactive battery and promotes the next", async () => {
    await t.db.update(products).set({ active: false }).where(eq(products.model, "DRIVE-65R"));
    const result = await findBatteries(t.db, {
      type: "car",
      make: "Hyundai",
      model: "Creta",
      year: 2022,
      fuel: "Diesel",
    });
    expect(result?.recommended.model).toBe("DRIVE-75L");
    expect(result?.alternatives).toEqual([]);
    await t.db.update(products).set({ active: true }).where(eq(products.model, "DRIVE-65R"));
  });
});
