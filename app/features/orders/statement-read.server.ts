import { CsvSyntaxError, parseCsv } from "~/lib/csv";
import { ValidationError } from "~/lib/errors";
import { statementMessages as m } from "./statement.messages";
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_LINES, statementColumns } from "./statement.schema";

/** The upload form's file field: where a refused statement's message is shown. */
const FILE_FIELD = "statement";

/** The longest narration kept (the rest of a bank's narration is rarely more than 200). */
export const NARRATION_CHARS = 500;

/** One credit of the statement: the line it is on, its day, amount and bank reference. */
export type StatementCredit = {
  line: number;
  /** The day credited, "2026-11-22". */
  date: string;
  amountPaise: number;
  /** The UTR or bank reference (see `canonicalReference`); null when the line has none. */
  reference: string | null;
  /** The bank's own id of the line, when the line has one beside a UTR (`statementReferences`). */
  lineId: string | null;
  narration: string;
};

/** A line that looked like a credit but could not be read. */
export type StatementProblem = { line: number; message: string };

export type Statement = {
  credits: StatementCredit[];
  problems: StatementProblem[];
  /** The headings the columns were read from, as the file writes them. */
  columns: { date: string; amount: string; reference: string | null; narration: string | null };
};

/** A heading as it is compared: lower case, letters and digits only, a "(INR)" unit dropped. */
function headingKey(heading: string): string {
  return heading
    .replace(/\([^)]*\)/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

type Role = keyof typeof statementColumns;
type Layout = Partial<Record<Role, number>>;

/** Which column holds what, by the header row's headings (first accepted name wins). */
function layoutOf(cells: string[]): Layout {
  const keys = cells.map(headingKey);
  const layout: Layout = {};
  for (const role of Object.keys(statementColumns) as Role[]) {
    for (const name of statementColumns[role]) {
      const index = keys.indexOf(headingKey(name));
      if (index >= 0) {
        layout[role] = index;
        break;
      }
    }
  }
  return layout;
}

/** A header row names a date, the credit (or an amount with Dr / Cr), and a narration or reference. */
function isHeader(layout: Layout): boolean {
  const amount =
    layout.credit !== undefined ||
    (layout.amount !== undefined && layout.creditOrDebit !== undefined);
  return (
    layout.date !== undefined &&
    amount &&
    (layout.narration !== undefined || layout.reference !== undefined)
  );
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The day as "2026-11-22", or null when it does not exist or is outside 2000-2100. */
function isoDay(year: number, month: number, day: number): string | null {
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0))) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));

/**
 * A statement's date as a day ("2026-11-22"): dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy, dd/mm/yy,
 * dd-MMM-yyyy (also "22 Nov 2026", "22-NOV-26") or yyyy-mm-dd, a time after it ignored. Null for
 * anything else, or a day that does not exist.
 */
export function parseStatementDate(text: string): string | null {
  const value = text
    .trim()
    .replace(/T\d.*$/, "")
    .replace(/\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]m)?$/i, "");
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(value);
  if (match) return isoDay(fullYear(match[3] ?? ""), Number(match[2]), Number(match[1]));
  match = /^(\d{1,2})[-/ ]([a-z]{3,9})[-/ ,]+(\d{4}|\d{2})$/i.exec(value);
  if (match) {
    const month = MONTHS.indexOf((match[2] ?? "").slice(0, 3).toLowerCase()) + 1;
    if (month === 0) return null;
    return isoDay(fullYear(match[3] ?? ""), month, Number(match[1]));
  }
  match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (match) return isoDay(Number(match[1]), Number(match[2]), Number(match[3]));
  return null;
}

/** Digits grouped the Indian way (1,23,45,678: twos after the last three) or the Western way. */
const INDIAN_GROUPING = /^\d{1,2}(?:,\d{2})*,\d{3}$/;
const WESTERN_GROUPING = /^\d{1,3}(?:,\d{3})+$/;
/** A decimal point after digits grouped with commas, or not grouped. */
const DECIMAL_POINT = /^([\d,]+)(?:\.(\d{1,2}))?$/;
/** A decimal comma after digits grouped with points, or not grouped ("4699,00", "4.699,00"). */
const DECIMAL_COMMA = /^(\d+|\d{1,3}(?:\.\d{3})+),(\d{1,2})$/;

