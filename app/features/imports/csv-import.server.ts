import { randomBytes } from "node:crypto";
import { and, eq, getTableColumns, gt, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db, Tx } from "~/db/client.server";
import { type CsvImportOutcome, csvImports } from "~/db/schema";
import type { CsvImportKind } from "~/db/schema/enums";
import { CsvSyntaxError, parseCsv } from "~/lib/csv";
import { NotFound, ValidationError } from "~/lib/errors";
import { type FieldErrors, parseForm } from "~/lib/forms";
import { csvImportMessages as m } from "./csv-import.messages";
import {
  IMPORT_FILE_FIELD,
  IMPORT_TTL_MS,
  type ImportCellError,
  type ImportChange,
  type ImportPreviewRow,
  type ImportView,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  PREVIEW_ROWS_SHOWN,
} from "./csv-import.schema";

type Actor = { id: string };

/** A cell read into form fields, or the cell's error. */
export type CellReading = { values: FormValues } | { error: string };

/** The admin form's values an import builds (a multi-select's field holds several). */
export type FormValues = Record<string, string | string[]>;

/**
 * One column of a list's CSV: how the export writes a record's cell, and how an import reads a
 * cell back into the admin form's fields (so the form's own zod schema checks it).
 */
export type ImportColumn<R, P, C> = {
  header: string;
  /** Other headings read as this column (any case, spaces and punctuation ignored). */
  aliases?: string[];
  /** The export's cell of a record. */
  cell: (record: R) => string | number | boolean | null;
  /** The form field the cell fills; none: written by the export, ignored by an import (an Id). */
  field?: string;
  /** The cell as form fields (default: the cell as the `field`), or an error. */
  read?: (cell: string, context: C) => CellReading;
  /** The form fields whose errors are this column's (default: `field`). */
  errorFields?: string[];
  /** The value as the preview shows a change, from the parsed form (default: its field's). */
  show?: (parsed: P, context: C) => string;
};

/** A row ready to be written: a new record, or a change to `before`. */
export type Planned<R, W> = { line: number; values: W; before: R | null };

/**
 * A list that takes CSV imports: its columns (shared with its export), the admin form's schema,
 * how records are matched, the checks the form's save makes beyond the schema, and the bulk
 * writes. See docs/csv-import.md for each list's columns and matching.
 */
export type Importer<R, P, W, C> = {
  kind: CsvImportKind;
  columns: ImportColumn<R, P, C>[];
  /** Headings that must be in the file (the match needs them). */
  required: string[];
  schema: z.ZodType<P>;
  /** Every record of the list and what reading the file's rows needs (batteries by model). */
  load: (db: Db | Tx, rows: Map<string, string>[]) => Promise<{ records: R[]; context: C }>;
  /** The record a row is about (null: a new one), by its cells (by heading), or an error. */
  match: (
    cells: Map<string, string>,
    records: R[],
    context: C,
  ) => { record: R | null } | { error: ImportCellError };
  /** What the row is called in the preview. */
  name: (cells: Map<string, string>) => string;
  /** The keys that two rows of one file must not share (after parsing). */
  duplicateKeys: (parsed: P, before: R | null) => string[];
  /** The form's save, checked: the values to write, or errors by form field. */
  prepare: (parsed: P, before: R | null, context: C) => W | { errors: FieldErrors };
  /** Writes the new records and the changes in bulk, and audits each record. */
  write: (tx: Tx, rows: Planned<R, W>[], actor: Actor, options: WriteOptions) => Promise<void>;
};

export type WriteOptions = { publicUrl: string; now: Date };

// biome-ignore lint/suspicious/noExplicitAny: importers are stored type-erased.
export type AnyImporter = Importer<any, any, any, any>;

/** A heading as it is compared: lower case, letters and digits only. */
const headingKey = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9]/g, "");

const fileError = (message: string) =>
  new ValidationError(message, { [IMPORT_FILE_FIELD]: message });

