import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, promoCodes } from "~/db/schema";
import { createUser } from "../../../tests/factories";
import { checkViolation } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";

let t: TestDatabase;
let userId: string;
beforeAll(async () => {
  t = await createTestDatabase();
  userId = (await createUser(t)).id;
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
/** An order's row as placing one would write it; override what the test is about. */
function orderRow(overrides: Partial<typeof orders.$inferInsert> = {}) {
  serial += 1;
  return {
    userId,
    customerName: "Asha Kumari",
    phone: "9876543210",
    address: "12 MG Road",
    city: "Ahmedabad",
    pincode: "380015",
    subtotalPaise: 429_900,
    shippingPaise: 0,
    gstIncludedPaise: 65_578,
    totalPaise: 429_900,
    reference: `TEST-${serial}`,
    ...overrides,
  };
}

describe("the orders tables", () => {
  it("number orders from 10001 up, each once", async () => {
    const placed = await t.db
      .insert(orders)
      .values([orderRow(), orderRow()])
      .returning({ number: orders.number });
    const numbers = placed.map((row) => row.number);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(10001);
    expect(new Set(numbers).size).toBe(2);
  });

  it("refuse totals that do not add up, an unknown status, a bad pincode or phone", async () => {
    await expect(t.db.insert(orders).values(orderRow({ totalPaise: 1 }))).rejects.toMatchObject(
      checkViolation("orders_amounts_check"),
    );
    await expect(
      t.db.insert(orders).values(orderRow({ discountPaise: 500_000, totalPaise: -70_100 })),
    ).rejects.toMatchObject(checkViolation("orders_amounts_check"));
    const [placed] = await t.db.insert(orders).values(orderRow()).returning();
    await expect(
      t.db.execute(sql`update orders set status = 'lost' where id = ${placed?.id}`),
    ).rejects.toMatchObject(checkViolation("orders_status_check"));
    await expect(t.db.insert(orders).values(orderRow({ pincode: "012345" }))).rejects.toMatchObject(
      checkViolation("orders_pincode_check"),
    );
    await expect(t.db.insert(orders).values(orderRow({ phone: "12345" }))).rejects.toMatchObject(
      checkViolation("orders_phone_check"),
    );
  });

  it("keep one order per checkout reference", async () => {
    await t.db.insert(orders).values(orderRow({ reference: "ONCE-1" }));
    await expect(t.db.insert(orders).values(orderRow({ reference: "ONCE-1" }))).rejects.toThrow();
  });

  it("never let a promo code be used more often than its limit", async () => {
    const [promo] = await t.db
      .insert(promoCodes)
      .values({ code: "ONCE", kind: "fixed", amount: 10_000, usageLimit: 1 })
      .returning();
    if (!promo) throw new Error("not stored");
    const use = () =>
      t.db
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1` })
        .where(eq(promoCodes.id, promo.id));
    await use();
    await expect(use()).rejects.toMatchObject(checkViolation("promo_codes_uses_check"));
    await expect(
      t.db.insert(promoCodes).values({ code: "HALF", kind: "percent", amount: 150 }),
    ).rejects.toMatchObject(checkViolation("promo_codes_amount_check"));
    await expect(
      t.db.insert(promoCodes).values({ code: "no spaces", kind: "fixed", amount: 1 }),
    ).rejects.toMatchObject(checkViolation("promo_codes_code_check"));
  });
});
