import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "~/db/client.server";
import { passwordMailComposer } from "~/features/accounts/account-mail";
import { type Auth, createAuth } from "~/lib/auth.server";
import type { Mail } from "~/lib/mailer.server";

export type TestDatabase = Database & {
  auth: Auth;
  url: string | null;
  /** Every e-mail the auth instance sent, newest last. */
  sentMail: Mail[];
};

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is
 * set, a new PostgreSQL database created beside it and dropped again by `close`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let url: string | null = null;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `store_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    };
  }
  const database = await openDatabase(url ? { url } : { dataDir: "memory://" });
  await database.migrate();
  const sentMail: Mail[] = [];
  const auth = createAuth(database.db, {
    baseURL: "http://localhost:3000",
    secret: "integration-tests-secret-0123456789abcdef",
    production: false,
    passwordMail: passwordMailComposer(database.db),
    mailer: {
      async send(mail) {
        sentMail.push(mail);
      },
    },
  });
  return {
    ...database,
    auth,
    url,
    sentMail,
    close: once(async () => {
      await database.close();
      await dropDatabase();
    }),
  };
}
