import type { Database } from "./client.server";
import { isDemoSeeded, type SeedOptions, seedDemoData } from "./seed";

export type PreparedDatabase = { seeded: boolean; adminCreated: boolean };

/**
 * What every app process does to its database when it starts (server/index.ts): applies the
 * pending migrations and, on a first start with `seed`, loads the demo data. Several processes
 * starting at once on one PostgreSQL take turns under the start-up lock (`exclusive`), so the
 * first migrates and seeds and the others find it done (ADR 040).
 */
export function prepareDatabase(
  database: Database,
  options: { seed: false } | ({ seed: true } & SeedOptions),
  onMigrated: () => void = () => {},
): Promise<PreparedDatabase> {
  return database.exclusive(async () => {
    await database.migrate();
    onMigrated();
    if (!options.seed || (await isDemoSeeded(database.db))) {
      return { seeded: false, adminCreated: false };
    }
    const { adminCreated } = await seedDemoData(database.db, options);
    return { seeded: true, adminCreated };
  });
}