/** The columns of the header row, by their index in the file. */
function readHeader(importer: AnyImporter, cells: string[]) {
  const byKey = new Map<string, AnyImporter["columns"][number]>();
  for (const column of importer.columns) {
    for (const name of [column.header, ...(column.aliases ?? [])]) {
      byKey.set(headingKey(name), column);
    }
  }
  const unknown: string[] = [];
  const seen = new Set<string>();
  const layout: { index: number; column: AnyImporter["columns"][number] }[] = [];
  cells.forEach((cell, index) => {
    if (cell.trim() === "") return;
    const column = byKey.get(headingKey(cell));
    if (!column) {
      unknown.push(cell.trim());
      return;
    }
    if (seen.has(column.header)) throw fileError(m.repeatedColumn(column.header));
    seen.add(column.header);
    layout.push({ index, column });
  });
  if (unknown.length > 0) {
    throw fileError(
      m.unknownColumns(
        unknown,
        importer.columns.map((c) => c.header),
      ),
    );
  }
  const missing = importer.required.filter((header) => !seen.has(header));
  if (missing.length > 0) throw fileError(m.missingColumns(missing));
  return layout;
}

/** A cell as typed: without the ' an export puts before a cell that starts like a formula
 * (lib/csv.ts csvCell), so "+91 98250 00000" round-trips. */
const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * Reads an uploaded CSV: refused (a ValidationError on the file field, so a 400 next to it) when
 * it is over 5 MB, not text, cannot be read as CSV, has an unknown or missing column, no rows,
 * or more than 10,000 rows.
 */
export function readImportFile(importer: AnyImporter, text: string) {
  if (text.length > MAX_IMPORT_BYTES || Buffer.byteLength(text) > MAX_IMPORT_BYTES) {
    throw fileError(m.fileTooLarge);
  }
  if (text.includes("\0")) throw fileError(m.notCsv);
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw fileError(m.badQuotes(error.line));
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw fileError(m.empty);
  const layout = readHeader(importer, header.cells);
  const filled = rows.filter((row) => row.cells.some((cell) => cell.trim() !== ""));
  if (filled.length === 0) throw fileError(m.empty);
  if (filled.length > MAX_IMPORT_ROWS) throw fileError(m.tooManyRows);
  return filled.map((row) => ({
    line: row.line,
    cells: new Map(
      layout.map(({ index, column }) => [column.header, unguarded(row.cells[index] ?? "")]),
    ),
  }));
}

const isRefusal = (value: unknown): value is { errors: FieldErrors } =>
  typeof value === "object" && value !== null && "errors" in value;

type Analysed<R, W> = ImportPreviewRow & { plan?: Planned<R, W> };

const cellText = (value: string | number | boolean | null) =>
  value === null ? "" : typeof value === "boolean" ? (value ? "yes" : "no") : String(value);

/**
 * Compares each row of the file with the list, as the admin form would save it: the record's
 * own values (from its export cells) with the file's cells over them, parsed by the form's
 * schema and checked as its save checks. Reads only.
 */
