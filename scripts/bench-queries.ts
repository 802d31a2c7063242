/**
 * `npm run bench:queries`: times the store's own feature functions (the ones the pages' loaders
 * call, not copies of their SQL) on a PostgreSQL database filled by `npm run bench:seed`
 * (issue 27): the catalogue with each filter and sort, page 1 and 400; each finder step; the
 * back office's order list (by number, by name, by status, page 500); an order page (admin and
 * customer); the dashboard; the outlets nearest a point; the account's order list of the
 * customer with 200 orders; a 1,000-line bank statement previewed against 10,000 pending orders.
 * Each is run 5 times to warm up, then 50 times one after another; its p95 must be at most
 * 20 ms (exit 1 otherwise). The table and each case's main statement's plan (EXPLAIN ANALYZE,
 * BUFFERS: the statement that took longest, captured by Drizzle's logger) are written to
 * docs/performance.md between the `bench-queries` markers. Reads only.
 *   DATABASE_URL=postgres://… npm run bench:queries
 */
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { postgresDatabase } from "~/db/client.server";
import type { CatalogQuery } from "~/features/catalog/catalog.schema";
import { getFilterOptions, listProducts } from "~/features/catalog/catalog.server";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import type { FinderQuery } from "~/features/finder/finder.schema";
import { findBatteries, getFinderOptions } from "~/features/finder/finder.server";
import { taxDocumentsOfOrders } from "~/features/gst/invoices.server";
import { getOrder, listCustomerOrders, listOrders } from "~/features/orders/order-read.server";
import { previewStatement } from "~/features/orders/statement-match.server";
import type { OutletSearchQuery } from "~/features/outlets/outlet-search.schema";
import { searchOutlets } from "~/features/outlets/outlet-search.server";
import { getSettings } from "~/features/settings/settings.server";
import { listOrderBatteries } from "~/features/warranty/warranty.server";
import { percentileOf, timeRuns } from "./bench-db";
import { REGULAR_CUSTOMER } from "./lib/bench-seed";

const BUDGET_MS = 20;
const WARM_UP = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

const url = process.env.DATABASE_URL;
if (!url) {
  process.stderr.write(
    "bench:queries times PostgreSQL: set DATABASE_URL to a database filled by `npm run bench:seed`.\n",
  );
  process.exit(1);
}

const pool = new pg.Pool({ connectionString: url, max: 10 });
/** The statements the running case sends, while `capturing`. */
let captured: { query: string; params: unknown[] }[] = [];
let capturing = false;
const { db } = postgresDatabase(pool, {
  logger: {
    logQuery(query, params) {
      if (capturing) captured.push({ query, params });
    },
  },
});

async function rows<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

const [filled] = await rows<{ orders: number; pending: number }>(
  sql`select (select count(*) from orders)::int as orders,
             (select count(*) from orders where status = 'payment_pending')::int as pending`,
);
if (!filled || filled.orders < 1000) {
  process.stderr.write("This database has no bench data: run `npm run bench:seed` on it first.\n");
  process.exit(1);
}

// The cases' inputs, read from the data (not timed).
const [regularOrder] = await rows<{ number: number }>(
  sql`select number from orders where user_id = ${REGULAR_CUSTOMER.id} order by created_at desc limit 1`,
);
const [middleOrder] = await rows<{ number: number; name: string }>(
  sql`select number, customer_name as name from orders order by id offset ${Math.floor(filled.orders / 2)} limit 1`,
);
const [vehicle] = await rows<{ make: string; model: string; year: number; fuel: string }>(
  sql`select make, model, year, fuel_type as fuel from vehicles where vehicle_type = 'car'
      order by id offset 5000 limit 1`,
);
if (!regularOrder || !middleOrder || !vehicle) throw new Error("bench data missing");
const statement = await statementOfPending(1000);
const settings = await getSettings(db);

const catalogue = (query: Partial<CatalogQuery>) => () =>
  listProducts(db, { sort: "featured", page: 1, ...query });
const finder = (query: Partial<FinderQuery>) => () =>
  getFinderOptions(db, { type: "car", find: false, ...query } as FinderQuery);
const outletQuery: OutletSearchQuery = {
  pincode: "",
  city: "",
  sort: "distance",
  near: { lat: 23.03, lng: 72.58 },
  page: 1,
  searched: false,
};

