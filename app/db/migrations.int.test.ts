/**
 * Migrations that change rows, tried on a database that has them: the migrations up to one are
 * applied, rows are stored as the store then stored them, and the next migration runs.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/helpers/test-db";
import { createPglite, migrationsFolder, pgliteDatabase } from "./client.server";

type Journal = { entries: { tag: string }[] };

/** A copy of the migrations folder that stops after the migration tagged `last`. */
function migrationsUpTo(last: string): string {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as Journal;
  const end = journal.entries.findIndex((entry) => entry.tag === last);
  if (end < 0) throw new Error(`no migration ${last}`);
  const entries = journal.entries.slice(0, end + 1);
  const folder = mkdtempSync(path.join(tmpdir(), "store-migrations-"));
  mkdirSync(path.join(folder, "meta"));
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) {
    copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return folder;
}

async function rows<T>(client: PGlite, sql: string): Promise<T[]> {
  return (await client.query<T>(sql)).rows;
}

describe("0009 (issue 20): totals, UTRs and payment times", () => {
  it("keeps a UTR on its first order, notes its removal on the others, and gives pending orders 48 hours", async () => {
    const client = await createPglite("memory://");
    try {
      await migrate(drizzle(client), {
        migrationsFolder: migrationsUpTo("0008_outlets_bookings_messages"),
      });
      await client.exec(`
        insert into orders (number, customer_name, phone, address, city, pincode, subtotal_paise,
                            total_paise, reference, utr, status, created_at) values
          (20001, 'A', '9876543210', 'x', 'Ahmedabad', '380015', 100, 100, 'R1', '434512345678', 'paid', '2026-11-20T10:00:00Z'),
          (20002, 'B', '9876543210', 'x', 'Ahmedabad', '380015', 100, 100, 'R2', '434512345678', 'payment_pending', '2026-11-21T10:00:00Z'),
          (20003, 'C', '9876543210', 'x', 'Ahmedabad', '380015', 100, 100, 'R3', '434512345678', 'cancelled', '2026-11-19T10:00:00Z'),
          (20004, 'D', '9876543210', 'x', 'Ahmedabad', '380015', 100, 100, 'R4', null, 'payment_pending', '2026-11-22T10:00:00Z')`);

      await pgliteDatabase(client).migrate();

      const orders = await rows<{ number: number; utr: string | null; due: string | null }>(
        client,
        `select number, utr, to_char(payment_due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as due
         from orders order by number`,
      );
      expect(orders).toEqual([
        { number: 20001, utr: "434512345678", due: null },
        { number: 20002, utr: null, due: "2026-11-23T10:00" },
        // A cancelled order keeps what it had: it holds no UTR.
        { number: 20003, utr: "434512345678", due: null },
        { number: 20004, utr: null, due: "2026-11-24T10:00" },
      ]);
      const notes = await rows<{ note: string }>(
        client,
        "select e.note from order_events e join orders o on o.id = e.order_id where o.number = 20002",
      );
      expect(notes).toEqual([{ note: "UTR 434512345678 removed: order #20001 has it" }]);
      // And from now on the database refuses a second order with that UTR.
      await expect(
        client.exec(
          `insert into orders (customer_name, phone, address, city, pincode, subtotal_paise, total_paise, reference, utr)
           values ('E', '9876543210', 'x', 'Ahmedabad', '380015', 100, 100, 'R5', '434512345678')`,
        ),
      ).rejects.toThrow(/orders_utr_unique/);
    } finally {
      await client.close();
    }
  });

  it("sorts names alike on either database, whatever its collation: case and accents aside", async () => {
    const t = await createTestDatabase();
    try {
      const result = await t.db.execute(
        sql`select name from (values ('MI Road'), ('Maninagar'), ('Élite Motors'), ('ambawadi'), ('Zed')) as v(name)
            order by name_sort_key(name) collate "C", name collate "C"`,
      );
      const names = (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
      expect(names).toEqual(["ambawadi", "Élite Motors", "Maninagar", "MI Road", "Zed"]);
    } finally {
      await t.close();
    }
  });
});
