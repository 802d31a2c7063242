/**
 * `npm run import:legacy -- <export.json> [--dry-run]`: brings the old site's data into the
 * store (docs/importing.md) and prints what it did, record by record where one was refused.
 * Opens the database as the other scripts do (DATABASE_URL, or the PGlite folder DATA_DIR).
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { importLegacyExport } from "~/features/legacy/legacy-import.server";
import { formatImportReport } from "~/features/legacy/legacy-report.server";
import { openCliDatabase, runCli } from "./lib/cli-database";

const USAGE = "Usage: npm run import:legacy -- <export.json> [--dry-run]";

runCli(async () => {
  const { values, positionals } = parseArgs({
    options: { "dry-run": { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new Error(USAGE);
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new Error(
      `Could not read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const { database, close } = await openCliDatabase();
  try {
    await database.exclusive(() => database.migrate());
    const dryRun = values["dry-run"] ?? false;
    process.stdout.write(
      `Importing ${file}${dryRun ? " (dry run: nothing is written)" : ""} into ${database.kind}\n\n`,
    );
    const report = await importLegacyExport(database.db, data, { dryRun });
    process.stdout.write(formatImportReport(report));
  } finally {
    await close();
  }
});
