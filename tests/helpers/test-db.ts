import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import {
  createPglite,
  type Database,
  type HandleOptions,
  pgliteDatabase,
  postgresDatabase,
} from "~/db/client.server";
import { referenceTables } from "~/db/schema";
import { passwordMailComposer, verificationMailComposer } from "~/features/accounts/account-mail";
import { type Auth, createAuth } from "~/lib/auth.server";
import { deliverQueuedMail } from "~/lib/mail-outbox.server";
import type { Mail, Mailer } from "~/lib/mailer.server";
import { testPasswordHashing } from "./password-hashing";
import { bareColumnsInSubqueries } from "./sql-scope";
import {
  copyDatabase,
  databaseUrl,
  dropDatabase,
  type TestDatabaseTemplate,
  workerDatabaseName,
} from "./template";

export { testPasswordHashing };

export type TestDatabase = Database & {
  auth: Auth;
  url: string | null;
  /** Every e-mail sent, newest last: what `deliverMail` took from the outbox. */
  sentMail: Mail[];
  /** Records each e-mail in `sentMail` (the context's mailer in route tests). */
  mailer: Mailer;
  /** Sends what the outbox holds (as the server's mail job does) and gives back what it sent. */
  deliverMail: () => Promise<Mail[]>;
  /** How many statements this handle has sent so far (a test of a query budget compares two). */
  statementsSent: () => number;
};

/** The migrated template from the integration project's global setup, if this run has one. */
function template(): TestDatabaseTemplate | undefined {
  return inject("testDatabaseTemplate");
}

/**
 * The one database of a Vitest worker, which every test file that worker runs starts from,
 * emptied (the integration project runs its files one after another in a worker, `isolate:
 * false`). Loading PGlite or creating a PostgreSQL database once per worker instead of once per
 * file is most of what the integration tests used to spend (ADR 024).
 */
type WorkerDatabase = {
  url: string | null;
  /** A new Drizzle handle over the worker's connection: per-handle caches start empty. */
  handle: (options: HandleOptions) => Database;
  /** Deletes every row and restarts every sequence: the database as migrated. */
  empty: () => Promise<void>;
};

/** Kept on globalThis: a worker may evaluate this module again, its database stays one. */
const WORKER_DATABASE = Symbol.for("battery-store.worker-test-database");
type WorkerGlobal = typeof globalThis & { [WORKER_DATABASE]?: Promise<WorkerDatabase> };

/**
 * SQL that empties the public schema's tables and restarts its sequences, read once. The
 * reference data the migrations load (the pincodes, ADR 030) is kept, like the schema.
 */
async function emptyingStatement(run: (sql: string) => Promise<string[]>): Promise<string> {
  const kept = referenceTables.map((name) => `'${name}'`).join(", ");
  const tables = await run(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' and tablename not in (${kept}) order by 1`,
  );
  const sequences = await run(
    "select format('%I.%I', sequence_schema, sequence_name) as name from information_schema.sequences where sequence_schema = 'public' order by 1",
  );
  return [
    tables.length > 0 ? `truncate ${tables.join(", ")} restart identity cascade;` : "",
    ...sequences.map((name) => `alter sequence ${name} restart;`),
  ].join("\n");
}

/** A migrated in-memory PGlite: loaded from the template's archive, or built from scratch. */
async function openPglite(from: TestDatabaseTemplate | undefined): Promise<PGlite> {
  if (from?.kind === "pglite") {
    const loadDataDir = new Blob([new Uint8Array(await readFile(from.file))]);
    return createPglite("memory://", { loadDataDir });
  }
  const client = await createPglite("memory://");
  await pgliteDatabase(client).migrate();
  return client;
}

async function pgliteWorker(from: TestDatabaseTemplate | undefined): Promise<WorkerDatabase> {
  const client = await openPglite(from);
  const statement = await emptyingStatement(async (sql) =>
    (await client.query<{ name: string }>(sql)).rows.map((row) => row.name),
  );
  return {
    url: null,
    handle: (options) => pgliteDatabase(client, options),
    empty: async () => {
      await client.exec(statement);
    },
  };
}

/**
 * A new migrated database on the TEST_DATABASE_URL server: a copy of the global setup's template
 * (whose teardown drops it), or, for a file run outside the integration project, a copy of
 * template1 migrated here.
 */
