import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listProducts } from "~/features/catalog/catalog.server";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { findBatteries, getFinderOptions } from "~/features/finder/finder.server";
import { getOrder, listCustomerOrders, listOrders } from "~/features/orders/order-read.server";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db";
import {
  type BenchSeedReport,
  DatabaseNotEmptyError,
  REGULAR_CUSTOMER,
  seedBenchData,
} from "./bench-seed";

let t: TestDatabase;
let report: BenchSeedReport;
const now = new Date("2026-11-27T06:30:00Z");

async function one<Row>(statement: ReturnType<typeof sql>): Promise<Row> {
  const result = (await t.db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows[0] as Row;
}

beforeAll(async () => {
  t = await createTestDatabase();
  // A thousandth of the store: every statement and rule of the full size, in a moment.
  report = await seedBenchData(t.db, { scale: 0.001, seed: 27, now });
});
afterAll(async () => {
  await t?.close();
});

describe("npm run bench:seed, at a thousandth of its size", () => {
  it("fills every table it promises, the newest orders waiting for payment", () => {
    expect(report.counts).toMatchObject({
      products: 10,
      vehicles: 100,
      customers: 101,
      orders: 100,
      pendingOrders: 10,
      outlets: 6,
      bookings: 100,
    });
    expect(report.counts.fitments).toBeGreaterThanOrEqual(100);
    expect(report.counts.orderLines).toBeGreaterThanOrEqual(100);
    expect(report.regular).toEqual({
      id: REGULAR_CUSTOMER.id,
      email: REGULAR_CUSTOMER.email,
      orders: 18,
    });
  });

  it("keeps the store's own figures: totals from lines, a timeline to each status, the day totals", async () => {
    const wrongTotals = await one<{ n: number }>(sql`
      select count(*)::int as n from orders o
      where o.total_paise <> (select sum(i.unit_price_paise * i.quantity) from order_items i
                              where i.order_id = o.id)`);
    expect(wrongTotals.n).toBe(0);
    const wrongTimelines = await one<{ n: number }>(sql`
      select count(*)::int as n from orders o
      where o.status <> (select e.to_status from order_events e where e.order_id = o.id
                         order by e.created_at desc, e.id desc limit 1)`);
    expect(wrongTimelines.n).toBe(0);
    // The trigger's day totals (ADR 036) agree with the orders they count.
    const days = await one<{ kept: number; counted: number }>(sql`
      select (select sum(d.orders) from order_days d)::int as kept,
             (select count(*) from orders o where o.status <> 'cancelled')::int as counted`);
    expect(days.kept).toBe(days.counted);
    // And the order list's counts by status (ADR 039).
    const statuses = await one<{ wrong: number }>(sql`
      select count(*)::int as wrong from (
        select o.status, count(*) as n from orders o group by o.status) as counted
      full join (
        select c.status, sum(c.orders) as n from order_status_counts c group by c.status
        having sum(c.orders) <> 0) as kept on kept.status = counted.status
      where kept.n is distinct from counted.n`);
    expect(statuses.wrong).toBe(0);
    // No booking slot holds more than its centre takes.
    const overbooked = await one<{ n: number }>(sql`
      select count(*)::int as n from (
        select b.outlet_id, b.date, b.time, count(*) as taken, max(o.booking_capacity) as capacity
        from service_bookings b join outlets o on o.id = b.outlet_id
        where b.status <> 'cancelled' group by b.outlet_id, b.date, b.time) as s
      where s.taken > s.capacity`);
    expect(overbooked.n).toBe(0);
  });

  it("is read by the store's own pages", async () => {
    const mine = await listCustomerOrders(t.db, REGULAR_CUSTOMER.id);
    expect(mine).toHaveLength(18);
    const order = await getOrder(t.db, mine[0]?.number ?? 0, {
      id: REGULAR_CUSTOMER.id,
      as: "customer",
    });
    expect(order.timeline.length).toBeGreaterThan(0);
    expect((await listProducts(t.db, { sort: "featured", page: 1 })).total).toBe(10);
    expect((await listOrders(t.db, { q: "", status: "payment_pending", page: 1 })).total).toBe(10);
    const finder = await getFinderOptions(t.db, { type: "car", find: false });
    expect(finder.options.makes.length).toBeGreaterThan(0);
    const dashboard = await getDashboard(t.db, { now, lowStockThreshold: 5 });
    expect(dashboard.waiting.paymentsToVerify).toBe(10);
    const vehicle = await one<{ make: string; model: string; year: number; fuel: string }>(
      sql`select v.make, v.model, v.year, v.fuel_type as fuel from vehicles v
          where v.vehicle_type = 'car' order by v.id limit 1`,
    );
    expect(await findBatteries(t.db, { type: "car", ...vehicle })).not.toBeNull();
  });

  it("refuses a database that already holds a store, saying which tables", async () => {
    const again = seedBenchData(t.db, { scale: 0.001, now });
    await expect(again).rejects.toBeInstanceOf(DatabaseNotEmptyError);
    await expect(again).rejects.toThrow(/already holds products, vehicles, user, orders/);
  });
});
