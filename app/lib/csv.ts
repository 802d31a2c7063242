import { CsvError, parse } from "csv-parse/sync";

/** The most rows one admin export holds (a list's filters apply; pages do not). */
export const CSV_EXPORT_ROWS = 10_000;

/** One column of a CSV export: its heading and how a row gives its value. */
export type CsvColumn<Row> = {
  header: string;
  value: (row: Row) => string | number | boolean | null;
};

/** A negative amount written as text ("-1234.50"): a number to a spreadsheet, never a formula. */
const NEGATIVE_DECIMAL = /^-\d+(\.\d+)?$/;

/**
 * A cell as spreadsheet programs read it safely: quoted when it holds a comma, quote or line
 * break, and prefixed with ' when it starts like a formula (=, +, -, @, tab, CR), so opening an
 * export never runs what a customer typed into a name. A plain negative amount ("-1234.50", as
 * `paiseToRupeeString` writes one) is left a number.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text) && !NEGATIVE_DECIMAL.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV text (RFC 4180, CRLF line ends), headings first. */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Row[]): string {
  const lines = [
    columns.map((c) => csvCell(c.header)).join(","),
    ...rows.map((row) => columns.map((c) => csvCell(c.value(row))).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/** A CSV download; private, since exports hold customer data. */
export function csvResponse(filename: string, csv: string): Response {
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** One record of a CSV file: its cells, and the line of the file it starts on (from 1). */
export type CsvRecord = { line: number; cells: string[] };

/** CSV text that cannot be read (a quote never closed, text after a closing quote). */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`The CSV text cannot be read at line ${line}`);
    this.name = "CsvSyntaxError";
  }
}

const LINE_BREAKS = /\r\n|\n|\r/g;

/**
 * Reads CSV text (RFC 4180, as banks and spreadsheets write it) with csv-parse: cells separated
 * by `delimiter`, quoted cells with "" for a quote and line breaks inside, lines ended by CRLF,
 * LF or CR (mixed too), a leading byte-order mark ignored, spaces around a cell dropped, a quote
 * inside an unquoted cell kept as it is. Blank lines give no record; records may have different
 * numbers of cells. Each record keeps the line it starts on, so a problem can be reported where
 * the person sees it in the file. Text that cannot be read throws a CsvSyntaxError.
 */
export function parseCsv(text: string, delimiter = ","): CsvRecord[] {
  let parsed: { record: string[]; info: { lines: number } }[];
  // The last line of the last record read: a record that cannot be read starts after it.
  let readUpTo = 0;
  try {
    parsed = parse(text, {
      delimiter,
      bom: true,
      info: true,
      ltrim: true,
      rtrim: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      record_delimiter: ["\r\n", "\n", "\r"],
      on_record: (record, context) => {
        readUpTo = context.lines;
        return record;
      },
    }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) throw new CsvSyntaxError(readUpTo + 1);
    throw error;
  }
  return parsed.map(({ record, info }) => {
    // csv-parse counts the lines up to the record's end; a cell's own line breaks go back.
    const inside = record.reduce((n, cell) => n + (cell.match(LINE_BREAKS)?.length ?? 0), 0);
    return { line: info.lines - inside, cells: record };
  });
}