/**
 * A statement's amount in paise, exactly (no floating point): "1,23,456.50", "123,456.50",
 * "2450", "₹ 2,450.00", "INR 2450", "2,450.00 Cr". Commas must group the digits the Indian or
 * the Western way; a decimal comma ("4699,00", "4.699,00") is read only when `decimalComma`
 * (a file separated by semicolons). 0 for an empty cell, "-" or zero; null for anything else.
 */
export function parseStatementAmount(
  text: string,
  options: { decimalComma?: boolean } = {},
): number | null {
  const value = text
    .trim()
    .replace(/^(?:₹|inr|rs\.?)\s*/i, "")
    .replace(/\s*cr\.?$/i, "");
  if (value === "" || value === "-") return 0;
  let whole: string;
  let fraction: string;
  const comma = options.decimalComma ? DECIMAL_COMMA.exec(value) : null;
  const point = DECIMAL_POINT.exec(value);
  if (comma) {
    whole = (comma[1] ?? "").replaceAll(".", "");
    fraction = comma[2] ?? "";
  } else if (
    point?.[1] &&
    (/^\d+$/.test(point[1]) || INDIAN_GROUPING.test(point[1]) || WESTERN_GROUPING.test(point[1]))
  ) {
    whole = point[1].replaceAll(",", "");
    fraction = point[2] ?? "";
  } else {
    return null;
  }
  if (whole.length > 13) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * A bank reference as it is stored and compared: upper-case letters and digits, and an all-digit
 * one without its leading zeros (HDFC writes the UTR 434512345678 as 0000434512345678).
 */
export function canonicalReference(text: string): string {
  const value = compact(text);
  return /^\d+$/.test(value) ? value.replace(/^0+(?=\d)/, "") : value;
}

/** Letters and digits of a text, in upper case: a narration as a reference is looked for in it. */
export function compact(text: string): string {
  return isCompact(text) ? text : text.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/**
 * Is the text only upper-case letters A-Z and digits, which upper-casing and dropping all else
 * leave as it is? Most references and every checkout reference are: the preview then makes no
 * new string for each of its thousands of orders.
 */
export function isCompact(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (!((code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a))) return false;
  }
  return true;
}

/** A UPI transaction's UTR: 12 digits standing alone ("UPI/434512345678/…"). */
const UPI_UTR = /(?<![A-Za-z0-9])(\d{12})(?![A-Za-z0-9])/;
const UPI_UTRS = new RegExp(UPI_UTR.source, "g");

/** A credit's identifiers: its UTR or bank reference, and the bank's own id of the line. */
export type CreditReferences = { reference: string | null; lineId: string | null };

/**
 * A credit's bank reference: the reference column when it holds one reference (letters and
 * digits), else a UTR written in it ("UPI-434512345678"), else the UTR in a UPI narration
 * ("UPI/434512345678/Payment/…"). SBI's "TRANSFER FROM 4897…" names the payer's account, not
 * the credit: it is no reference. When the column holds the bank's own id of the line
 * ("S12345678", "0000123456") and the UPI narration a UTR that is not it, the UTR is the
 * reference and the column's id the line id (`lineId`); otherwise the line id is null.
 */
export function statementReferences(cell: string, narration: string): CreditReferences {
  const value = cell.trim().replace(/^'/, "");
  const narrationUtrs = /upi/i.test(narration)
    ? [...narration.matchAll(UPI_UTRS)].map((found) => canonicalReference(found[1] ?? ""))
    : [];
  if (/^[A-Za-z0-9]{6,35}$/.test(value) && /\d/.test(value)) {
    const own = canonicalReference(value);
    if (own.length > 0 && own !== "0") {
      const [utr] = narrationUtrs;
      // The bank's line id beside the UPI transaction's UTR: the credit has both.
      if (utr && !narrationUtrs.includes(own)) return { reference: utr, lineId: own };
      return { reference: own, lineId: null };
    }
  }
  const inCell = UPI_UTR.exec(value)?.[1];
  return {
    reference: inCell ? canonicalReference(inCell) : (narrationUtrs[0] ?? null),
    lineId: null,
  };
}

function assertSize(csvText: string): void {
  if (csvText.length > MAX_STATEMENT_BYTES || Buffer.byteLength(csvText) > MAX_STATEMENT_BYTES) {
    throw new ValidationError(m.fileTooLarge, { [FILE_FIELD]: m.fileTooLarge });
  }
}

/** The records and header of the file, in the first delimiter that gives a header row. */
function findHeader(csvText: string) {
  let unreadable: CsvSyntaxError | null = null;
  for (const delimiter of [",", ";", "\t"]) {
    let records: ReturnType<typeof parseCsv>;
    try {
      records = parseCsv(csvText, delimiter);
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error;
      unreadable ??= error;
      continue;
    }
    // The header comes after the bank's preamble (account holder, period, address...).
    const at = records.slice(0, 60).findIndex((record) => isHeader(layoutOf(record.cells)));
    if (at >= 0) {
      const header = records[at] as (typeof records)[number];
      return { delimiter, header, layout: layoutOf(header.cells), rows: records.slice(at + 1) };
    }
  }
  const message = unreadable ? m.badQuotes(unreadable.line) : m.missingColumns;
  throw new ValidationError(message, { [FILE_FIELD]: message });
}

/**
 * Reads a bank statement export (CSV): finds the header row below the bank's preamble lines,
 * then each credit with its day, amount in paise, bank reference and narration. Debit lines and
 * lines without an amount (opening balance, separators, totals) are skipped; a credit whose date
 * or amount cannot be read (digits grouped wrongly, "91,99") is a problem with its line number. A file over 1 MB, with more than
 * 5,000 lines, or without the needed columns is refused (ValidationError on the file field).
 */
export function readStatement(csvText: string): Statement {
  assertSize(csvText);
  // A spreadsheet or PDF saved under a .csv name: binary, never a bank's CSV.
  if (csvText.includes("\0")) throw new ValidationError(m.notCsv, { [FILE_FIELD]: m.notCsv });
  const { delimiter, header, layout, rows } = findHeader(csvText);
  // Only where commas do not separate the cells can one be a decimal comma ("4.699,00").
  const decimalComma = delimiter === ";";
  if (rows.length > MAX_STATEMENT_LINES) {
    throw new ValidationError(m.tooManyLines, { [FILE_FIELD]: m.tooManyLines });
  }
  const cell = (cells: string[], role: Role) =>
    layout[role] === undefined ? "" : (cells[layout[role]] ?? "").trim();
  const heading = (role: Role) =>
    layout[role] === undefined ? null : (header.cells[layout[role]] ?? "").trim();

  const credits: StatementCredit[] = [];
  const problems: StatementProblem[] = [];
  for (const { line, cells } of rows) {
    // Blank lines and separators ("*****", "-----") carry nothing.
    if (!cells.some((c) => /[A-Za-z0-9]/.test(c))) continue;
    let amountText = cell(cells, "credit");
    if (layout.credit === undefined) {
      const kind = cell(cells, "creditOrDebit").toLowerCase();
      amountText = /^(cr|c|credit|deposit)\.?$/.test(kind) ? cell(cells, "amount") : "";
    }
    const amountPaise = parseStatementAmount(amountText, { decimalComma });
    if (amountPaise === null) {
      problems.push({ line, message: m.badAmount(amountText, decimalComma) });
      continue;
    }
    if (amountPaise === 0) continue;
    const dateText = cell(cells, "date");
    const date = parseStatementDate(dateText);
    if (!date) {
      problems.push({ line, message: dateText ? m.badDate(dateText) : m.noDate });
      continue;
    }
    const narration = cell(cells, "narration").replace(/\s+/g, " ").slice(0, NARRATION_CHARS);
    credits.push({
      line,
      date,
      amountPaise,
      ...statementReferences(cell(cells, "reference"), narration),
      narration,
    });
  }
  return {
    credits,
    problems,
    columns: {
      date: heading("date") ?? "",
      amount: heading("credit") ?? heading("amount") ?? "",
      reference: heading("reference"),
      narration: heading("narration"),
    },
  };
}
