import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HealthCheck } from "~/features/tools/health-check";
import { findInverterBatteries } from "~/features/tools/inverter-sizing.server";
import { createProduct } from "../../../tests/factories";
import { callRoute, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as health from "./battery-health";
import * as sizing from "./inverter-sizing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const load = (handler: (args: never) => unknown, path: string) =>
  callRoute(t, handler, path, { cookie: "" });

/** A loader's body, returned plainly (200) or in `data()` (400). */
function bodyOf<T>(answer: unknown): T {
  return (answer && typeof answer === "object" && "data" in answer ? answer.data : answer) as T;
}

type HealthBody = { check: HealthCheck | null };

describe("/battery-health", () => {
  it("an empty form without a query", async () => {
    const answer = await load(health.loader, "/battery-health");
    expect(statusOf(answer)).toBe(200);
    expect(bodyOf<HealthBody>(answer)).toEqual({ check: null, i18n: expect.any(Object) });
  });

  it("a reading with a comma and a cold battery: the verdict, the charge and the correction", async () => {
    const answer = await load(health.loader, "/battery-health?voltage=12%2C4&temperature=15");
    expect(statusOf(answer)).toBe(200);
    const { check } = bodyOf<HealthBody>(answer);
    expect(check?.ok).toBe(true);
    if (!check?.ok) return;
    expect(check.result).toMatchObject({
      volts: 12.4,
      message: "Battery is weak, consider recharging.",
      celsius: 15,
    });
    expect(check.result.correctedVolts).toBeCloseTo(12.616, 9);
    expect(check.result.stateOfCharge).toBe(96);
  });

  it.each([
    ["voltage=abc", { voltage: "Please enter a valid voltage." }],
    ["voltage=", { voltage: "Please enter a valid voltage." }],
    ["voltage=20.1&temperature=-1", { voltage: "Please enter a valid voltage." }],
    [
      "voltage=12.5&temperature=hot",
      { temperature: "Enter a temperature from -20 to 60 °C, or leave it empty." },
    ],
  ])(
    "?%s answers 400 with the error by its field and the typed values kept",
    async (query, errors) => {
      const answer = await load(health.loader, `/battery-health?${query}`);
      expect(statusOf(answer)).toBe(400);
      const { check } = bodyOf<HealthBody>(answer);
      const params = new URLSearchParams(query);
      expect(check).toEqual({
        ok: false,
        errors,
        input: { voltage: params.get("voltage"), temperature: params.get("temperature") ?? "" },
      });
    },
  );
});

type SizingBody =
  Awaited<ReturnType<typeof sizing.loader>> extends infer A
    ? A extends { data: infer D }
      ? D
      : A
    : never;

describe("/inverter-sizing", () => {
  // 300 W for 4 hours at 12 V: 148 Ah; at 24 V: 74 Ah per battery.
  const need = "appliance1=ceiling-fan&count1=2&appliance2=tv&appliance3=led-bulb&count3=5&hours=4";
  let cheapFit: number;
  let dearFit: number;
  let justFits: number;
  let onlyOneLeft: number;

  beforeAll(async () => {
    const inverter = { category: "inverter" as const, voltageV: 12, stock: 5 };
    cheapFit = (await createProduct(t, { ...inverter, capacityAh: 150, pricePaise: 1_400_000 })).id;
    dearFit = (await createProduct(t, { ...inverter, capacityAh: 200, pricePaise: 1_900_000 })).id;
    justFits = (await createProduct(t, { ...inverter, capacityAh: 148, pricePaise: 1_600_000 })).id;
    onlyOneLeft = (
      await createProduct(t, { ...inverter, capacityAh: 180, pricePaise: 1_000_000, stock: 1 })
    ).id;
    // Never listed: too small, out of stock, withdrawn, another category, not a 12 V battery.
    await createProduct(t, { ...inverter, capacityAh: 147, pricePaise: 100_000 });
    await createProduct(t, { ...inverter, capacityAh: 220, pricePaise: 200_000, stock: 0 });
    await createProduct(t, { ...inverter, capacityAh: 220, pricePaise: 300_000, active: false });
    await createProduct(t, { category: "industrial", capacityAh: 200, pricePaise: 400_000 });
    await createProduct(t, { ...inverter, voltageV: 24, capacityAh: 200, pricePaise: 500_000 });
  });

  it("lists the in-stock active 12 V inverter batteries that hold the Ah, cheapest first", async () => {
    const answer = await load(sizing.loader, `/inverter-sizing?${need}`);
    expect(statusOf(answer)).toBe(200);
    const { check, offer } = bodyOf<SizingBody>(answer);
    expect(check?.ok && check.sizing.batteryAh).toBe(148);
    expect(offer?.batteries.map((b) => b.id)).toEqual([onlyOneLeft, cheapFit, justFits, dearFit]);
    expect(offer?.batteries.map((b) => [b.count, b.totalPaise])).toEqual([
      [1, 1_000_000],
      [1, 1_400_000],
      [1, 1_600_000],
      [1, 1_900_000],
    ]);
    expect(offer?.largestAh).toBe(200);
  });

  it("a 24 V system: pairs of 12 V batteries, each holding the Ah, two in stock, priced ×2", async () => {
    const answer = await load(sizing.loader, `/inverter-sizing?${need}&volts=24`);
    const { check, offer } = bodyOf<SizingBody>(answer);
    expect(check?.ok && check.sizing).toMatchObject({ batteryAh: 74, batteryCount: 2 });
    // The 147 Ah battery holds 74 Ah now; the one with a single battery left cannot make a pair.
    expect(offer?.batteries.map((b) => b.id)).not.toContain(onlyOneLeft);
    expect(offer?.batteries[0]).toMatchObject({ capacityAh: 147, count: 2, totalPaise: 200_000 });
    expect(offer?.batteries.map((b) => b.pricePaise)).toEqual(
      [...(offer?.batteries.map((b) => b.pricePaise) ?? [])].sort((a, b) => a - b),
    );
  });

  it("lists six at most", async () => {
    for (const pricePaise of [50_000, 60_000]) {
      await createProduct(t, { category: "inverter", capacityAh: 10, pricePaise });
    }
    // Seven batteries hold 1 Ah: the six cheapest.
    const found = await findInverterBatteries(t.db, { batteryAh: 1, batteryCount: 1 });
    expect(found.batteries.map((b) => b.pricePaise)).toEqual([
      50_000, 60_000, 100_000, 1_000_000, 1_400_000, 1_600_000,
    ]);
  });

  it("a need beyond every battery: nothing listed, and the largest on offer to say so", async () => {
    const answer = await load(
      sizing.loader,
      "/inverter-sizing?appliance1=mixer&count1=10&hours=24",
    );
    const { check, offer } = bodyOf<SizingBody>(answer);
    expect(check?.ok && check.sizing.batteryAh).toBe(14706);
    expect(offer).toEqual({ batteries: [], largestAh: 200 });
  });

  it("a form with mistakes answers 400, each error by its field, what was typed kept", async () => {
    const answer = await load(
      sizing.loader,
      "/inverter-sizing?appliance1=other&name1=&watts1=abc&count1=0&appliance2=tv&hours=30&pf=2",
    );
    expect(statusOf(answer)).toBe(400);
    const { check, offer } = bodyOf<SizingBody>(answer);
    expect(offer).toBeNull();
    expect(check?.ok).toBe(false);
    if (check?.ok !== false) return;
    expect(Object.keys(check.errors).sort()).toEqual(["count1", "hours", "name1", "pf", "watts1"]);
    expect(check.input.rows[0]).toEqual({ appliance: "other", name: "", watts: "abc", count: "0" });
    expect(check.input).toMatchObject({ hours: "30", pf: "2", dod: "80" });
  });

  it("no appliance at all is refused next to the first row", async () => {
    const answer = await load(sizing.loader, "/inverter-sizing?hours=3");
    expect(statusOf(answer)).toBe(400);
    const { check } = bodyOf<SizingBody>(answer);
    expect(check?.ok === false && check.errors).toEqual({
      appliance1: "Choose at least one appliance, or type one's name and watts.",
    });
  });
});
