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

/**
 * Reads CSV text (RFC 4180, as banks and spreadsheets write it): cells separated by `delimiter`,
 * quoted cells with "" for a quote and line breaks inside, lines ended by CRLF, LF or CR, a
 * leading byte-order mark ignored. Blank lines give no record. Each record keeps the line it
 * starts on, so a problem can be reported where the person sees it in the file.
 */
export function parseCsv(text: string, delimiter = ","): CsvRecord[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const endCell = () => {
    cells.push(cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    if (touched || cells.length > 1 || cells[0] !== "") records.push({ line: start, cells });
    cells = [];
    touched = false;
  };
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        if (c === "\n" || (c === "\r" && source[i + 1] !== "\n")) line += 1;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === "") {
      // A quote opens a quoted cell only at its start (spaces before it are dropped).
      cell = "";
      quoted = true;
      touched = true;
    } else if (c === delimiter) {
      endCell();
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && source[i + 1] === "\n") i += 1;
      endRecord();
      line += 1;
      start = line;
    } else {
      cell += c;
    }
  }
  if (cell !== "" || cells.length > 0 || touched) endRecord();
  return records;
}