export async function analyseImport<R, P, W, C>(
  db: Db | Tx,
  importer: Importer<R, P, W, C>,
  text: string,
): Promise<Analysed<R, W>[]> {
  const rows = readImportFile(importer, text);
  const { records, context } = await importer.load(
    db,
    rows.map((r) => r.cells),
  );
  const importable = importer.columns.filter((c) => c.field);
  const headerOf = new Map<string, string>();
  for (const column of importable) {
    for (const field of column.errorFields ?? [column.field as string]) {
      headerOf.set(field, column.header);
    }
  }
  const toForm = (cells: Map<string, string>, base: FormValues) => {
    const values = { ...base };
    const errors: ImportCellError[] = [];
    for (const column of importable) {
      const cell = cells.get(column.header);
      if (cell === undefined) continue;
      const reading: CellReading = column.read
        ? column.read(cell.trim(), context)
        : { values: { [column.field as string]: cell.trim() } };
      if ("error" in reading) errors.push({ column: column.header, message: reading.error });
      else Object.assign(values, reading.values);
    }
    return { values, errors };
  };
  const byColumn = (fieldErrors: FieldErrors): ImportCellError[] =>
    Object.entries(fieldErrors).map(([field, message]) => ({
      column: headerOf.get(field) ?? field,
      message,
    }));
  const seen = new Map<string, number>();
  return rows.map(({ line, cells }): Analysed<R, W> => {
    const key = importer.name(cells);
    const row = (fields: Partial<Analysed<R, W>>): Analysed<R, W> => ({
      line,
      key,
      status: "error",
      changes: [],
      errors: [],
      ...fields,
    });
    const matched = importer.match(cells, records, context);
    if ("error" in matched) return row({ errors: [matched.error] });
    const before = matched.record;
    const base = before
      ? toForm(new Map(importable.map((c) => [c.header, cellText(c.cell(before))])), {})
      : { values: {}, errors: [] };
    const given = toForm(cells, base.values);
    if (given.errors.length > 0) return row({ errors: given.errors });
    const parsed = parseForm(importer.schema, given.values);
    if (!parsed.success) return row({ errors: byColumn(parsed.fieldErrors) });
    const prepared = importer.prepare(parsed.data, before, context);
    if (isRefusal(prepared)) return row({ errors: byColumn(prepared.errors) });
    const keys = importer.duplicateKeys(parsed.data, before);
    const earlier = keys.map((k) => seen.get(k)).find((l) => l !== undefined);
    if (earlier !== undefined) {
      return row({
        errors: [{ column: importer.required[0] ?? "", message: m.duplicate(earlier) }],
      });
    }
    for (const k of keys) seen.set(k, line);
    const plan = { line, values: prepared as W, before };
    if (!before) return row({ status: "new", plan });
    const old = parseForm(importer.schema, base.values);
    const changes: ImportChange[] = [];
    for (const column of importable) {
      if (!cells.has(column.header)) continue;
      const show =
        column.show ??
        ((p: P) => cellText((p as Record<string, never>)[column.field as string] ?? null));
      const from = old.success ? show(old.data, context) : cellText(column.cell(before));
      const to = show(parsed.data, context);
      if (from !== to) changes.push({ column: column.header, from, to });
    }
    return changes.length === 0
      ? row({ status: "unchanged" })
      : row({ status: "changed", changes, plan });
  });
}

function counts(rows: ImportPreviewRow[]) {
  const n = (status: ImportPreviewRow["status"]) => rows.filter((r) => r.status === status).length;
  return {
    created: n("new"),
    updated: n("changed"),
    unchanged: n("unchanged"),
    errors: n("error"),
  };
}

/** The rows the preview lists: all when few, else the ones that are not unchanged first. */
function shown(rows: ImportPreviewRow[]): ImportPreviewRow[] {
  const bare = rows.map(({ line, key, status, changes, errors }) => ({
    line,
    key,
    status,
    changes,
    errors,
  }));
  if (bare.length <= PREVIEW_ROWS_SHOWN) return bare;
  return bare.filter((r) => r.status !== "unchanged").slice(0, PREVIEW_ROWS_SHOWN);
}

/**
 * Keeps an uploaded file for its preview (ADR 034) after checking it can be read, and gives
 * the upload's id. Uploads older than a day are removed on the way. Writes nothing else.
 */
export async function stageImport(
  db: Db,
  importer: AnyImporter,
  file: { name: string; text: string },
  actor: Actor,
  now = new Date(),
): Promise<string> {
  const rows = readImportFile(importer, file.text);
  const id = randomBytes(18).toString("base64url");
  await db.delete(csvImports).where(lt(csvImports.createdAt, new Date(now.getTime() - 86_400_000)));
  await db.insert(csvImports).values({
    id,
    kind: importer.kind,
    actorId: actor.id,
    fileName: file.name.slice(0, 120) || "file.csv",
    rowCount: rows.length,
    csv: file.text,
    createdAt: now,
  });
  return id;
}

