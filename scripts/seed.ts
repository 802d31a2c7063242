/**
 * `npm run db:seed`: loads the demo store (idempotent; existing rows are kept as they are).
 * Refuses a PostgreSQL database on another machine unless `--force` is given.
 */
import { count } from "drizzle-orm";
import { outlets, products, vehicles } from "~/db/schema";
import { demoAdmin, demoAdminSignIn, seedDemoData } from "~/db/seed";
import { isLocalDatabaseUrl, openCliDatabase, runCli } from "./lib/cli-database";

runCli(async () => {
  const force = process.argv.includes("--force");
  const url = process.env.DATABASE_URL;
  if (url && !isLocalDatabaseUrl(url) && !force) {
    throw new Error(
      "DATABASE_URL points to another machine; refusing to load demo data there. Add --force if you mean it.",
    );
  }
  const { env, database, auth, close } = await openCliDatabase();
  const admin = demoAdmin(env);
  try {
    const report = await database.exclusive(async () => {
      await database.migrate();
      return seedDemoData(database.db, { auth, admin });
    });
    const [p] = await database.db.select({ n: count() }).from(products);
    const [v] = await database.db.select({ n: count() }).from(vehicles);
    const [o] = await database.db.select({ n: count() }).from(outlets);
    process.stdout.write(
      `Demo data in place: ${p?.n} products, ${v?.n} vehicles, ${o?.n} dealers and service centres.\n` +
        (report.adminCreated
          ? `${demoAdminSignIn(admin, true, `${env.BETTER_AUTH_URL}/login`)}\n`
          : `An account for ${env.DEMO_ADMIN_EMAIL} already exists; it was left as it is.\n`),
    );
  } finally {
    await close();
  }
});
