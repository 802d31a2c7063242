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

/**
 * Fills the pincode table from the committed file when it holds another version (a new store,
 * or a refreshed file): the version is the file's hash, kept as the table's comment, so an
 * unchanged file costs one small query at start-up. Runs after the migrations, in one
 * transaction (one insert: each column sent as one array); on PostgreSQL under the start-up
 * lock like them.
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
  // One column an array: a single insert of every row, several times faster than batches of rows.
  const column = <K extends keyof PincodeRow>(key: K) => sql.param(rows.map((row) => row[key]));
  await db.transaction(async (tx) => {
    await tx.delete(pincodes);
    await tx.execute(sql`insert into ${pincodes}
      (pincode, latitude, longitude, district, state, place)
      select * from unnest(${column("pincode")}::text[], ${column("latitude")}::float8[],
        ${column("longitude")}::float8[], ${column("district")}::text[], ${column("state")}::text[],
        ${column("place")}::text[])`);
    await tx.execute(sql.raw(`comment on table public.pincodes is '${version}'`));
  });
}
