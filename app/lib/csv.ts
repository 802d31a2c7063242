import { formatDateTime } from "./format";

/** The most rows one admin export holds (a list's filters apply; pages do not). */
export const CSV_EXPORT_ROWS = 10_000;

/** One column of a CSV export: its heading and how a row gives its value. */
export type CsvColumn<Row> = {
  header: string;
  value: (row: Row) => string | number | boolean | null;
};

/**
 * A moment as two columns: "<name> (UTC)" in ISO 8601 for programs, and "<name> (India)" as the
 * store's pages write it, so that an order placed after midnight in India is on its own day.
 */
export function momentColumns<Row>(
  name: string,
  at: (row: Row) => Date | string,
): CsvColumn<Row>[] {
  return [
    { header: `${name} (UTC)`, value: (row) => new Date(at(row)).toISOString() },
    { header: `${name} (India)`, value: (row) => formatDateTime(new Date(at(row))) },
  ];
}

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

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** Spaces around a cell (Unicode white space, as String.prototype.trim drops), never the delimiter or a line end. */
function isBlank(code: number, delimiter: number): boolean {
  return (
    code !== delimiter &&
    code !== CR &&
    code !== LF &&
    (code === 0x20 ||
      code === 0x09 ||
      code === 0x0b ||
      code === 0x0c ||
      code === 0xa0 ||
      (code > 0xff && /\s/.test(String.fromCharCode(code))))
  );
}

/**
 * Reads CSV text (RFC 4180, as banks and spreadsheets write it): cells separated by `delimiter`
 * (one character), quoted cells with "" for a quote and line breaks inside, lines ended by CRLF,
 * LF or CR (mixed too), a leading byte-order mark ignored, spaces around a cell dropped, a quote
 * inside an unquoted cell kept as it is. Blank lines (nothing or only spaces) give no record;
 * records may have different numbers of cells. Each record keeps the line it starts on, so a
 * problem can be reported where the person sees it in the file. A quote never closed, or text
 * after a closing quote, throws a CsvSyntaxError naming the line its record starts on.
 *
 * One pass over the text (a 1,000-line bank statement in about a millisecond; csv-parse, which
 * read it before, took 20-70 ms, over the statement preview's whole budget: ADR 039).
 */
export function parseCsv(text: string, delimiter = ","): CsvRecord[] {
  if (delimiter.length !== 1) throw new Error("parseCsv reads a one-character delimiter");
  const sep = delimiter.charCodeAt(0);
  const end = text.length;
  const records: CsvRecord[] = [];
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (at < end) {
    const first = line;
    const cells: string[] = [];
    let quotedCell = false;
    // One record: its cells up to a line end (outside quotes) or the end of the text.
    for (;;) {
      while (at < end && isBlank(text.charCodeAt(at), sep)) at += 1;
      let code = text.charCodeAt(at);
      if (code === QUOTE) {
        quotedCell = true;
        let value = "";
        let from = at + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close < 0) throw new CsvSyntaxError(first);
          value += text.slice(from, close);
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += '"';
            from = close + 2;
          } else {
            at = close + 1;
            break;
          }
        }
        line += lineBreaksIn(value);
        cells.push(value);
        while (at < end && isBlank(text.charCodeAt(at), sep)) at += 1;
        code = text.charCodeAt(at);
        if (at < end && code !== sep && code !== CR && code !== LF) throw new CsvSyntaxError(first);
      } else {
        const from = at;
        while (at < end) {
          code = text.charCodeAt(at);
          if (code === sep || code === CR || code === LF) break;
          at += 1;
        }
        cells.push(text.slice(from, at).trim());
      }
      if (at >= end) break;
      if (code === sep) {
        at += 1;
        continue;
      }
      // A line end: CRLF, LF or CR.
      at += code === CR && text.charCodeAt(at + 1) === LF ? 2 : 1;
      line += 1;
      break;
    }
    // A blank line (nothing, or spaces only) is no record; an empty quoted cell is one.
    if (cells.length === 1 && cells[0] === "" && !quotedCell) continue;
    records.push({ line: first, cells });
  }
  return records;
}

/** The lines a cell's text spans beyond its first: CRLF, LF and CR each end one. */
function lineBreaksIn(value: string): number {
  let breaks = 0;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === LF) breaks += 1;
    else if (code === CR) {
      breaks += 1;
      if (value.charCodeAt(i + 1) === LF) i += 1;
    }
  }
  return breaks;
}
