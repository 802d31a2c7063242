// Times the catalogue's hot queries on a fresh in-memory database holding 10,000 products (or
// BENCH_PRODUCTS), to check that the store stays fast as the catalogue grows. Prints a table
// of median and worst times per query; writes nothing outside memory.
//   npm run bench:catalog            (PGlite)
//   DATABASE_URL=postgres://… npm run bench:catalog -- --force   (an empty PostgreSQL database)
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { parseCatalogQuery } from "~/features/catalog/catalog.schema";
import {
  findProduct,
  getFilterOptions,
  listProducts,
  listRelatedProducts,
} from "~/features/catalog/catalog.server";
import { timeRuns } from "./bench-db";

const total = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const rounds = 15;
const url = process.env.DATABASE_URL;
if (url && !process.argv.includes("--force")) {
  process.stderr.write(
    "bench-catalog fills the database it is given: pass --force for DATABASE_URL.\n",
  );
  process.exit(1);
}

const database = await openDatabase(url ? { url } : { dataDir: "memory://" });
await database.migrate();
const { db } = database;
await db.execute(sql`
  insert into products (slug, model, category, brand, capacity_ah, voltage_v, warranty_months,
                        price_paise, mrp_paise, stock, description)
  select 'bench-' || n, 'BENCH-' || n,
         (array['car','bike','inverter','industrial'])[1 + n % 4], 'Bench',
         (array[5,9,35,40,45,50,60,75,90,100,150,200])[1 + n % 12],
         (array[12,12,12,24,36,48])[1 + n % 6],
         (array[12,18,24,36,48,60])[1 + n % 6],
         100000 + (n * 7919) % 2000000, 2200000, n % 50, 'A battery for the bench'
  from generate_series(1, ${total}) as n`);
await db.execute(sql`analyze products`);

async function time(label: string, run: () => Promise<unknown>) {
  const ms = await timeRuns(run, rounds);
  const at = (i: number) => (ms[i] ?? Number.NaN).toFixed(1);
  return { query: label, median: at(Math.floor(rounds / 2)), worst: at(rounds - 1) };
}

const q = (s: string) => parseCatalogQuery(new URLSearchParams(s));
const product = await findProduct(db, `BENCH-${Math.ceil(total / 2)}`);
if (!product) throw new Error("bench data missing");
const results = [
  await time("list: first page, featured", () => listProducts(db, q(""))),
  await time("list: page 200, featured", () => listProducts(db, q("page=200"))),
  await time("list: capacity+voltage+warranty", () =>
    listProducts(db, q("capacity=60&voltage=12&warranty=36")),
  ),
  await time("list: category, price high-low", () =>
    listProducts(db, q("category=inverter&sort=price-desc")),
  ),
  await time("filter options", () => getFilterOptions(db)),
  await time("product by model", () => findProduct(db, `bench-${Math.ceil(total * 0.77)}`)),
  await time("related products", () => listRelatedProducts(db, product)),
];
process.stdout.write(
  `${total.toLocaleString("en-IN")} products on ${url ? "PostgreSQL" : "PGlite (in memory)"}, ${rounds} rounds each\n`,
);
const width = Math.max(...results.map((r) => r.query.length));
for (const r of [{ query: "query", median: "median ms", worst: "worst ms" }, ...results]) {
  process.stdout.write(
    `${r.query.padEnd(width)}  ${r.median.padStart(9)}  ${r.worst.padStart(8)}\n`,
  );
}
await database.close();
