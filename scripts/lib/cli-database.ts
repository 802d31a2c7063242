import { type Database, openDatabase } from "~/db/client.server";
import { acquireDataDirLock } from "~/db/data-lock.server";
import type { Auth } from "~/lib/auth.server";
import { type Env, isLoopbackHost, loadDotEnv, loadEnv } from "~/lib/env.server";
import { createServices } from "../../server/services";

export type CliDatabase = { env: Env; database: Database; auth: Auth; close: () => Promise<void> };

/** True for a PostgreSQL URL on this machine (TCP loopback or a local socket). */
export function isLocalDatabaseUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "" || isLoopbackHost(host);
}

/**
 * Opens the store's database for a command-line script, the way the server does. On embedded
 * PGlite it takes the data folder's lock first, so it refuses (never corrupts) while the store
 * runs.
 */
export async function openCliDatabase(): Promise<CliDatabase> {
  loadDotEnv();
  const env = loadEnv();
  const release = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR);
  try {
    const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
    const { auth } = createServices(env, database.db);
    return {
      env,
      database,
      auth,
      close: async () => {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Runs a script's main function and turns any failure into one clear line and exit code 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
