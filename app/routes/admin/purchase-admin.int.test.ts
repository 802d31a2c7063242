import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryAreas, exchangeRates } from "~/db/schema";
import { purchaseAdminMessages as a } from "~/features/purchase/purchase.messages";
import { createUser } from "../../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as delivery from "./delivery-areas";
import * as exchange from "./exchange-rates";

let t: TestDatabase;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  cookie = (await createUser(t, { role: "admin" })).cookie;
});
afterAll(async () => {
  await t?.close();
});

type Action = (args: never) => unknown;

async function post(path: string, action: Action, values: Record<string, string>) {
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(values),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  return outcome(async () => action((await routeArgs(t, request)) as never));
}

const fieldErrors = (r: unknown) =>
  (r as { data: { fieldErrors: Record<string, string>; values: Record<string, string> } }).data;

describe("exchange prices (admin)", () => {
  const add = (values: Record<string, string>) =>
    post("/admin/exchange?add=1", exchange.action as Action, { intent: "add", ...values });

  it("adds a band typed in rupees, stored in paise", async () => {
    const result = await add({
      category: "car",
      minCapacityAh: "30",
      maxCapacityAh: "45",
      credit: "1,250.50",
    });
    expect(statusOf(result)).toBe(302);
    const [row] = await t.db.select().from(exchangeRates);
    expect(row).toMatchObject({ category: "car", minCapacityAh: 30, creditPaise: 1_250_50 });
  });

  it("answers bad values with 400, errors by their fields, the values kept and nothing stored", async () => {
    const before = await t.db.select().from(exchangeRates);
    const result = await add({
      category: "car",
      minCapacityAh: "50",
      maxCapacityAh: "40",
      credit: "free",
    });
    expect(statusOf(result)).toBe(400);
    const data = fieldErrors(result);
    expect(data.fieldErrors).toMatchObject({ credit: a.creditFormat });
    expect(data.values.credit).toBe("free");
    const reversed = await add({
      category: "car",
      minCapacityAh: "50",
      maxCapacityAh: "40",
      credit: "900",
    });
    expect(statusOf(reversed)).toBe(400);
    expect(fieldErrors(reversed).fieldErrors).toEqual({ maxCapacityAh: a.maxBelowMin });

    const overlapping = await add({
      category: "car",
      minCapacityAh: "40",
      maxCapacityAh: "60",
      credit: "900",
    });
    expect(statusOf(overlapping)).toBe(409);
    expect(fieldErrors(overlapping).fieldErrors.minCapacityAh).toBe(a.overlaps("Car", 30, 45));
    expect(await t.db.select().from(exchangeRates)).toEqual(before);
  });
});

describe("delivery areas (admin)", () => {
  const send = (values: Record<string, string>) =>
    post("/admin/delivery", delivery.action as Action, values);

  it("adds, renames by prefix, and deletes an area", async () => {
    expect(
      statusOf(await send({ intent: "add", prefix: "380", city: "Ahmedabad", days: "2" })),
    ).toBe(302);
    expect(
      statusOf(
        await send({
          intent: "edit",
          current: "380",
          prefix: "3800",
          city: "Ahmedabad",
          days: "1",
        }),
      ),
    ).toBe(302);
    expect(
      await t.db
        .select({ prefix: deliveryAreas.prefix, days: deliveryAreas.days })
        .from(deliveryAreas),
    ).toEqual([{ prefix: "3800", days: 1 }]);
    expect(statusOf(await send({ intent: "delete", current: "3800" }))).toBe(302);
    expect(await t.db.select().from(deliveryAreas)).toEqual([]);
  });

  it("refuses a bad prefix or days with 400, and an unknown area with 404", async () => {
    const bad = await send({ intent: "add", prefix: "38", city: "", days: "45" });
    expect(statusOf(bad)).toBe(400);
    expect(fieldErrors(bad).fieldErrors).toMatchObject({
      prefix: a.prefixFormat,
      city: a.cityRequired,
      days: a.daysFormat,
    });
    expect(statusOf(await send({ intent: "delete", current: "999" }))).toBe(404);
    expect(await t.db.select().from(deliveryAreas)).toEqual([]);
  });
});
