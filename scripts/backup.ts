/**
 * `npm run backup [-- --out <folder>] [--no-uploads]`: a backup of the store's database and its
 * local uploads, named by the time it was taken (ADR 041). See the usage text below.
 */
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { createPglite } from "~/db/client.server";
import { acquireDataDirLock } from "~/db/data-lock.server";
import { loadDotEnv, loadEnv, s3Settings } from "~/lib/env.server";
import {
  archiveUploads,
  BACKUP_SUFFIX,
  backupPglite,
  backupPostgres,
  backupStem,
  holdsPglite,
  pgliteFolder,
} from "./lib/backup";
import { runCommand, UsageError } from "./lib/cli-exit";

const usage = `Usage: npm run backup [-- --out <folder>] [--no-uploads]

Backs up the store's database: PostgreSQL with pg_dump when DATABASE_URL is set (the store may
keep running), otherwise the embedded PGlite database in DATA_DIR (stop the store first: it holds
the database). Uploads kept on the disk (DATA_DIR/uploads) go in a tar beside it, unless
--no-uploads; uploads in an S3 bucket are not included.

Files, in <folder> (default ./backups):
  store-<UTC time>.pgdump          PostgreSQL, pg_dump's custom format
  store-<UTC time>.pglite.tar.gz   embedded PGlite, its own dump of the data folder
  store-<UTC time>.uploads.tar     the uploads folder

Exit codes: 0 done, 1 failed, 2 called wrongly.`;

async function sizeOf(file: string): Promise<string> {
  return `${((await stat(file)).size / 1024).toFixed(1)} KB`;
}

async function main() {
  let values: { out?: string; "no-uploads"?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        out: { type: "string" },
        "no-uploads": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  loadDotEnv();
  const env = loadEnv();
  const out = path.resolve(values.out ?? "backups");
  await mkdir(out, { recursive: true });
  const stem = path.join(out, backupStem(new Date()));
  const written: string[] = [];

  if (env.DATABASE_URL) {
    const file = `${stem}${BACKUP_SUFFIX.postgres}`;
    await backupPostgres(env.DATABASE_URL, file);
    written.push(file);
  } else {
    const folder = pgliteFolder(env.DATA_DIR);
    if (!holdsPglite(folder))
      throw new Error(`There is no embedded database in ${folder} to back up.`);
    const release = acquireDataDirLock(env.DATA_DIR);
    try {
      const client = await createPglite(folder);
      try {
        const file = `${stem}${BACKUP_SUFFIX.pglite}`;
        await backupPglite(client, file);
        written.push(file);
      } finally {
        await client.close();
      }
    } finally {
      release();
    }
  }

  const s3 = s3Settings(env);
  let uploadsNote = "";
  if (values["no-uploads"]) uploadsNote = "Uploads left out (--no-uploads).";
  else if (s3) {
    uploadsNote = `Uploads are in the bucket ${s3.bucket}, not in this backup: keep them with the bucket's versioning or replication.`;
  } else {
    const file = `${stem}${BACKUP_SUFFIX.uploads}`;
    if (await archiveUploads(path.resolve(env.DATA_DIR, "uploads"), file)) written.push(file);
    else uploadsNote = "No uploaded files to back up.";
  }
  for (const file of written) process.stdout.write(`Wrote ${file} (${await sizeOf(file)})\n`);
  if (uploadsNote) process.stdout.write(`${uploadsNote}\n`);
}

runCommand(usage, main);
