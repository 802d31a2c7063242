/**
 * On PostgreSQL only (the postgres project): a transaction is one connection, which runs one
 * statement at a time. Placing an order composes its mail inside the order's transaction
 * (ADR 026), reading the order back; its lines, events and refunds were once asked for at once
 * there, which node-postgres queues with a deprecation warning and pg 9 will refuse.
 */
import pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { addToCart } from "~/features/cart/cart.server";
import { createDeliveryArea, createProduct, createUser } from "../../../tests/factories";
import { orderOptions } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { newCheckoutReference, placeOrder } from "./orders.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await createDeliveryArea(t, { prefix: "380" });
});
afterAll(async () => {
  await t?.close();
});

type Connection = pg.Client & { _activeQuery: unknown; _queryQueue: unknown[] };

it("places an order, mail and all, without asking one connection two things at once", async () => {
  const shopper = await createUser(t);
  const product = await createProduct(t, { stock: 5 });
  await addToCart(t.db, { userId: shopper.id }, product.id, 1);
  const overlapping: string[] = [];
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (
    this: Connection,
    ...args: Parameters<typeof query>
  ) {
    if (this._activeQuery || this._queryQueue.length > 0) {
      const [statement] = args as unknown[];
      overlapping.push(String((statement as { text?: string })?.text ?? statement).slice(0, 60));
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query);
  try {
    const placed = await placeOrder(
      t.db,
      {
        reference: newCheckoutReference(),
        delivery: {
          name: "Asha Kumari",
          phone: "9876543210",
          house: "12",
          address: "MG Road",
          city: "Ahmedabad",
          pincode: "380009",
        },
      },
      shopper,
      orderOptions,
    );
    expect(placed.created).toBe(true);
  } finally {
    spy.mockRestore();
  }
  expect(overlapping).toEqual([]);
});
