import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, paymentCredits, user } from "~/db/schema";
import { createOrder, createUser } from "../../../tests/factories";
import { checkViolation } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";

let t: TestDatabase;
let adminId: string;
beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await createUser(t, { role: "admin" })).id;
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
async function newOrder(): Promise<number> {
  return (await createOrder(t, { totalPaise: 245_000 })).id;
}

function credit(orderId: number, overrides: Partial<typeof paymentCredits.$inferInsert> = {}) {
  serial += 1;
  return {
    bankReference: `4345${String(serial).padStart(8, "0")}`,
    orderId,
    amountPaise: 245_000,
    creditedOn: "2026-11-22",
    narration: "UPI/434512345678/Payment",
    matchedBy: "utr" as const,
    actorId: adminId,
    ...overrides,
  };
}

describe("the payment_credits table", () => {
  it("stores a credit with its day as a date", async () => {
    const orderId = await newOrder();
    const [stored] = await t.db.insert(paymentCredits).values(credit(orderId)).returning();
    expect(stored).toMatchObject({ orderId, creditedOn: "2026-11-22", matchedBy: "utr" });
  });

  it("never lets one bank credit be used twice, nor one order get two credits", async () => {
    const [first, second] = [await newOrder(), await newOrder()];
    await t.db.insert(paymentCredits).values(credit(first, { bankReference: "434599998888" }));
    await expect(
      t.db.insert(paymentCredits).values(credit(second, { bankReference: "434599998888" })),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
    await expect(t.db.insert(paymentCredits).values(credit(first))).rejects.toMatchObject({
      cause: { code: "23505" },
    });
  });

  it("refuses a zero amount, an unknown method, a malformed reference, a long narration", async () => {
    const orderId = await newOrder();
    await expect(
      t.db.insert(paymentCredits).values(credit(orderId, { amountPaise: 0 })),
    ).rejects.toMatchObject(checkViolation("payment_credits_amount_check"));
    await expect(
      t.db.execute(
        sql`insert into payment_credits (bank_reference, order_id, amount_paise, credited_on, matched_by) values ('434500000077', ${orderId}, 100, '2026-11-22', 'guess')`,
      ),
    ).rejects.toMatchObject(checkViolation("payment_credits_matched_by_check"));
    await expect(
      t.db.insert(paymentCredits).values(credit(orderId, { bankReference: "utr 4345" })),
    ).rejects.toMatchObject(checkViolation("payment_credits_reference_check"));
    await expect(
      t.db.insert(paymentCredits).values(credit(orderId, { narration: "x".repeat(501) })),
    ).rejects.toMatchObject(checkViolation("payment_credits_narration_check"));
  });

  it("keeps the credit when its admin's account goes, and keeps the paid order", async () => {
    const orderId = await newOrder();
    const admin = await createUser(t, { role: "admin" });
    await t.db.insert(paymentCredits).values(credit(orderId, { actorId: admin.id }));
    await t.db.delete(user).where(eq(user.id, admin.id));
    const [kept] = await t.db
      .select()
      .from(paymentCredits)
      .where(eq(paymentCredits.orderId, orderId));
    expect(kept?.actorId).toBeNull();
    // ON DELETE RESTRICT: restrict_violation (23001) or, on older servers, 23503.
    await expect(t.db.delete(orders).where(eq(orders.id, orderId))).rejects.toMatchObject({
      cause: { code: expect.stringMatching(/^(23001|23503)$/) },
    });
  });
});
