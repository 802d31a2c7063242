// Times the back office dashboard (/admin's figures: four statements) on a fresh database holding
// 100,000 orders spread over the last 60 days (BENCH_ORDERS to change), 2,000 customers and 200
// products, to check the page stays fast as the store grows. Prints the median and the 95th
// percentile of 200 loads; writes nothing outside memory.
//   npm run bench:dashboard            (PGlite)
//   DATABASE_URL=postgres://… npm run bench:dashboard -- --force   (an empty PostgreSQL database)
import { sql } from "drizzle-orm";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { medianAndP95, openBenchDatabase } from "./bench-db";

const total = Number(process.env.BENCH_ORDERS ?? 100_000);
const customers = 2_000;
const rounds = 200;
const { database, kind } = await openBenchDatabase("bench-dashboard");
const { db } = database;
await db.execute(sql`
  insert into "user" (id, name, email, email_verified, created_at, updated_at)
  select 'bench-' || n, 'Customer ' || n, 'bench-' || n || '@example.in', true,
         now() - (n % 60 || ' days')::interval, now()
  from generate_series(1, ${customers}) as n`);
await db.execute(sql`
  insert into products (slug, model, category, brand, capacity_ah, voltage_v, warranty_months,
                        price_paise, mrp_paise, stock)
  select 'bench-' || n, 'BENCH-' || n, 'car', 'UrjaCell', 40, 12, 24, 450000, 500000, n % 50
  from generate_series(1, 200) as n`);
// Statuses in a mix; a tenth paid on installation (never payment_pending or paid).
await db.execute(sql`
  insert into orders (user_id, customer_name, phone, address, city, pincode, subtotal_paise,
                      total_paise, reference, status, payment_method, created_at)
  select 'bench-' || (1 + n % ${customers}), 'Customer', '9876543210', '1 MG Road', 'Ahmedabad',
         '380015', 900000, 900000, 'BENCH' || n,
         (array['payment_pending','paid','shipped','delivered','delivered','cancelled'])[1 + n % 6],
         'upi', now() - ((n::float / ${total}) * interval '60 days')
  from generate_series(1, ${total}) as n`);
await db.execute(sql`
  update orders set payment_method = 'on_installation',
         status = case when status in ('payment_pending', 'paid') then 'placed' else status end
  where id % 10 = 0`);
// An order not paid within the payment window lapses (cancelled): only the last two days' wait.
await db.execute(sql`
  update orders set status = 'cancelled'
  where status = 'payment_pending' and created_at < now() - interval '2 days'`);
await db.execute(sql`analyze`);

const ms: number[] = [];
for (let i = 0; i < rounds; i++) {
  const start = performance.now();
  const dashboard = await getDashboard(db, { now: new Date(), lowStockThreshold: 5 });
  ms.push(performance.now() - start);
  if (dashboard.orders.current === 0) throw new Error("bench data missing");
}
process.stdout.write(
  `${total.toLocaleString("en-IN")} orders over 60 days on ${kind}, ${rounds} rounds\n` +
    `the dashboard (4 statements): ${medianAndP95(ms)}\n`,
);
await database.close();
