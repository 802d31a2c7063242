import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { type Database, openDatabase } from "~/db/client.server";
import { passwordMailComposer } from "~/features/accounts/account-mail";
import { type Auth, createAuth } from "~/lib/auth.server";
import type { Mail, Mailer } from "~/lib/mailer.server";
import { copyDatabase, databaseUrl, dropDatabase, type TestDatabaseTemplate } from "./template";

export type TestDatabase = Database & {
  auth: Auth;
  url: string | null;
  /** Every e-mail sent (by auth, or by `mailer` in a request's context), newest last. */
  sentMail: Mail[];
  /** Records each e-mail in `sentMail`. */
  mailer: Mailer;
};

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

/** The migrated template from the integration project's global setup, if this run has one. */
function template(): TestDatabaseTemplate | undefined {
  return inject("testDatabaseTemplate");
}

/** A migrated in-memory PGlite: loaded from the template's archive, or built from scratch. */
async function openPglite(from: TestDatabaseTemplate | undefined): Promise<Database> {
  if (from?.kind === "pglite") {
    const loadDataDir = new Blob([new Uint8Array(await readFile(from.file))]);
    return openDatabase({ dataDir: "memory://", loadDataDir });
  }
  const database = await openDatabase({ dataDir: "memory://" });
  await database.migrate();
  return database;
}

/** A new migrated PostgreSQL database on the TEST_DATABASE_URL server, dropped by `close`. */
async function openPostgres(adminUrl: string, from: TestDatabaseTemplate | undefined) {
  const name = `store_test_${randomBytes(6).toString("hex")}`;
  // Without the global setup (a file run outside the integration project): an empty database.
  await copyDatabase(adminUrl, from?.kind === "postgres" ? from.name : "template1", name);
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ url });
  if (from?.kind !== "postgres") await database.migrate();
  return { database, url, drop: () => dropDatabase(adminUrl, name) };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is
 * set, a new PostgreSQL database created beside it and dropped again by `close`. Both start as
 * a copy of the template the global setup migrated once (tests/helpers/global-setup.ts).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const from = template();
  let url: string | null = null;
  let database: Database;
  let drop = async () => {};
  if (adminUrl) {
    ({ database, url, drop } = await openPostgres(adminUrl, from));
  } else {
    database = await openPglite(from);
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
    mailer,
  });
  return {
    ...database,
    auth,
    url,
    sentMail,
    mailer,
    close: once(async () => {
      await database.close();
      await drop();
    }),
  };
}
