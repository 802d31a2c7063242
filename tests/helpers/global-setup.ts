import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createPglite, migrationsFolder, openDatabase, pgliteDatabase } from "~/db/client.server";
import { pincodeFile } from "~/db/reference-data.server";
import { databaseUrl, dropDatabase, dropDatabasesOf, type TestDatabaseTemplate } from "./template";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database every integration test file starts from (see test-db.ts). */
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

/** Every file under a folder, relative paths sorted, so the hash does not depend on the OS. */
function filesUnder(folder: string, prefix = ""): string[] {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = path.posix.join(prefix, entry.name);
      return entry.isDirectory() ? filesUnder(folder, relative) : [relative];
    })
    .sort();
}

/**
 * Changes whenever a migration, the reference data they load (ADR 030), PGlite or Drizzle
 * (which records the migrations) changes.
 */
function templateKey(): string {
  const hash = createHash("sha256");
  for (const name of ["@electric-sql/pglite", "drizzle-orm"]) {
    const manifest = readFileSync(path.resolve("node_modules", name, "package.json"), "utf8");
    hash.update(`${name}@${JSON.parse(manifest).version}\n`);
  }
  for (const file of filesUnder(migrationsFolder)) {
    hash.update(`${file}\n`).update(readFileSync(path.join(migrationsFolder, file)));
  }
  // The directory and the code that loads it (which decides, e.g., each pincode's place).
  hash.update(readFileSync(pincodeFile));
  hash.update(readFileSync(path.resolve("app/db/reference-data.server.ts")));
  return hash.digest("hex").slice(0, 16);
}

/**
 * A migrated in-memory PGlite, dumped to a file that each worker loads once (about 1 s) instead
 * of running initdb and the migrations again (about 5 s). The file is named by a hash of the
 * migrations, so a changed migration builds a new one; building takes a few seconds once.
 */
async function pgliteTemplate(): Promise<TestDatabaseTemplate> {
  const folder = path.resolve("node_modules/.cache/battery-store-tests");
  const file = path.join(folder, `pglite-template-${templateKey()}.tar`);
  if (existsSync(file)) return { kind: "pglite", file };
  const client = await createPglite("memory://");
  try {
    await pgliteDatabase(client).migrate();
    const dump = await client.dumpDataDir("none");
    mkdirSync(folder, { recursive: true });
    // Written beside and renamed, so a run going on at the same time never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
  return { kind: "pglite", file };
}

/**
 * PostgreSQL (TEST_DATABASE_URL set): one migrated template database with a random name; each
 * worker copies it once (test-db.ts). The template and every copy are dropped after the run.
 */
async function postgresTemplate(adminUrl: string) {
  const name = `store_template_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  try {
    const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
    try {
      await database.migrate();
    } finally {
      // PostgreSQL copies a template only while nobody is connected to it.
      await database.close();
    }
  } catch (error) {
    await dropDatabase(adminUrl, name);
    throw error;
  }
  const template: TestDatabaseTemplate = { kind: "postgres", name };
  return { template, drop: () => dropDatabasesOf(adminUrl, name) };
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    project.provide("testDatabaseTemplate", await pgliteTemplate());
    return;
  }
  const { template, drop } = await postgresTemplate(adminUrl);
  project.provide("testDatabaseTemplate", template);
  return drop;
}
