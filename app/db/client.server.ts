import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { loadReferenceData } from "./reference-data.server";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback gets. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the pending migrations, then loads the reference data (pincodes, ADR 030). */
  migrate: () => Promise<void>;
  /**
   * Runs start-up work (migrate, first seed) while holding a PostgreSQL advisory lock, so app
   * processes starting together take turns. PGlite has a single process by construction.
   */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /** PostgreSQL only: the pool's connections now (the server's /metrics). PGlite has no pool. */
  poolUse?: () => PoolUse;
  /** The embedded database itself (PGlite only): for its own dump, which backups use. */
  pglite?: PGlite;
};

/** A PostgreSQL pool's connections: open ones, those of them idle, and queries waiting for one. */
export type PoolUse = { total: number; idle: number; waiting: number; max: number };

/** Where the generated SQL migrations live, resolved from the working directory (see DESIGN.md). */
export const migrationsFolder = path.resolve("app/db/migrations");

/** An arbitrary constant: serialises start-up work when several app processes start at once. */
const STARTUP_LOCK_ID = 727_072_026;

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  url?: string;
  /** Folder for PGlite's files, or "memory://" for a throw-away in-memory database. */
  dataDir?: string;
  /** PGlite only: start from this `dumpDataDir()` archive (tests load a migrated template). */
  loadDataDir?: Blob;
  /** PostgreSQL only: told when an idle connection fails (the server restarted, an operator
   * ended it). The pool drops that connection and opens another when one is needed; without a
   * listener node-postgres would throw the error and end the process. */
  onPoolError?: (error: Error) => void;
};

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite under `dataDir/db`. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pool.on("error", (error) => options.onPoolError?.(error));
    return postgresDatabase(pool);
  }
  const dataDir = options.dataDir ?? "./data";
  let target = "memory://";
  if (dataDir !== "memory://") {
    target = path.resolve(dataDir, "db");
    mkdirSync(target, { recursive: true });
  }
  const client = await createPglite(
    target,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
  );
  return pgliteDatabase(client);
}

/**
 * A PGlite with the extensions the migrations create (pg_trgm, for the trigram search indexes:
 * ADR 039). Every PGlite the store or its tests open is made here.
 */
export function createPglite(
  dataDir: string,
  options: Omit<PGliteOptions, "extensions"> = {},
): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions: { pg_trgm } });
}

/** What a new Drizzle handle may be given: a logger that sees every statement it sends. */
export type HandleOptions = { logger?: Logger };

/**
 * The store's database over an open PostgreSQL pool. Each call makes a new Drizzle handle, so
 * caches kept per handle (settings) start empty; the integration tests make one per test file
 * over their worker's one pool.
 */
export function postgresDatabase(pool: pg.Pool, options: HandleOptions = {}): Database {
  const nodeDb = drizzleNodePg(pool, { schema, ...options });
  return {
    db: nodeDb as unknown as Db,
    kind: "postgres",
    async migrate() {
      await migrateNodePg(nodeDb, { migrationsFolder });
      await loadReferenceData(nodeDb as unknown as Db);
    },
    async exclusive(work) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_ID]);
        return await work();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
  };
}

/** The store's database over an open PGlite (a new Drizzle handle each call, as above). */
export function pgliteDatabase(client: PGlite, options: HandleOptions = {}): Database {
  const pgliteDb = drizzlePglite(client, { schema, ...options });
  return {
    db: pgliteDb as unknown as Db,
    kind: "pglite",
    async migrate() {
      await migratePglite(pgliteDb, { migrationsFolder });
      await loadReferenceData(pgliteDb as unknown as Db);
    },
    exclusive: (work) => work(),
    close: () => client.close(),
    pglite: client,
  };
}

/**
 * True when the database answers a trivial query within `timeoutMs`: a database that accepts
 * connections but never answers (hung, or a network that drops packets) gives false in time,
 * instead of holding a readiness probe until the load balancer's own timeout.
 */
export async function pingDatabase(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