/** The admin's and the customer's order page: what their loaders read. */
async function orderPage(number: number, viewer: "admin" | "customer") {
  const order = await getOrder(db, number, {
    id: viewer === "admin" ? "bench-admin" : REGULAR_CUSTOMER.id,
    as: viewer,
  });
  await Promise.all([
    viewer === "admin" ? listOrderBatteries(db, order.id) : null,
    taxDocumentsOfOrders(db, [order.id]),
  ]);
}

const cases: [string, () => Promise<unknown>][] = [
  ["catalogue: filter options", () => getFilterOptions(db)],
  ["catalogue: filter options, car", () => getFilterOptions(db, "car")],
  ...(["featured", "price-asc", "price-desc", "capacity-asc", "capacity-desc"] as const).flatMap(
    (sort) =>
      [1, 400].map(
        (page) =>
          [`catalogue: ${sort}, page ${page}`, catalogue({ sort, page })] as [
            string,
            () => Promise<unknown>,
          ],
      ),
  ),
  ...(
    [
      ["category car", { category: "car" }],
      ["capacity 60 Ah", { capacity: 60 }],
      ["voltage 24 V", { voltage: 24 }],
      ["warranty 36 months", { warranty: 36 }],
      [`search "${vehicle.make} ${vehicle.model}"`, { q: `${vehicle.make} ${vehicle.model}` }],
      ['search "CAR-01" (a model code)', { q: "CAR-01" }],
      ['search "150Ah"', { q: "150Ah" }],
    ] as [string, Partial<CatalogQuery>][]
  ).flatMap(([name, filter]) =>
    [1, 400].map(
      (page) =>
        [`catalogue: ${name}, page ${page}`, catalogue({ ...filter, page })] as [
          string,
          () => Promise<unknown>,
        ],
    ),
  ),
  ["finder: makes", finder({})],
  ["finder: models", finder({ make: vehicle.make })],
  ["finder: years", finder({ make: vehicle.make, model: vehicle.model })],
  ["finder: fuels", finder({ make: vehicle.make, model: vehicle.model, year: vehicle.year })],
  [
    "finder: batteries",
    () =>
      findBatteries(db, {
        type: "car",
        make: vehicle.make,
        model: vehicle.model,
        year: vehicle.year,
        fuel: vehicle.fuel,
      }),
  ],
  ["admin orders: page 1", () => listOrders(db, { q: "", page: 1 })],
  ["admin orders: page 500", () => listOrders(db, { q: "", page: 500 })],
  ["admin orders: number", () => listOrders(db, { q: String(middleOrder.number), page: 1 })],
  ["admin orders: customer name", () => listOrders(db, { q: middleOrder.name, page: 1 })],
  ["admin orders: status delivered", () => listOrders(db, { q: "", status: "delivered", page: 1 })],
  [
    "admin orders: delivered, page 500",
    () => listOrders(db, { q: "", status: "delivered", page: 500 }),
  ],
  [
    "admin orders: waiting for payment",
    () => listOrders(db, { q: "", status: "payment_pending", page: 1 }),
  ],
  ["order page: admin", () => orderPage(regularOrder.number, "admin")],
  ["order page: customer", () => orderPage(regularOrder.number, "customer")],
  [
    "admin dashboard",
    () => getDashboard(db, { now: new Date(), lowStockThreshold: settings.lowStockThreshold }),
  ],
  ["outlets: dealers by distance", () => searchOutlets(db, "dealer", outletQuery)],
  ["outlets: service centres by distance", () => searchOutlets(db, "service_centre", outletQuery)],
  ["account: 200 orders", () => listCustomerOrders(db, REGULAR_CUSTOMER.id)],
  [
    `statement: ${statement.lines} lines, ${filled.pending} pending`,
    () => previewStatement(db, statement.csv),
  ],
];

/** The machine's load (1-minute average) when the runs began: the p95s depend on it. */
const loadAtStart = loadavg()[0] ?? 0;

