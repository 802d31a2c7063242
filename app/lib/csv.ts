/** The most rows one admin export holds (a list's filters apply; pages do not). */
export const CSV_EXPORT_ROWS = 10_000;

/** One column of a CSV export: its heading and how a row gives its value. */
export type CsvColumn<Row> = {
  header: string;
  value: (row: Row) => string | number | boolean | null;
};

/**
 * A cell as spreadsheet programs read it safely: quoted when it holds a comma, quote or line
 * break, and prefixed with ' when it starts like a formula (=, +, -, @, tab, CR), so opening an
 * export never runs what a customer typed into a name.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
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
