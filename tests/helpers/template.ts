import pg from "pg";

/** What the integration project's global setup hands to every test file (see global-setup.ts). */
export type TestDatabaseTemplate =
  /** A `dumpDataDir()` archive of a migrated PGlite. */
  | { kind: "pglite"; file: string }
  /** A migrated database on the TEST_DATABASE_URL server, to copy with `create database ... template`. */
  | { kind: "postgres"; name: string };

/** The server's URL with another database name. */
export function databaseUrl(adminUrl: string, name: string): string {
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates `name` as a copy of the template database `template`. */
export function copyDatabase(adminUrl: string, template: string, name: string): Promise<void> {
  return onServer(adminUrl, `create database "${name}" template "${template}"`);
}

/**
 * The name of a database made from `base` for one worker or file: `base` and a tag, so that the
 * global teardown finds every one a run made by its template's name (`dropDatabasesOf`).
 */
export function workerDatabaseName(base: string, tag: string): string {
  return `${base}__${tag}`.slice(0, 63);
}

/** Drops every database made from `base` by `workerDatabaseName`, then `base` itself. */
export async function dropDatabasesOf(adminUrl: string, base: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  let names: string[];
  try {
    const found = await client.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [`${base}__`],
    );
    names = found.rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
  for (const name of [...names, base]) await dropDatabase(adminUrl, name);
}

/** Drops a database, ending any connection still open to it. */
export function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return onServer(adminUrl, `drop database if exists "${name}" with (force)`);
}
