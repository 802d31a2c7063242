/**
 * `npm run restore -- <backup file> [--force]`: puts a backup made by `npm run backup` back
 * (ADR 041). See the usage text below.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { acquireDataDirLock } from "~/db/data-lock.server";
import { loadDotEnv, loadEnv, s3Settings } from "~/lib/env.server";
import {
  backupKindOf,
  extractUploads,
  RestoreRefused,
  restorePglite,
  restorePostgres,
  uploadsArchiveOf,
} from "./lib/backup";
import { runCommand, UsageError } from "./lib/cli-exit";

const usage = `Usage: npm run restore -- <backup file> [--force]

Restores a backup made by npm run backup into the store's database: a .pgdump file into the
PostgreSQL database DATABASE_URL names, a .pglite.tar.gz file into DATA_DIR/db. Stop the store
first. The uploads tar beside the file (store-<time>.uploads.tar), if any, is unpacked into
DATA_DIR/uploads.

A database that already holds data is left alone unless --force is given: then PostgreSQL's
tables are dropped first, and an embedded database is moved aside to db.before-restore-<time>.

Exit codes: 0 done, 1 failed, 2 called wrongly, 3 refused (the database holds data; no --force).`;

async function main() {
  let parsed: { values: { force?: boolean; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      options: { force: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (positionals.length !== 1) throw new UsageError("Name one backup file to restore.");
  const file = path.resolve(positionals[0] ?? "");
  const kind = backupKindOf(file);
  if (!kind) {
    throw new UsageError(`${file} is not a database backup (.pgdump or .pglite.tar.gz).`);
  }
  if (!existsSync(file)) throw new UsageError(`${file} does not exist.`);
  loadDotEnv();
  const env = loadEnv();
  const force = values.force ?? false;

  if (kind === "postgres") {
    if (!env.DATABASE_URL) {
      throw new UsageError(
        `${path.basename(file)} is a PostgreSQL backup: set DATABASE_URL to the database to restore it into.`,
      );
    }
    await restorePostgres(file, env.DATABASE_URL, { force });
    process.stdout.write(`Restored ${path.basename(file)} into the PostgreSQL database.\n`);
  } else {
    if (env.DATABASE_URL) {
      throw new UsageError(
        `${path.basename(file)} is an embedded PGlite backup, but DATABASE_URL is set: unset it to restore into DATA_DIR.`,
      );
    }
    const release = acquireDataDirLock(env.DATA_DIR);
    try {
      const { movedAside } = await restorePglite(file, env.DATA_DIR, { force, now: new Date() });
      process.stdout.write(
        `Restored ${path.basename(file)} into ${path.resolve(env.DATA_DIR, "db")}.\n`,
      );
      if (movedAside) {
        process.stdout.write(
          `The database it replaced is in ${movedAside}: delete it once you are sure.\n`,
        );
      }
    } finally {
      release();
    }
  }

  const uploads = uploadsArchiveOf(file);
  if (existsSync(uploads)) {
    const s3 = s3Settings(env);
    if (s3) {
      process.stdout.write(
        `${path.basename(uploads)} was not unpacked: uploads are in the bucket ${s3.bucket}. Copy its files there with an S3 tool if they are missing.\n`,
      );
    } else {
      await extractUploads(uploads, path.resolve(env.DATA_DIR, "uploads"));
      process.stdout.write(
        `Unpacked ${path.basename(uploads)} into ${path.resolve(env.DATA_DIR, "uploads")}.\n`,
      );
    }
  }
}

runCommand(usage, main, (error) => (error instanceof RestoreRefused ? 3 : undefined));