async function postgresCopy(adminUrl: string, tag: string, options: HandleOptions = {}) {
  const from = template();
  const base = from?.kind === "postgres" ? from.name : "store_test";
  const name = workerDatabaseName(base, `${tag}_${randomBytes(4).toString("hex")}`);
  await copyDatabase(adminUrl, from?.kind === "postgres" ? from.name : "template1", name);
  // Idle connections do not keep the worker alive after its last file, and the global teardown
  // dropping the database under them (`with (force)`) is not an error of the run's.
  const pool = new pg.Pool({
    connectionString: databaseUrl(adminUrl, name),
    max: 10,
    allowExitOnIdle: true,
  });
  pool.on("error", () => {});
  const database = postgresDatabase(pool, options);
  if (from?.kind !== "postgres") await database.migrate();
  return { pool, database, name, url: databaseUrl(adminUrl, name) };
}

async function postgresWorker(adminUrl: string): Promise<WorkerDatabase> {
  const { pool, url } = await postgresCopy(adminUrl, `w${process.pid}`);
  const statement = await emptyingStatement(async (sql) =>
    (await pool.query<{ name: string }>(sql)).rows.map((row) => row.name),
  );
  return {
    url,
    handle: (options) => postgresDatabase(pool, options),
    empty: async () => {
      await pool.query(statement);
    },
  };
}

function workerDatabase(): Promise<WorkerDatabase> {
  const global = globalThis as WorkerGlobal;
  const adminUrl = process.env.TEST_DATABASE_URL;
  global[WORKER_DATABASE] ??= adminUrl ? postgresWorker(adminUrl) : pgliteWorker(template());
  return global[WORKER_DATABASE];
}

/** A database of one file's own, as every file had before ADR 024: for a test that closes it. */
async function ownDatabase(
  options: HandleOptions,
): Promise<{ database: Database; url: string | null }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return { database: pgliteDatabase(await openPglite(template()), options), url: null };
  }
  const { database, name, url } = await postgresCopy(adminUrl, "own", options);
  const close = () => database.close().then(() => dropDatabase(adminUrl, name));
  return { database: { ...database, close }, url };
}

/**
 * A Drizzle logger that holds every statement to the rule of ADR 025 (no bare column inside a
 * subquery): a statement that breaks it is refused before it is sent, with the columns named,
 * and kept so that the file's `close` fails too, should the code under test swallow the error.
 */
function scopeChecker() {
  const broken: string[] = [];
  let sent = 0;
  const logger = {
    logQuery(statement: string) {
      sent += 1;
      const bare = bareColumnsInSubqueries(statement);
      if (bare.length === 0) return;
      const problem = `bare column${bare.length > 1 ? "s" : ""} ${bare.map((c) => `"${c}"`).join(", ")} inside a subquery (write each with its table: qualified() in lib/sql.server.ts, or a join; ADR 025): ${statement}`;
      broken.push(problem);
      throw new Error(problem);
    },
  };
  return { logger, broken, sent: () => sent };
}

/**
 * An empty, migrated database for one test file: in-memory PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set. By default it is the worker's database, emptied for this file (so
 * files never see each other's rows, whatever their order), and `close` leaves it open for the
 * next file. `{ own: true }` gives the file a database of its own that `close` really closes.
 * Every statement sent through it is checked for bare columns inside subqueries (ADR 025).
 */
export async function createTestDatabase(options: { own?: boolean } = {}): Promise<TestDatabase> {
  const { logger, broken, sent } = scopeChecker();
  let database: Database;
  let url: string | null;
  if (options.own) {
    ({ database, url } = await ownDatabase({ logger }));
  } else {
    const worker = await workerDatabase();
    await worker.empty();
    database = { ...worker.handle({ logger }), close: async () => {} };
    url = worker.url;
  }
  const sentMail: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      sentMail.push(mail);
    },
  };
  const auth = createAuth(database.db, {
    baseURL: "http://localhost:3000",
    secret: "integration-tests-secret-0123456789abcdef",
    production: false,
    passwordMail: passwordMailComposer(database.db),
    verificationMail: verificationMailComposer(database.db),
    passwordHashing: testPasswordHashing,
  });
  const deliverMail = async () => {
    const before = sentMail.length;
    while ((await deliverQueuedMail(database.db, mailer, { batch: 100 })).sent === 100) {}
    return sentMail.slice(before);
  };
  let closed: Promise<void> | undefined;
  return {
    ...database,
    auth,
    url,
    sentMail,
    mailer,
    deliverMail,
    statementsSent: sent,
    close: () => {
      closed ??= database.close().then(() => {
        if (broken.length > 0) {
          throw new Error(`This file's statements broke ADR 025:\n${broken.join("\n")}`);
        }
      });
      return closed;
    },
  };
}
