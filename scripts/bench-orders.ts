// Times the order queries on a fresh in-memory database holding 100,000 orders of 2,000
// customers, two lines each (BENCH_ORDERS to change), to check that a customer's order list
// stays fast as the store grows. Prints the median and the 95th percentile; writes nothing
// outside memory.
//   npm run bench:orders            (PGlite)
//   DATABASE_URL=postgres://… npm run bench:orders -- --force   (an empty PostgreSQL database)
import { sql } from "drizzle-orm";
import { listCustomerOrders } from "~/features/orders/order-read.server";
import { medianAndP95, openBenchDatabase } from "./bench-db";

const total = Number(process.env.BENCH_ORDERS ?? 100_000);
const customers = 2_000;
const rounds = 200;
const { database, kind } = await openBenchDatabase("bench-orders");
const { db } = database;
await db.execute(sql`
  insert into "user" (id, name, email, email_verified, created_at, updated_at)
  select 'bench-' || n, 'Customer ' || n, 'bench-' || n || '@example.in', true, now(), now()
  from generate_series(1, ${customers}) as n`);
await db.execute(sql`
  insert into orders (user_id, customer_name, phone, address, city, pincode, subtotal_paise,
                      total_paise, reference, created_at)
  select 'bench-' || (1 + n % ${customers}), 'Customer', '9876543210', '1 MG Road', 'Ahmedabad',
         '380015', 900000, 900000, 'BENCH' || n, now() - (n || ' minutes')::interval
  from generate_series(1, ${total}) as n`);
await db.execute(sql`
  insert into order_items (order_id, model, name, unit_price_paise, quantity)
  select o.id, 'BENCH-40', 'Bench battery', 450000, 1 + (o.id + k) % 3
  from orders o, generate_series(1, 2) as k`);
await db.execute(sql`analyze`);

const ms: number[] = [];
for (let i = 0; i < rounds; i++) {
  const customer = `bench-${1 + ((i * 37) % customers)}`;
  const start = performance.now();
  const rows = await listCustomerOrders(db, customer);
  ms.push(performance.now() - start);
  if (rows.length === 0) throw new Error("bench data missing");
}
process.stdout.write(
  `${total.toLocaleString("en-IN")} orders of ${customers.toLocaleString("en-IN")} customers on ${kind}, ${rounds} rounds\n` +
    `a customer's order list (${Math.round(total / customers)} orders): ${medianAndP95(ms)}\n`,
);
await database.close();
