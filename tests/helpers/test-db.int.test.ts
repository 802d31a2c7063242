import { type SQL, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { orderItems, orders, referenceTables } from "~/db/schema";
import { getSettings, updateSettings } from "~/features/settings/settings.server";
import { createOrder, createProduct, createUser } from "../factories";
import { createTestDatabase, type TestDatabase } from "./test-db";

/** The rows a raw query returns (PGlite's and node-postgres's results both carry `rows`). */
async function rows<T>(t: TestDatabase, query: SQL): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table of the public schema with its number of rows. */
async function rowCounts(t: TestDatabase): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(
    t,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

const opened: TestDatabase[] = [];
async function open(): Promise<TestDatabase> {
  const t = await createTestDatabase();
  opened.push(t);
  return t;
}
afterAll(async () => {
  for (const t of opened) await t.close();
});

describe("each test file's database (ADR 024)", () => {
  it("starts empty and as migrated, whatever the file before it left behind, the reference data kept", async () => {
    const before = await open();
    const user = await createUser(before);
    const product = await createProduct(before);
    const order = await createOrder(before, { userId: user.id, totalPaise: 500_000 });
    await updateSettings(before.db, { shippingFeePaise: 4_900 });
    expect((await getSettings(before.db)).shippingFeePaise).toBe(4_900);
    // The file is done with it: its close leaves the worker's database open for the next file.
    await before.close();

    const next = await open();
    const counts = await rowCounts(next);
    expect(Object.keys(counts).length).toBeGreaterThan(20);
    const kept = new Set<string>(referenceTables);
    expect(Object.entries(counts).filter(([name, n]) => n !== 0 && !kept.has(name))).toEqual([]);
    // The pincode directory the migrations load (ADR 030) is still all there.
    expect(counts.pincodes).toBeGreaterThan(18_000);

    // Sequences start again: the next file's first rows have the first ids and order number.
    const again = await createProduct(next);
    expect(again.id).toBe(product.id);
    const first = await createOrder(next, { totalPaise: 100_000 });
    expect(first.number).toBe(order.number);
    expect(first.number).toBe(10001);

    // Caches kept per database handle start empty too: the settings are the defaults again.
    expect((await getSettings(next.db)).shippingFeePaise).toBe(0);
    expect(next.sentMail).not.toBe(before.sentMail);
  });

  it("can be a file's own, which its close really closes", async () => {
    const own = await createTestDatabase({ own: true });
    await createProduct(own);
    await own.close();
    await expect(own.db.execute(sql`select 1`)).rejects.toThrow();

    // The worker's database is untouched by it.
    const shared = await open();
    expect(await rows(shared, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it("refuses a statement with a bare column inside a subquery, and fails the file's close", async () => {
    // Not kept in `opened`: its close is meant to fail.
    const probe = await createTestDatabase();
    await createOrder(probe, { lines: [{ quantity: 2 }] });
    // The order list as it was written before issue 30: Drizzle writes the outer "id" bare.
    const counted = probe.db
      .select({
        number: orders.number,
        items: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      })
      .from(orders);
    await expect(counted).rejects.toThrow(
      /bare columns "quantity", "order_id", "id" inside a subquery/,
    );
    await expect(probe.close()).rejects.toThrow(/broke ADR 025/);
  });
});
