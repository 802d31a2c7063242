import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { csvImportKinds, sqlList } from "./enums";

/** What a confirmed import did: counts, and the rows skipped with their errors by column. */
export type CsvImportOutcome = {
  created: number;
  updated: number;
  unchanged: number;
  skipped: { line: number; key: string; errors: { column: string; message: string }[] }[];
};

/**
 * An uploaded CSV waiting for the admin's confirmation (ADR 034): the file's text, kept between
 * the preview and the confirmation so nothing of the catalogue or the outlets is written before
 * it. Only the admin who uploaded it can see or confirm it, for an hour; once confirmed, the text
 * is dropped and the outcome kept (the page shows it), and the row is removed a day later.
 */
export const csvImports = pgTable(
  "csv_imports",
  {
    /** A random token: the address of the preview (`?import=<id>`). */
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    actorId: text("actor_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    rowCount: integer("row_count").notNull(),
    /** The file's text; null once the import is confirmed. */
    csv: text("csv"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    outcome: jsonb("outcome").$type<CsvImportOutcome>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("csv_imports_kind_check", sql.raw(`"kind" in (${sqlList(csvImportKinds)})`)),
    index("csv_imports_created_idx").on(t.createdAt),
  ],
);