/** The admin's own upload of this list: waiting (under an hour old) or confirmed. */
async function findImport(
  db: Db | Tx,
  kind: CsvImportKind,
  id: string,
  actor: Actor,
  now: Date,
  options: { waiting?: boolean; lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(csvImports)
    .where(
      and(
        eq(csvImports.id, id),
        eq(csvImports.kind, kind),
        eq(csvImports.actorId, actor.id),
        gt(csvImports.createdAt, new Date(now.getTime() - IMPORT_TTL_MS)),
        options.waiting ? isNull(csvImports.confirmedAt) : undefined,
      ),
    );
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** What the page shows of an upload: the preview of a waiting one, the outcome of a confirmed
 * one; null when there is none of this admin's, of this list, under an hour old. */
export async function viewImport(
  db: Db,
  importer: AnyImporter,
  id: string,
  actor: Actor,
  now = new Date(),
): Promise<ImportView | null> {
  const upload = await findImport(db, importer.kind, id, actor, now);
  if (!upload) return null;
  const head = { id, fileName: upload.fileName, rowCount: upload.rowCount };
  if (upload.outcome) {
    const { created, updated, unchanged, skipped } = upload.outcome;
    return {
      ...head,
      counts: { created, updated, unchanged, errors: skipped.length },
      rows: skipped
        .slice(0, PREVIEW_ROWS_SHOWN)
        .map((s) => ({ ...s, status: "error" as const, changes: [] })),
      confirmed: true,
    };
  }
  const rows = await analyseImport(db, importer, upload.csv ?? "");
  return { ...head, counts: counts(rows), rows: shown(rows), confirmed: false };
}

/**
 * Imports a waiting upload in one transaction: every row checked again against the list as it
 * is now (the same schema and checks as the preview), the new records and the changes written
 * in bulk with one audit entry each, rows with errors skipped and kept in the outcome, which
 * the page then shows. The upload's text is dropped.
 */
export async function confirmImport(
  db: Db,
  importer: AnyImporter,
  id: string,
  actor: Actor,
  options: { publicUrl: string; now?: Date },
): Promise<CsvImportOutcome> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const upload = await findImport(tx, importer.kind, id, actor, now, {
      waiting: true,
      lock: true,
    });
    if (!upload) throw new NotFound(m.gone);
    const rows = await analyseImport(tx, importer, upload.csv ?? "");
    const plans = rows.flatMap((r) => (r.plan ? [r.plan] : []));
    if (plans.length > 0) {
      await importer.write(tx, plans, actor, { publicUrl: options.publicUrl, now });
    }
    const { created, updated, unchanged } = counts(rows);
    const outcome: CsvImportOutcome = {
      created,
      updated,
      unchanged,
      skipped: rows
        .filter((r) => r.status === "error")
        .map(({ line, key, errors }) => ({ line, key, errors })),
    };
    await tx
      .update(csvImports)
      .set({ csv: null, confirmedAt: now, outcome })
      .where(eq(csvImports.id, id));
    return outcome;
  });
}

/** Splits rows into chunks for bulk statements (PostgreSQL takes at most 65,535 parameters). */
export function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** A yes/no cell ("yes", "no", "true", "false", "1", "0", any case) as a checkbox field. */
export function readYesNo(field: string, checked = "on", unchecked = "") {
  return (cell: string): CellReading => {
    const value = cell.toLowerCase();
    if (["yes", "y", "true", "1"].includes(value)) return { values: { [field]: checked } };
    if (["no", "n", "false", "0", ""].includes(value)) return { values: { [field]: unchecked } };
    return { error: m.yesNo };
  };
}

export const yesNo = (value: boolean | undefined | null) => (value ? "yes" : "no");

/** One of a list's values, written as its value or its label (any case); blank stays blank. */
export function readChoice(field: string, labels: Record<string, string>, message: string) {
  return (cell: string): CellReading => {
    if (cell === "") return { values: { [field]: "" } };
    const wanted = cell.toLowerCase();
    const found = Object.entries(labels).find(
      ([value, label]) => value.toLowerCase() === wanted || label.toLowerCase() === wanted,
    );
    return found ? { values: { [field]: found[0] } } : { error: message };
  };
}

/** The fields of an audit snapshot that differ (the whole snapshot for a new record). */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) {
  if (!before) return { before: null, after };
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * The `set` of a bulk update written as `insert … overriding system value … on conflict (id) do
 * update`: each of these columns (and updated_at) takes the row's proposed value.
 */
export function fromProposed<T extends PgTable>(table: T, keys: readonly string[]) {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(
    [...keys, "updatedAt"].map((key): [string, SQL] => [
      key,
      sql.raw(`excluded."${(columns[key] as { name: string }).name}"`),
    ]),
  );
}
