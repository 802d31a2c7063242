import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promoCodes } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { checkPromoCode } from "./promo.server";

let t: TestDatabase;
const now = new Date("2026-11-22T10:00:00+05:30");
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(promoCodes).values([
    { code: "DIWALI10", kind: "percent", amount: 10, minSubtotalPaise: 200_000 },
    { code: "FLAT500", kind: "fixed", amount: 50_000 },
    { code: "SOON", kind: "fixed", amount: 100, startsAt: new Date(now.getTime() + day) },
    { code: "GONE", kind: "fixed", amount: 100, endsAt: new Date("2026-11-20T00:00:00+05:30") },
    { code: "USEDUP", kind: "fixed", amount: 100, usageLimit: 2, uses: 2 },
    { code: "OFF", kind: "fixed", amount: 100, active: false },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const check = (code: string, subtotal = 500_000) => checkPromoCode(t.db, code, subtotal, now);

describe("a promo code typed in the cart", () => {
  it("gives its offer when it may be used, however it is typed", async () => {
    expect(await check(" diwali10 ")).toMatchObject({
      ok: true,
      code: "DIWALI10",
      offer: { kind: "percent", amount: 10, minSubtotalPaise: 200_000 },
    });
    expect(await check("Flat500", 1)).toMatchObject({ ok: true, offer: { kind: "fixed" } });
  });

  it("says why it cannot be used: unknown, inactive, not yet, expired, used up, below its minimum", async () => {
    const messages = await Promise.all(
      ["NOPE", "OFF", "x y!", "SOON", "GONE", "USEDUP"].map(async (code) => {
        const result = await check(code);
        return result.ok ? "ok" : result.message;
      }),
    );
    expect(messages).toEqual([
      "That promo code is not valid.",
      "That promo code is not valid.",
      "That promo code is not valid.",
      "This promo code can be used from 23 Nov 2026.",
      "This promo code expired on 20 Nov 2026.",
      "This promo code has been used up.",
    ]);
    expect(await check("DIWALI10", 199_999)).toEqual({
      ok: false,
      message: "This promo code needs a subtotal of ₹2,000 or more.",
    });
  });
});
