// Times a products CSV import of 10,000 rows (or BENCH_IMPORT_ROWS) on a fresh in-memory
// database holding half of them already: the upload with its checks, the preview, and the
// confirmed import (5,000 price changes, 5,000 new products, one audit entry each).
//   npm run bench:import            (PGlite)
//   DATABASE_URL=postgres://… npm run bench:import -- --force   (an empty PostgreSQL database)
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { user } from "~/db/schema";
import { confirmImport, stageImport, viewImport } from "~/features/imports/csv-import.server";
import { productImporter } from "~/features/imports/product-import.server";

const total = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const url = process.env.DATABASE_URL;
if (url && !process.argv.includes("--force")) {
  process.stderr.write(
    "bench-import fills the database it is given: pass --force for DATABASE_URL.\n",
  );
  process.exit(1);
}

const database = await openDatabase(url ? { url } : { dataDir: "memory://" });
await database.migrate();
const { db } = database;
const half = Math.floor(total / 2);
await db.execute(sql`
  insert into products (slug, model, category, brand, capacity_ah, voltage_v, warranty_months,
                        price_paise, mrp_paise, stock, description)
  select 'bench-' || n, 'BENCH-' || n, 'car', 'UrjaCell', 40, 12, 24, 450000, 450000, 5, ''
  from generate_series(1, ${half}) as n`);
const [admin] = await db
  .insert(user)
  .values({ id: "bench-admin", name: "Bench Admin", email: "bench@example.in", role: "admin" })
  .returning({ id: user.id });
if (!admin) throw new Error("no admin");

const lines = ["Model,Category,Capacity (Ah),Voltage (V),Warranty (months),Price (INR),Stock"];
for (let n = 1; n <= total; n++) lines.push(`BENCH-${n},Car,40,12,24,4800,5`);
const text = `${lines.join("\r\n")}\r\n`;

const timed = async <T>(label: string, run: () => Promise<T>) => {
  const start = performance.now();
  const result = await run();
  process.stdout.write(
    `${label.padEnd(28)} ${(performance.now() - start).toFixed(0).padStart(6)} ms\n`,
  );
  return result;
};
process.stdout.write(
  `${total.toLocaleString("en-IN")} rows (${(text.length / 1024).toFixed(0)} KB) on ${url ? "PostgreSQL" : "PGlite (in memory)"}\n`,
);
const id = await timed("upload (read and keep)", () =>
  stageImport(db, productImporter, { name: "bench.csv", text }, admin),
);
const view = await timed("preview", () => viewImport(db, productImporter, id, admin));
const outcome = await timed("confirm (one transaction)", () =>
  confirmImport(db, productImporter, id, admin, { publicUrl: "http://localhost:3000" }),
);
process.stdout.write(
  `preview ${JSON.stringify(view?.counts)}; imported ${outcome.created} new, ${outcome.updated} changed\n`,
);
await database.close();
