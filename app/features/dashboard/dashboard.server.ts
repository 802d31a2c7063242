import { and, asc, desc, eq, lte, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import {
  contactMessages,
  orderDays,
  orders,
  products,
  serviceBookings,
  user,
  warrantyClaims,
  warrantyRegistrations,
} from "~/db/schema";
import { addDays, indiaDayOf } from "~/lib/india-time";
import { qualified } from "~/lib/sql.server";

/** The days the chart and the tiles cover: today in India and the 29 days before. */
export const DASHBOARD_DAYS = 30;
/** The most low-stock products the dashboard lists (the count says how many there are). */
export const LOW_STOCK_LISTED = 12;

type CountName = "customersNow" | "customersBefore" | "activeProducts" | "activeProductsBefore";

/** A figure of the last 30 days and the same figure for the 30 days before them. */
export type Period = { current: number; previous: number };

/** One India calendar day of the chart: orders placed (not cancelled) and what paid ones brought. */
export type DayFigures = { day: string; orders: number; revenuePaise: number };

export type Dashboard = {
  /** India's today, and the first day of the 30 ("2026-11-01"). */
  today: string;
  from: string;
  orders: Period;
  revenuePaise: Period;
  /** New customer accounts. */
  customers: Period;
  /** Active products now, and those of them that were already in the catalogue 30 days ago. */
  activeProducts: Period;
  /** The 30 days, oldest first; a day with nothing is there with zeros. */
  days: DayFigures[];
  waiting: {
    paymentsToVerify: number;
    bookingsToday: number;
    openClaims: number;
    newMessages: number;
  };
  lowStock: {
    threshold: number;
    count: number;
    products: { id: number; model: string; name: string | null; stock: number }[];
  };
  recent: {
    number: number;
    customerName: string;
    status: (typeof orders.$inferSelect)["status"];
    totalPaise: number;
    createdAt: Date;
  }[];
};

/** The instant an India calendar day starts (UTC+05:30 all year). */
export function indiaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}

/** The 60 India days before `now`'s day's end: this period's 30 and the previous 30. */
function window(now: Date) {
  const today = indiaDayOf(now);
  const from = addDays(today, 1 - DASHBOARD_DAYS);
  const previousFrom = addDays(from, -DASHBOARD_DAYS);
  return {
    today,
    from,
    previousFrom,
    start: indiaDayStart(previousFrom).toISOString(),
    middle: indiaDayStart(from).toISOString(),
    end: indiaDayStart(addDays(today, 1)).toISOString(),
  };
}

/** The rows a raw statement gave, from either driver (both answer `{ rows }`). */
async function rowsOf<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Orders (not cancelled) and paid revenue for each India day of the 60 up to `now`'s day, oldest
 * first, days with nothing included (generate_series), read from order_days (kept by a trigger on
 * orders); and the orders waiting for their payment to be checked. One statement.
 */
