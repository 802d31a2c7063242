import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { pincodes } from "./schema";

/** The pincode directory as committed (scripts/build-pincodes.mjs writes it; ADR 030). */
export const pincodeFile = path.resolve("app/db/seed-data/pincodes.tsv");

type PincodeRow = typeof pincodes.$inferInsert;

/** The rows of the directory file: tab-separated, `#` lines are its notes. */
export function readPincodeFile(text: string): PincodeRow[] {
  const rows: PincodeRow[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const [pincode = "", latitude, longitude, district = "", state = ""] = line.split("\t");
    rows.push({
      pincode,
      latitude: Number(latitude),
      longitude: Number(longitude),
      district,
      state,
      // The directory names no town per pincode: its district is what people know it by.
      place: district,
    });
  }
  return rows;
}

/** Rows sent in one insert (six parameters each, well under PostgreSQL's 65,535). */
const BATCH = 4000;

/**
 * Fills the pincode table from the committed file when it holds another version (a new store,
 * or a refreshed file): the version is the file's hash, kept as the table's comment, so an
 * unchanged file costs one small query at start-up. Runs after the migrations, in one
 * transaction; on PostgreSQL under the start-up lock like them.
 */
export async function loadReferenceData(db: Db, file = pincodeFile): Promise<void> {
  const text = readFileSync(file, "utf8");
  const version = `pincodes.tsv sha256 ${createHash("sha256").update(text).digest("hex").slice(0, 16)}`;
  const [current] = await db
    .select({
      version: sql<string | null>`obj_description('public.pincodes'::regclass, 'pg_class')`,
    })
    .from(sql`(select 1) as one`);
  if (current?.version === version) return;
  const rows = readPincodeFile(text);
  await db.transaction(async (tx) => {
    await tx.delete(pincodes);
    for (let start = 0; start < rows.length; start += BATCH) {
      await tx.insert(pincodes).values(rows.slice(start, start + BATCH));
    }
    await tx.execute(sql.raw(`comment on table public.pincodes is '${version}'`));
  });
}