type Result = { name: string; p50: number; p95: number; statements: number; plan: string };
const results: Result[] = [];
for (const [name, run] of cases) {
  await timeRuns(run, WARM_UP);
  const ms = await timeRuns(run, RUNS);
  captured = [];
  capturing = true;
  await run();
  capturing = false;
  const plan = await mainPlan(captured);
  const result = {
    name,
    p50: percentileOf(ms, 0.5),
    p95: percentileOf(ms, 0.95),
    statements: captured.length,
    plan,
  };
  results.push(result);
  process.stdout.write(
    `${result.p95 <= BUDGET_MS ? "ok  " : "SLOW"} ${name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms (${result.statements} statements)\n`,
  );
}

/** The plan (EXPLAIN ANALYZE, BUFFERS) of the statement that took longest, with its SQL. */
async function mainPlan(statements: { query: string; params: unknown[] }[]): Promise<string> {
  let main = { ms: -1, text: "" };
  for (const { query, params } of statements) {
    const explained = await pool.query(`explain (analyze, buffers) ${query}`, params);
    const lines = explained.rows.map((row: Record<string, string>) => row["QUERY PLAN"]);
    const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join("\n"))?.[1] ?? 0);
    if (ms > main.ms) {
      const shown = params.length > 0 ? `\n-- $1.. = ${JSON.stringify(params)}` : "";
      main = { ms, text: `${query}${shown}\n\n${lines.join("\n")}` };
    }
  }
  return main.text;
}

/**
 * A bank statement of `size` credits for the orders waiting for payment: a third by the UTR the
 * customer gave, a third naming the checkout reference, the rest by amount and day (HDFC's
 * export, as an admin uploads it).
 */
async function statementOfPending(size: number) {
  const pending = await rows<{ reference: string; utr: string | null; total: number; day: string }>(
    sql`select reference, utr, total_paise::int as total,
               to_char(created_at at time zone 'Asia/Kolkata', 'DD/MM/YY') as day
        from orders where status = 'payment_pending' order by id limit ${size}`,
  );
  const rupees = (paise: number) => (paise / 100).toFixed(2);
  const body = pending.map((order, i) => {
    const utr = order.utr ?? String(534500000000 + i);
    const narration =
      i % 3 === 1
        ? `UPI-BUYER ${i}-b${i}@ybl-${utr}-${order.reference}`
        : `UPI-BUYER ${i}-b${i}@ybl-${utr}-Payment`;
    return `${order.day},${narration},${utr},${order.day},,"${rupees(order.total)}",0`;
  });
  const header =
    "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance";
  return { lines: body.length, csv: ["HDFC BANK Ltd.", header, ...body].join("\n") };
}

const missed = results.filter((r) => r.p95 > BUDGET_MS);
const measured = new Date().toISOString();
const [server] = await rows<{ version: string }>(
  sql`select current_setting('server_version') as version`,
);
const table = [
  `Measured ${measured} on PostgreSQL ${server?.version ?? ""}: ${RUNS} runs after ${WARM_UP} to warm up, one at a time, ${cpus().length} cores, load average ${loadAtStart.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end; budget p95 <= ${BUDGET_MS} ms.`,
  "",
  "| case | p50 ms | p95 ms | statements |",
  "| --- | --- | --- | --- |",
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95 > BUDGET_MS ? "**" : ""}${r.p95.toFixed(1)}${r.p95 > BUDGET_MS ? "**" : ""} | ${r.statements} |`,
  ),
  "",
  "<details><summary>Query plans: each case's longest statement (EXPLAIN ANALYZE, BUFFERS)</summary>",
  "",
  ...results.flatMap((r) => [`#### ${r.name}`, "", "```", r.plan, "```", ""]),
  "</details>",
].join("\n");

const doc = "docs/performance.md";
const begin = "<!-- bench-queries:start -->";
const end = "<!-- bench-queries:end -->";
const text = readFileSync(doc, "utf8");
const from = text.indexOf(begin);
const to = text.indexOf(end);
const section = `${begin}\n${table}\n${end}`;
writeFileSync(
  doc,
  from >= 0 && to > from
    ? `${text.slice(0, from)}${section}${text.slice(to + end.length)}`
    : `${text.trimEnd()}\n\n## Queries on a grown store (issue 27)\n\n${section}\n`,
);
process.stdout.write(
  `${results.length} cases, ${missed.length} over ${BUDGET_MS} ms; written to ${doc}.\n`,
);
await pool.end();
if (missed.length > 0) process.exit(1);
