import { MAX_IMPORT_MB, MAX_IMPORT_ROWS } from "./csv-import.schema";

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-IN")} ${n === 1 ? one : many}`;

/** Every text of the CSV import (the upload, the preview and the outcome). */
export const csvImportMessages = {
  fileRequired: "Choose the CSV file to import",
  fileTooLarge: `The file is over ${MAX_IMPORT_MB} MB: split it into smaller files`,
  notCsv: "This is not a CSV file: save the sheet as CSV (comma-separated) and upload that",
  empty: "The file has no rows: it needs the header row and at least one row below it",
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-IN")} rows: split it into smaller files`,
  badQuotes: (line: number) =>
    `The file cannot be read as CSV: a quoted cell that starts on line ${line} is not closed, or text follows its closing quote`,
  unknownColumns: (unknown: string[], accepted: string[]) =>
    `The header row names ${unknown.length === 1 ? "a column" : "columns"} this list does not have: ${unknown.join(", ")}. The columns are: ${accepted.join(", ")}`,
  missingColumns: (missing: string[]) =>
    `The header row must name ${missing.length === 1 ? "the column" : "the columns"} ${missing.join(", ")} (the first row of the file)`,
  repeatedColumn: (column: string) => `The header row names the column ${column} twice`,
  duplicate: (line: number) => `The same record as line ${line} of this file`,
  yesNo: "Write yes or no",
  gone: "This import is no longer waiting (it was confirmed, or is over an hour old): upload the file again",
  previewTitle: (fileName: string) => `Import ${fileName}`,
  summary: (s: { created: number; updated: number; unchanged: number; errors: number }) =>
    [
      `${count(s.created, "new record")}`,
      `${count(s.updated, "change")} to existing records`,
      `${s.unchanged.toLocaleString("en-IN")} unchanged`,
      `${count(s.errors, "row")} with errors${s.errors > 0 ? " (skipped)" : ""}`,
    ].join(", "),
  imported: (s: { created: number; updated: number; skipped: number }) =>
    `Imported: ${count(s.created, "new record")}, ${count(s.updated, "record")} changed${
      s.skipped > 0 ? `, ${count(s.skipped, "row")} with errors skipped` : ""
    }`,
  failed: {
    importPreview: "Could not read the CSV file",
    importConfirm: "Could not import the CSV file",
  },
};
