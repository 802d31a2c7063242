import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, vehicleFitments, vehicles } from "~/db/schema";
import { action } from "~/routes/admin/catalog-vehicles";
import { createProduct, createUser, createVehicle } from "../../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { vehicleMessages } from "./finder.messages";
import { findBatteries } from "./finder.server";
import { deleteVehicle, getVehicle, listVehicles, saveVehicle } from "./vehicle-admin.server";
import { vehicleFormSchema } from "./vehicle-form.schema";

/** The acting admin the audit log names. */
const admin = { id: "admin" };
let t: TestDatabase;
/** The batteries of this file, by model. */
const ids: Record<string, number> = {};
const idOf = async (model: string) => ids[model]!;

beforeAll(async () => {
  t = await createTestDatabase();
  for (const [model, capacityAh] of [
    ["DRIVE-40L", 40],
    ["DRIVE-45L", 45],
    ["DRIVE-55L", 55],
    ["DRIVE-65R", 65],
    ["DRIVE-75L", 75],
    ["RIDE-5L", 5],
  ] as const) {
    const category = model.startsWith("RIDE") ? "bike" : "car";
    ids[model] = (await createProduct(t, { model, capacityAh, category })).id;
  }
  // Ten Cretas (five years, petrol and diesel), the diesel ones with an alternative; two bikes.
  for (const year of [2020, 2021, 2022, 2023, 2024]) {
    await createVehicle(t, [ids["DRIVE-55L"]!], { make: "Hyundai", model: "Creta", year });
    await createVehicle(t, [ids["DRIVE-65R"]!, ids["DRIVE-75L"]!], {
      make: "Hyundai",
      model: "Creta",
      year,
      fuelType: "Diesel",
    });
  }
  for (const model of ["Splendor", "Activa"]) {
    await createVehicle(t, [ids["RIDE-5L"]!], { vehicleType: "bike", make: "Hero", model });
  }
});
afterAll(async () => {
  await t?.close();
});

