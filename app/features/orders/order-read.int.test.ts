import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createUser } from "../../../tests/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { getOrder, listCustomerOrders } from "./order-read.server";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

describe("a customer's order list (/account/orders)", () => {
  it("counts each order's own batteries, as its page shows them", async () => {
    const asha = await createUser(t);
    const ravi = await createUser(t);
    // Line ids run past order ids, as they do in a real store: the count must follow order_id.
    const ashaFirst = await createOrder(t, {
      userId: asha.id,
      lines: [{ quantity: 1 }, { quantity: 3 }],
    });
    const raviOnly = await createOrder(t, { userId: ravi.id, lines: [{ quantity: 2 }] });
    const ashaSecond = await createOrder(t, { userId: asha.id, lines: [{ quantity: 1 }] });

    const ashaList = await listCustomerOrders(t.db, asha.id);
    expect(ashaList.map((o) => [o.number, o.items])).toEqual([
      [ashaSecond.number, 1],
      [ashaFirst.number, 4],
    ]);
    expect(
      (await listCustomerOrders(t.db, ravi.id)).map((o) => [o.number, o.items, o.totalPaise]),
    ).toEqual([[raviOnly.number, 2, 900_000]]);

    for (const listed of ashaList) {
      const page = await getOrder(t.db, listed.number, { id: asha.id, as: "customer" });
      expect(listed.items).toBe(page.lines.reduce((sum, line) => sum + line.quantity, 0));
      expect(listed.totalPaise).toBe(page.totalPaise);
    }
  });

  it("lists an order without lines with no batteries, and no one else's orders", async () => {
    const alone = await createUser(t);
    const order = await createOrder(t, {
      userId: alone.id,
      lines: [],
      subtotalPaise: 100_000,
      totalPaise: 100_000,
    });
    expect(await listCustomerOrders(t.db, alone.id)).toEqual([
      expect.objectContaining({ number: order.number, items: 0, totalPaise: 100_000 }),
    ]);
  });
});
