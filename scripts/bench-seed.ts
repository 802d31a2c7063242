/**
 * `npm run bench:seed`: fills an EMPTY database with a store grown for two years (issue 27):
 * 10,000 products, 100,000 vehicles with their batteries, 100,000 customers, 100,000 orders with
 * lines and timelines (the newest 10,000 waiting for payment), 5,000 outlets and 100,000
 * bookings. The database is embedded PGlite under DATA_DIR, or PostgreSQL at DATABASE_URL; it is
 * migrated first and refused when it already holds products, vehicles, accounts, orders,
 * outlets or bookings. Deterministic: the same `--seed` and `--now` (by default, the start of
 * this hour) give the same rows.
 *   DATA_DIR=/tmp/bench npm run bench:seed
 *   DATABASE_URL=postgres://… npm run bench:seed -- --seed=27 --scale=0.1
 * Then `npm run bench:queries` (PostgreSQL) times the store's queries on it.
 */
import { seedBenchData } from "./lib/bench-seed";
import { openCliDatabase, runCli } from "./lib/cli-database";

/** The value of `--name=value`, if given. */
function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

runCli(async () => {
  const scale = Number(option("scale") ?? 1);
  const seed = Number(option("seed") ?? 27);
  // The end of the two years: this hour, unless given (the same seed and --now give the same rows).
  const now = new Date(option("now") ?? new Date().toISOString().slice(0, 13).concat(":00:00Z"));
  if (!(scale > 0 && scale <= 1) || !Number.isInteger(seed) || Number.isNaN(now.getTime())) {
    throw new Error(
      "--scale is a number above 0 and at most 1, --seed a whole number, --now an ISO time.",
    );
  }
  const { env, database, close } = await openCliDatabase();
  try {
    const started = performance.now();
    await database.exclusive(() => database.migrate());
    const report = await seedBenchData(database.db, { scale, seed, now });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const where = env.DATABASE_URL ? "PostgreSQL" : `PGlite in ${env.DATA_DIR}`;
    const lines = [
      `Filled ${where} in ${seconds} s (seed ${seed}, scale ${scale}, up to ${now.toISOString()}):`,
      ...Object.entries(report.counts).map(
        ([name, count]) => `  ${name}: ${count.toLocaleString("en-IN")}`,
      ),
      "Steps (ms):",
      ...report.timings.map((t) => `  ${t.step}: ${t.ms}`),
      `The customer with ${report.regular.orders} orders: ${report.regular.email} (user id ${report.regular.id}).`,
      `  In the back office: /admin/order?q=${report.regular.email}. To see their own order list`,
      "  (/account/orders), set a password at /forgot-password: without SMTP_URL the mail is in",
      "  DATA_DIR/outbox.",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    await close();
  }
});