describe("vehicle administration", () => {
  it("lists, searches and filters vehicles with their recommended battery", async () => {
    const creta = await listVehicles(t.db, { q: "cret", page: 1 });
    expect(creta.total).toBe(10);
    expect(creta.rows.every((r) => r.model === "Creta")).toBe(true);
    expect(creta.rows.find((r) => r.fuelType === "Diesel")).toMatchObject({
      recommended: "DRIVE-65R",
      alternatives: 1,
    });
    const bikes = await listVehicles(t.db, { q: "", type: "bike", page: 1 });
    expect(bikes.rows.every((r) => r.vehicleType === "bike")).toBe(true);
  });

  it("adds a vehicle whose batteries the finder then recommends, in order", async () => {
    const input = vehicleFormSchema.parse({
      vehicleType: "car",
      make: "Maruti Suzuki",
      model: "Fronx",
      year: "2024",
      fuelType: "Petrol",
      recommendedProductId: String(await idOf("DRIVE-45L")),
      alternatives: [String(await idOf("DRIVE-55L")), String(await idOf("DRIVE-45L"))],
    });
    expect(input.alternatives).toHaveLength(1);
    const id = await saveVehicle(t.db, { ...input, id: null }, admin);
    const found = await findBatteries(t.db, {
      type: "car",
      make: "Maruti Suzuki",
      model: "Fronx",
      year: 2024,
      fuel: "Petrol",
    });
    expect(found?.recommended.model).toBe("DRIVE-45L");
    expect(found?.alternatives.map((p) => p.model)).toEqual(["DRIVE-55L"]);
    expect((await getVehicle(t.db, id))?.productIds).toHaveLength(2);
    expect(
      await t.db.select().from(auditLog).where(eq(auditLog.action, "vehicle.create")),
    ).toHaveLength(1);
  });

  it("refuses a duplicate vehicle and an unknown battery, changing nothing", async () => {
    await createVehicle(t, [await idOf("DRIVE-40L")], {
      make: "Maruti Suzuki",
      model: "Brezza",
      year: 2024,
    });
    const base = {
      vehicleType: "car",
      make: "Maruti Suzuki",
      model: "Brezza",
      year: "2024",
      fuelType: "Petrol",
      recommendedProductId: String(await idOf("DRIVE-40L")),
    };
    const before = await t.db.select().from(vehicleFitments);
    await expect(
      saveVehicle(t.db, { ...vehicleFormSchema.parse(base), id: null }, admin),
    ).rejects.toThrow("already listed");
    await expect(
      saveVehicle(
        t.db,
        {
          ...vehicleFormSchema.parse({ ...base, model: "Jimny", recommendedProductId: "999999" }),
          id: null,
        },
        admin,
      ),
    ).rejects.toThrow("Choose batteries from the catalogue");
    expect(await t.db.select().from(vehicleFitments)).toHaveLength(before.length);
    expect(await t.db.select().from(vehicles).where(eq(vehicles.model, "Jimny"))).toEqual([]);
  });

  it("edits the batteries and deletes the vehicle", async () => {
    const fronx = await createVehicle(t, [await idOf("DRIVE-45L")], {
      make: "Maruti Suzuki",
      model: "Fronx Turbo",
      year: 2024,
    });
    const edited = vehicleFormSchema.parse({
      vehicleType: "car",
      make: "Maruti Suzuki",
      model: "Fronx Turbo",
      year: "2024",
      fuelType: "Petrol",
      recommendedProductId: String(await idOf("DRIVE-55L")),
    });
    await saveVehicle(t.db, { ...edited, id: fronx.id }, admin);
    expect((await getVehicle(t.db, fronx.id))?.productIds).toEqual([await idOf("DRIVE-55L")]);
    await deleteVehicle(t.db, { id: fronx.id }, admin);
    expect(await getVehicle(t.db, fronx.id)).toBeNull();
    expect(
      await t.db.select().from(vehicleFitments).where(eq(vehicleFitments.vehicleId, fronx.id)),
    ).toEqual([]);
  });

  it("rejects a year outside 1980 to next year", () => {
    const year = new Date().getFullYear();
    for (const bad of ["1979", String(year + 2), "20x4"]) {
      expect(
        vehicleFormSchema.safeParse({
          vehicleType: "car",
          make: "A",
          model: "B",
          year: bad,
          fuelType: "Petrol",
          recommendedProductId: "1",
        }).success,
      ).toBe(false);
    }
  });

  it("saves a differently cased and spaced make and model as the ones already listed", async () => {
    await createVehicle(t, [await idOf("DRIVE-40L")], {
      make: "Maruti Suzuki",
      model: "Wagon R",
      year: 2022,
    });
    const raw = {
      vehicleType: "car",
      make: "  maruti   suzuki ",
      model: "wagon  r",
      year: "2023",
      fuelType: "Petrol",
      recommendedProductId: String(await idOf("DRIVE-40L")),
    };
    const input = vehicleFormSchema.parse(raw);
    expect(input).toMatchObject({ make: "maruti suzuki", model: "wagon r" });
    const id = await saveVehicle(t.db, { ...input, id: null }, admin);
    expect(await getVehicle(t.db, id)).toMatchObject({ make: "Maruti Suzuki", model: "Wagon R" });
    const makes = await t.db.selectDistinct({ make: vehicles.make }).from(vehicles);
    expect(makes.filter((r) => r.make.toLowerCase() === "maruti suzuki")).toEqual([
      { make: "Maruti Suzuki" },
    ]);
    // A new make keeps the admin's spelling, spaces tidied; the same vehicle again is a duplicate.
    const fresh = vehicleFormSchema.parse({ ...raw, make: " Mahindra  ", model: "XUV 3XO" });
    const freshId = await saveVehicle(t.db, { ...fresh, id: null }, admin);
    expect(await getVehicle(t.db, freshId)).toMatchObject({ make: "Mahindra", model: "XUV 3XO" });
    await expect(
      saveVehicle(
        t.db,
        { ...vehicleFormSchema.parse({ ...raw, make: "MARUTI SUZUKI" }), id: null },
        admin,
      ),
    ).rejects.toThrow("already listed");
  });

  it("refuses a battery of another kind next to its field (an inverter battery for a car)", async () => {
    const inverter = await createProduct(t, { category: "inverter" });
    const cookie = (await createUser(t, { role: "admin" })).cookie;
    const post = async (values: Record<string, string>, alternatives: string[] = []) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(values)) body.append(k, v);
      for (const a of alternatives) body.append("alternatives", a);
      const request = new Request("http://localhost:3000/admin/vehicle?add=1", {
        method: "POST",
        body,
        headers: { Cookie: cookie },
      });
      return outcome(async () => action(await routeArgs(t, request)));
    };
    const base = {
      intent: "add",
      vehicleType: "car",
      make: "Hyundai",
      model: "Alcazar",
      year: "2024",
      fuelType: "Diesel",
    };
    const fieldErrors = (r: unknown) =>
      (r as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors;

    const asRecommended = await post({ ...base, recommendedProductId: String(inverter.id) });
    expect(statusOf(asRecommended)).toBe(400);
    expect(fieldErrors(asRecommended).recommendedProductId).toBe(vehicleMessages.wrongKind.car);

    const asAlternative = await post(
      { ...base, recommendedProductId: String(await idOf("DRIVE-75L")) },
      [String(inverter.id)],
    );
    expect(fieldErrors(asAlternative).alternatives).toBe(vehicleMessages.wrongKind.car);

    const bikeWithCarBattery = await post({
      ...base,
      vehicleType: "bike",
      make: "Hero",
      model: "Xtreme",
      fuelType: "Petrol",
      recommendedProductId: String(await idOf("DRIVE-40L")),
    });
    expect(fieldErrors(bikeWithCarBattery).recommendedProductId).toBe(
      vehicleMessages.wrongKind.bike,
    );
    expect(
      await t.db
        .select()
        .from(vehicles)
        .where(inArray(vehicles.model, ["Alcazar", "Xtreme"])),
    ).toEqual([]);

    // A commercial vehicle is no longer offered by the form.
    expect(vehicleFormSchema.safeParse({ ...base, vehicleType: "commercial" }).success).toBe(false);
  });
});