async function readDays(db: Db, now: Date) {
  const w = window(now);
  const rows = await rowsOf<{ day: string; orders: number; revenue: string; pending: number }>(
    db,
    sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(${qualified(orderDays.orders)}), 0)::int as orders,
           coalesce(sum(${qualified(orderDays.revenuePaise)}), 0)::text as revenue,
           (select count(*) from ${orders} where ${qualified(orders.status)} = 'payment_pending')::int as pending
    from generate_series(${w.previousFrom}::date, ${w.today}::date, interval '1 day') as d(day)
    left join ${orderDays} on ${qualified(orderDays.day)} = d.day::date
    group by d.day
    order by d.day`,
  );
  const all = rows.map((row) => ({
    day: row.day,
    orders: Number(row.orders),
    revenuePaise: Number(row.revenue),
  }));
  return { ...w, all, pending: Number(rows[0]?.pending ?? 0) };
}

/** The chart's 30 days up to `now`'s India day (one statement): also the CSV download. */
export async function getDailyFigures(db: Db, now: Date): Promise<DayFigures[]> {
  const { all } = await readDays(db, now);
  return all.slice(DASHBOARD_DAYS);
}

const sum = (days: DayFigures[], key: "orders" | "revenuePaise") =>
  days.reduce((total, day) => total + day[key], 0);

/**
 * Everything `/admin` shows, in four statements (the days, the counts, low stock, the recent
 * orders). `now` decides India's today; `lowStockThreshold` is the store's setting.
 */
export async function getDashboard(
  db: Db,
  options: { now: Date; lowStockThreshold: number; recent?: number },
): Promise<Dashboard> {
  const { now, lowStockThreshold } = options;
  const w = window(now);
  const count = (from: PgTable, where: SQL) =>
    sql`(select count(*) from ${from} where ${where})::int`;
  const [days, counts, low, recent] = await Promise.all([
    readDays(db, now),
    rowsOf<Record<keyof Dashboard["waiting"] | CountName, number>>(
      db,
      sql`select ${sql.join(
        Object.entries({
          customersNow: count(
            user,
            sql`${qualified(user.role)} = 'user' and ${qualified(user.createdAt)} >= ${w.middle}::timestamptz and ${qualified(user.createdAt)} < ${w.end}::timestamptz`,
          ),
          customersBefore: count(
            user,
            sql`${qualified(user.role)} = 'user' and ${qualified(user.createdAt)} >= ${w.start}::timestamptz and ${qualified(user.createdAt)} < ${w.middle}::timestamptz`,
          ),
          activeProducts: count(products, sql`${qualified(products.active)}`),
          activeProductsBefore: count(
            products,
            sql`${qualified(products.active)} and ${qualified(products.createdAt)} < ${w.middle}::timestamptz`,
          ),
          bookingsToday: count(
            serviceBookings,
            sql`${qualified(serviceBookings.date)} = ${w.today} and ${qualified(serviceBookings.status)} <> 'cancelled'`,
          ),
          // As the warranty list's "Claim open" filter: a claim not closed, on a battery not
          // replaced (a registration has one open claim at a time).
          openClaims: count(
            warrantyClaims,
            sql`${qualified(warrantyClaims.status)} <> 'closed' and exists (select 1 from ${warrantyRegistrations} where ${qualified(warrantyRegistrations.id)} = ${qualified(warrantyClaims.registrationId)} and ${qualified(warrantyRegistrations.replacedAt)} is null)`,
          ),
          newMessages: count(contactMessages, sql`${qualified(contactMessages.handledAt)} is null`),
        }).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
        sql`, `,
      )}`,
    ),
    db
      .select({
        id: products.id,
        model: products.model,
        name: products.name,
        stock: products.stock,
        count: sql<number>`(count(*) over ())::int`,
      })
      .from(products)
      .where(and(eq(products.active, true), lte(products.stock, lowStockThreshold)))
      .orderBy(asc(products.stock), asc(products.model))
      .limit(LOW_STOCK_LISTED),
    db
      .select({
        number: orders.number,
        customerName: orders.customerName,
        status: orders.status,
        totalPaise: orders.totalPaise,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(options.recent ?? 8),
  ]);
  const c = counts[0];
  const before = days.all.slice(0, DASHBOARD_DAYS);
  const current = days.all.slice(DASHBOARD_DAYS);
  return {
    today: w.today,
    from: w.from,
    orders: { current: sum(current, "orders"), previous: sum(before, "orders") },
    revenuePaise: {
      current: sum(current, "revenuePaise"),
      previous: sum(before, "revenuePaise"),
    },
    customers: { current: c?.customersNow ?? 0, previous: c?.customersBefore ?? 0 },
    activeProducts: { current: c?.activeProducts ?? 0, previous: c?.activeProductsBefore ?? 0 },
    days: current,
    waiting: {
      paymentsToVerify: days.pending,
      bookingsToday: c?.bookingsToday ?? 0,
      openClaims: c?.openClaims ?? 0,
      newMessages: c?.newMessages ?? 0,
    },
    lowStock: {
      threshold: lowStockThreshold,
      count: low[0]?.count ?? 0,
      products: low.map(({ count: _, ...product }) => product),
    },
    recent,
  };
}
