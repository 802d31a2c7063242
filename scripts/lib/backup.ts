/**
 * Backups of the store's database and local uploads, and their restore (`npm run backup`,
 * `npm run restore`; ADR 041). PostgreSQL is dumped by pg_dump in its custom format and restored
 * by pg_restore; embedded PGlite by its own dump of the data folder (a gzipped tar), loaded into
 * a new folder. Uploads kept on the disk go in a tar beside the dump.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createPglite } from "~/db/client.server";

/** The suffixes that tell what a backup file holds. */
export const BACKUP_SUFFIX = {
  postgres: ".pgdump",
  pglite: ".pglite.tar.gz",
  uploads: ".uploads.tar",
} as const;

/** Refused because the target already holds data and --force was not given (exit code 3). */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

/** The name every file of one backup starts with: "store-2026-11-27T13-45-00Z". */
export function backupStem(now: Date): string {
  return `store-${now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-")}`;
}

/** The database kind a backup file is for, by its name; undefined for any other file. */
export function backupKindOf(file: string): "postgres" | "pglite" | undefined {
  if (file.endsWith(BACKUP_SUFFIX.postgres)) return "postgres";
  if (file.endsWith(BACKUP_SUFFIX.pglite)) return "pglite";
  return undefined;
}

/** The uploads archive that belongs with a database backup file (it may not exist). */
export function uploadsArchiveOf(file: string): string {
  const kind = backupKindOf(file);
  const stem = kind ? file.slice(0, -BACKUP_SUFFIX[kind].length) : file;
  return `${stem}${BACKUP_SUFFIX.uploads}`;
}

/**
 * Runs a program to its end; its error output becomes the error's message. A program that is not
 * installed is named with what to install.
 */
function run(program: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${program} was not found. ${program.startsWith("pg_") ? "Install PostgreSQL's client programs (Debian: postgresql-client-15), of the server's major version or newer." : `Install ${program}.`}`,
            )
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} failed (exit code ${code}): ${stderr.trim()}`));
    });
  });
}

/**
 * A connection string for pg_dump and pg_restore without its password, and the password in the
 * environment (PGPASSWORD), so it never shows in the process list.
 */
function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Writes through a temporary name, so a file that is there is whole. */
async function writeWhole(file: string, write: (partial: string) => Promise<void>) {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** pg_dump of the whole database (schema, data, the migrations' record) in the custom format. */
export async function backupPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connectionFor(url);
  await writeWhole(file, (partial) =>
    run(
      "pg_dump",
      ["--format=custom", "--no-owner", "--no-privileges", "--file", partial, dbname],
      env,
    ),
  );
}

/** PGlite's own dump of its data folder (a gzipped tar), from the open database. */
export async function backupPglite(client: PGlite, file: string): Promise<void> {
  const dump = await client.dumpDataDir("gzip");
  await writeWhole(file, async (partial) =>
    writeFile(partial, new Uint8Array(await dump.arrayBuffer())),
  );
}

/** The embedded database's folder under DATA_DIR, as the store opens it (db/client.server.ts). */
export function pgliteFolder(dataDir: string): string {
  return path.resolve(dataDir, "db");
}

/** True when the folder holds a PGlite (PostgreSQL) data directory. */
export function holdsPglite(folder: string): boolean {
  return existsSync(path.join(folder, "PG_VERSION"));
}

/** The user tables a PostgreSQL database holds (0: a new, empty database). */
async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Restores a pg_dump file into the database at `url` in one transaction. A database that already
 * has tables is refused unless `force`, which first drops the store's schemas (public and
 * drizzle) and everything in them.
 */
export async function restorePostgres(
  file: string,
  url: string,
  options: { force: boolean },
): Promise<void> {
  await stat(file);
  const tables = await tableCount(url);
  if (tables > 0) {
    if (!options.force) {
      throw new RestoreRefused(
        `The database already holds ${tables} tables; nothing was changed. Restore into a new, empty database, or add --force to drop its tables and data first.`,
      );
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(
        "begin; drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public; commit;",
      );
    } finally {
      await client.end();
    }
  }
  const { dbname, env } = connectionFor(url);
  await run(
    "pg_restore",
    [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      "--dbname",
      dbname,
      file,
    ],
    env,
  );
}

/**
 * Loads a PGlite dump into DATA_DIR/db. A folder that already holds a database is refused unless
 * `force`, which moves it aside (to db.before-restore-<time>, given back) rather than deleting it;
 * should the load fail, the old folder is put back.
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  options: { force: boolean; now: Date },
): Promise<{ movedAside?: string }> {
  const archive = await readFile(file);
  const folder = pgliteFolder(dataDir);
  let movedAside: string | undefined;
  if (holdsPglite(folder)) {
    if (!options.force) {
      throw new RestoreRefused(
        `${folder} already holds a database; nothing was changed. Restore into another DATA_DIR, or add --force to move it aside first.`,
      );
    }
    movedAside = `${folder}.before-restore-${backupStem(options.now).slice("store-".length)}`;
    await rename(folder, movedAside);
  } else {
    await rm(folder, { recursive: true, force: true });
  }
  try {
    await mkdir(folder, { recursive: true });
    const client = await createPglite(folder, {
      loadDataDir: new Blob([new Uint8Array(archive)]),
    });
    await client.query("select 1");
    await client.close();
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    if (movedAside) await rename(movedAside, folder);
    throw new Error(
      `${file} could not be loaded as a PGlite backup (${error instanceof Error ? error.message : String(error)}); nothing was changed.`,
    );
  }
  return { movedAside };
}

/** True when the folder exists and holds at least one entry. */
function hasEntries(folder: string): boolean {
  return existsSync(folder) && readdirSync(folder).length > 0;
}

/**
 * Puts the uploads folder in a tar (entries under "uploads/"). Returns false, writing nothing,
 * when there are no uploads.
 */
export async function archiveUploads(uploadsDir: string, file: string): Promise<boolean> {
  const folder = path.resolve(uploadsDir);
  if (!hasEntries(folder)) return false;
  await writeWhole(file, (partial) =>
    run("tar", ["-cf", partial, "-C", path.dirname(folder), path.basename(folder)]),
  );
  return true;
}

/**
 * Unpacks an uploads tar into the uploads folder. Files already there are kept beside the
 * archive's: names are content hashes, so a name never stands for two different files.
 */
export async function extractUploads(file: string, uploadsDir: string): Promise<void> {
  const folder = path.resolve(uploadsDir);
  await mkdir(folder, { recursive: true });
  await run("tar", ["-xf", file, "-C", folder, "--strip-components=1", "--no-same-owner"]);
}
