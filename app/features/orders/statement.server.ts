/**
 * Payment reconciliation (ADR 020): the bank's statement export is read (readStatement), its
 * credits are matched to the orders waiting for payment (matchStatement), the admin sees the
 * preview (previewStatement) and confirms the matches they tick (confirmStatementMatches), which
 * marks those orders paid, each with the bank credit recorded once in payment_credits.
 * Reading and matching are pure; only the last two touch the database.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders, paymentCredits } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { parseCsv } from "~/lib/csv";
import { Conflict, DomainError, NotFound, ValidationError } from "~/lib/errors";
import { addDays, indiaDayOf } from "~/lib/india-time";
import { PG_UNIQUE_VIOLATION, pgErrorCode } from "~/lib/sql.server";
import { listPendingPayments } from "./order-read.server";
import { orderStatusLabels } from "./order-status";
import { changeOrderStatus } from "./orders.server";
import { statementMessages as m } from "./statement.messages";
import {
  MAX_STATEMENT_BYTES,
  MAX_STATEMENT_LINES,
  type MatchMethod,
  type StatementSelection,
  statementColumns,
} from "./statement.schema";

/** The upload form's file field: where a refused statement's message is shown. */
const FILE_FIELD = "statement";

/** The longest narration kept (the rest of a bank's narration is rarely more than 200). */
const NARRATION_CHARS = 500;

/** One credit of the statement: the line it is on, its day, amount and bank reference. */
export type StatementCredit = {
  line: number;
  /** The day credited, "2026-11-22". */
  date: string;
  amountPaise: number;
  /** The UTR or bank reference (see `canonicalReference`); null when the line has none. */
  reference: string | null;
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

// ---------------------------------------------------------------------------------------------
// Reading the statement

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

function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    year < 2000 ||
    year > 2100
  ) {
    return null;
  }
  return date.toISOString().slice(0, 10);
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

/**
 * A statement's amount in paise, exactly (no floating point): "1,23,456.50", "2450", "₹ 2,450.00",
 * "INR 2450", "2,450.00 Cr". 0 for an empty cell, "-" or zero; null for anything else.
 */
export function parseStatementAmount(text: string): number | null {
  const value = text
    .replace(/^\s*(?:₹|inr|rs\.?)\s*/i, "")
    .replace(/\s*(?:cr|cr\.)\s*$/i, "")
    .replace(/[,\s]/g, "");
  if (value === "" || value === "-") return 0;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * A bank reference as it is stored and compared: upper-case letters and digits, and an all-digit
 * one without its leading zeros (HDFC writes the UTR 434512345678 as 0000434512345678).
 */
export function canonicalReference(text: string): string {
  const value = text.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return /^\d+$/.test(value) ? value.replace(/^0+(?=\d)/, "") : value;
}

/** A UPI transaction's UTR: 12 digits standing alone ("UPI/434512345678/…"). */
const UPI_UTR = /(?<![A-Za-z0-9])(\d{12})(?![A-Za-z0-9])/;

/**
 * A credit's bank reference: the reference column when it holds one reference (letters and
 * digits), else a UTR written in it ("UPI-434512345678"), else the UTR in a UPI narration
 * ("UPI/434512345678/Payment/…"). SBI's "TRANSFER FROM 4897…" names the payer's account, not
 * the credit: it is no reference.
 */
export function statementReference(cell: string, narration: string): string | null {
  const value = cell.trim().replace(/^'/, "");
  if (/^[A-Za-z0-9]{6,35}$/.test(value) && /\d/.test(value)) {
    const reference = canonicalReference(value);
    if (reference.length > 0 && reference !== "0") return reference;
  }
  const inCell = UPI_UTR.exec(value);
  if (inCell?.[1]) return inCell[1];
  if (/upi/i.test(narration)) {
    const inNarration = UPI_UTR.exec(narration);
    if (inNarration?.[1]) return inNarration[1];
  }
  return null;
}

function assertSize(csvText: string): void {
  if (csvText.length > MAX_STATEMENT_BYTES || Buffer.byteLength(csvText) > MAX_STATEMENT_BYTES) {
    throw new ValidationError(m.fileTooLarge, { [FILE_FIELD]: m.fileTooLarge });
  }
}

/** The records and header of the file, in the first delimiter that gives a header row. */
function findHeader(csvText: string) {
  for (const delimiter of [",", ";", "\t"]) {
    const records = parseCsv(csvText, delimiter);
    // The header comes after the bank's preamble (account holder, period, address...).
    const at = records.slice(0, 60).findIndex((record) => isHeader(layoutOf(record.cells)));
    if (at >= 0) {
      const header = records[at] as (typeof records)[number];
      return { header, layout: layoutOf(header.cells), rows: records.slice(at + 1) };
    }
  }
  throw new ValidationError(m.missingColumns, { [FILE_FIELD]: m.missingColumns });
}

/**
 * Reads a bank statement export (CSV): finds the header row below the bank's preamble lines,
 * then each credit with its day, amount in paise, bank reference and narration. Debit lines and
 * lines without an amount (opening balance, separators, totals) are skipped; a credit whose date
 * or amount cannot be read is a problem with its line number. A file over 1 MB, with more than
 * 5,000 lines, or without the needed columns is refused (ValidationError on the file field).
 */
export function readStatement(csvText: string): Statement {
  assertSize(csvText);
  // A spreadsheet or PDF saved under a .csv name: binary, never a bank's CSV.
  if (csvText.includes("\0")) throw new ValidationError(m.notCsv, { [FILE_FIELD]: m.notCsv });
  const { header, layout, rows } = findHeader(csvText);
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
    const amountPaise = parseStatementAmount(amountText);
    if (amountPaise === null) {
      problems.push({ line, message: m.badAmount(amountText) });
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
      reference: statementReference(cell(cells, "reference"), narration),
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

// ---------------------------------------------------------------------------------------------
// Matching

/** An order waiting for its payment, as listPendingPayments gives it. */
export type PendingOrder = {
  number: number;
  customerName: string;
  totalPaise: number;
  /** The checkout's UPI reference (`tr`). */
  reference: string;
  /** The UTR the customer typed, if any. */
  utr: string | null;
  createdAt: Date;
};

export type StatementMatch = {
  credit: StatementCredit;
  order: PendingOrder;
  by: MatchMethod;
  /** Matched by amount and day only: the admin checks it before ticking it. */
  weak: boolean;
};

export type UnmatchedCredit = {
  credit: StatementCredit;
  reason: string;
  /** The order the credit seems to be about, if any. */
  order?: number;
};

export type StatementMatching = { matches: StatementMatch[]; unmatched: UnmatchedCredit[] };

/** Was the credit made on the order's day (in India) or the day after? */
export function creditOnOrderDay(creditedOn: string, orderCreatedAt: Date): boolean {
  const day = indiaDayOf(orderCreatedAt);
  return creditedOn === day || creditedOn === addDays(day, 1);
}

/** Letters and digits of a narration, in upper case: where an order's reference is looked for. */
function compact(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** Does the narration name the order's checkout reference (`tr`)? */
export function narrationNames(narration: string, orderReference: string): boolean {
  return compact(narration).includes(compact(orderReference));
}

/** The items by a key (null: left out), each list in the items' order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Matches a statement's credits to the orders waiting for payment. Each order gets at most one
 * credit and each credit at most one order, in this order of strength:
 *
 * 1. the credit's UTR is the one the customer gave with the order;
 * 2. the order's checkout reference (`tr`) is in the credit's narration;
 * 3. the amount is the order's total and the credit is from the order's day (India) or the next,
 *    and nothing else fits either of them: a weak match, which the admin checks.
 *
 * In 1 and 2 the amount must be the order's total: a different amount is reported, not matched.
 * An amount that fits two orders of a day (or two credits that fit one order) is reported as
 * ambiguous. A credit whose reference is in `usedReferences` (already in payment_credits, with
 * the order it paid) is reported as used; a line without a reference cannot be recorded and is
 * reported too. Pure: the same statement and orders always give the same answer.
 */
export function matchStatement(
  credits: readonly StatementCredit[],
  pendingOrders: readonly PendingOrder[],
  usedReferences: ReadonlyMap<string, number>,
): StatementMatching {
  const matches: StatementMatch[] = [];
  const unmatched: UnmatchedCredit[] = [];
  const orders = [...pendingOrders].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.number - b.number,
  );
  /** The line of the credit that pays each matched order. */
  const paidBy = new Map<number, number>();
  const match = (credit: StatementCredit, order: PendingOrder, by: MatchMethod) => {
    matches.push({ credit, order, by, weak: by === "amount" });
    paidBy.set(order.number, credit.line);
  };

  let open: StatementCredit[] = [];
  const firstLine = new Map<string, number>();
  for (const credit of credits) {
    const reference = credit.reference;
    if (reference === null) {
      unmatched.push({ credit, reason: m.noReference });
      continue;
    }
    const usedFor = usedReferences.get(reference);
    if (usedFor !== undefined) {
      unmatched.push({ credit, reason: m.alreadyUsed(usedFor), order: usedFor });
      continue;
    }
    const earlier = firstLine.get(reference);
    if (earlier !== undefined) {
      unmatched.push({ credit, reason: m.duplicateReference(earlier) });
      continue;
    }
    firstLine.set(reference, credit.line);
    open.push(credit);
  }

  // 1 and 2: the credit names its order, by the customer's UTR or by the checkout reference.
  // The orders are indexed by both once: a statement has up to 5,000 lines.
  const byUtr = groupBy(orders, (order) => (order.utr ? canonicalReference(order.utr) : null));
  const byReference = groupBy(orders, (order) => compact(order.reference));
  const referenceLengths = [...new Set([...byReference.keys()].map((key) => key.length))];
  const namedIn = (narration: string): PendingOrder[] => {
    const text = compact(narration);
    const found = new Set<PendingOrder>();
    for (const length of referenceLengths) {
      for (let at = 0; at + length <= text.length; at += 1) {
        for (const order of byReference.get(text.slice(at, at + length)) ?? []) found.add(order);
      }
    }
    return found.size === 0 ? [] : orders.filter((order) => found.has(order));
  };
  const strong: [MatchMethod, (credit: StatementCredit) => PendingOrder[]][] = [
    ["utr", (credit) => (credit.reference ? (byUtr.get(credit.reference) ?? []) : [])],
    ["reference", (credit) => namedIn(credit.narration)],
  ];
  for (const [by, ordersNamedBy] of strong) {
    const rest: StatementCredit[] = [];
    for (const credit of open) {
      const named = ordersNamedBy(credit);
      if (named.length === 0) {
        rest.push(credit);
        continue;
      }
      const free = named.filter((order) => !paidBy.has(order.number));
      const exact = free.find((order) => order.totalPaise === credit.amountPaise);
      const first = free[0] ?? (named[0] as PendingOrder);
      if (exact) {
        match(credit, exact, by);
      } else if (free.length === 0) {
        const line = paidBy.get(first.number) ?? 0;
        unmatched.push({
          credit,
          reason: m.orderAlreadyMatched(first.number, line),
          order: first.number,
        });
      } else {
        const mismatch = by === "utr" ? m.utrAmountMismatch : m.referenceAmountMismatch;
        unmatched.push({
          credit,
          reason: mismatch(first.number, credit.amountPaise, first.totalPaise),
          order: first.number,
        });
      }
    }
    open = rest;
  }

  // 3: the amount and the day, when exactly one order and one credit fit each other.
  const free = orders.filter((order) => !paidBy.has(order.number));
  const dayOf = new Map(free.map((o) => [o.number, indiaDayOf(o.createdAt)]));
  const fits = (credit: StatementCredit, order: PendingOrder) => {
    if (order.totalPaise !== credit.amountPaise) return false;
    const day = dayOf.get(order.number) ?? "";
    return credit.date === day || credit.date === addDays(day, 1);
  };
  const freeByAmount = groupBy(free, (order) => String(order.totalPaise));
  const openByAmount = groupBy(open, (credit) => String(credit.amountPaise));
  for (const credit of open) {
    const amount = String(credit.amountPaise);
    const candidates = (freeByAmount.get(amount) ?? []).filter((order) => fits(credit, order));
    const [only] = candidates;
    if (!only) {
      unmatched.push({ credit, reason: m.noMatch });
      continue;
    }
    if (candidates.length > 1) {
      unmatched.push({ credit, reason: m.ambiguousOrders(candidates.map((o) => o.number)) });
      continue;
    }
    const rivals = (openByAmount.get(amount) ?? []).filter((other) => fits(other, only));
    if (rivals.length > 1) {
      unmatched.push({
        credit,
        reason: m.ambiguousCredits(
          only.number,
          rivals.map((c) => c.line),
        ),
        order: only.number,
      });
      continue;
    }
    match(credit, only, "amount");
  }

  const byLine = (a: { credit: StatementCredit }, b: { credit: StatementCredit }) =>
    a.credit.line - b.credit.line;
  return { matches: matches.sort(byLine), unmatched: unmatched.sort(byLine) };
}

// ---------------------------------------------------------------------------------------------
// The database side

/** The orders each of these bank references already paid (reference -> order number). */
async function usedReferencesOf(
  db: Pick<Db, "select">,
  references: string[],
): Promise<Map<string, number>> {
  if (references.length === 0) return new Map();
  const rows = await db
    .select({ reference: paymentCredits.bankReference, number: orders.number })
    .from(paymentCredits)
    .innerJoin(orders, eq(orders.id, paymentCredits.orderId))
    .where(inArray(paymentCredits.bankReference, references));
  return new Map(rows.map((row) => [row.reference, row.number]));
}

/**
 * The preview of a statement: its credits matched to the orders waiting for payment now, the
 * credits left over with why, and the lines that could not be read. Nothing is stored.
 */
export async function previewStatement(db: Db, csvText: string) {
  const statement = readStatement(csvText);
  const references = [
    ...new Set(statement.credits.flatMap((credit) => (credit.reference ? [credit.reference] : []))),
  ];
  const [pending, used] = await Promise.all([
    listPendingPayments(db),
    usedReferencesOf(db, references),
  ]);
  const { matches, unmatched } = matchStatement(statement.credits, pending, used);
  return {
    columns: statement.columns,
    problems: statement.problems,
    creditCount: statement.credits.length,
    pendingCount: pending.length,
    matches,
    unmatched,
  };
}
export type StatementPreview = Awaited<ReturnType<typeof previewStatement>>;

/** What a confirmation did: the orders marked paid, and the matches refused with why. */
export type ConfirmOutcome = {
  marked: { order: number; reference: string; amountPaise: number; by: MatchMethod }[];
  refused: { order: number; reference: string; reason: string }[];
};

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Marks one chosen match's order paid, in the caller's transaction, after checking it again. */
async function markPaid(tx: Tx, selection: StatementSelection, actor: { id: string }) {
  const reference = canonicalReference(selection.reference);
  const [order] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      totalPaise: orders.totalPaise,
      reference: orders.reference,
      utr: orders.utr,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.number, selection.order))
    .for("update");
  if (!order) throw new NotFound(m.orderGone);
  if (order.status !== "payment_pending") {
    throw new Conflict(m.notPending(orderStatusLabels[order.status].toLowerCase()));
  }
  // The posted amount is only compared: what is stored is the order's own total.
  if (selection.amountPaise !== order.totalPaise) {
    throw new Conflict(m.amountDiffers(selection.amountPaise, order.totalPaise));
  }
  if (!parseStatementDate(selection.creditedOn)) {
    throw new ValidationError(m.rowsUnreadable);
  }
  if (
    selection.by === "utr" &&
    (order.utr === null || canonicalReference(order.utr) !== reference)
  ) {
    throw new Conflict(m.utrDiffers);
  }
  if (selection.by === "reference" && !narrationNames(selection.narration, order.reference)) {
    throw new Conflict(m.referenceNotInNarration);
  }
  if (selection.by === "amount" && !creditOnOrderDay(selection.creditedOn, order.createdAt)) {
    throw new Conflict(m.dayTooFar);
  }
  const used = await usedReferencesOf(tx, [reference]);
  if (used.has(reference)) throw new Conflict(m.referenceUsed(used.get(reference) ?? null));

  const credit = {
    bankReference: reference,
    orderId: order.id,
    amountPaise: order.totalPaise,
    creditedOn: selection.creditedOn,
    narration: selection.narration.slice(0, NARRATION_CHARS),
    matchedBy: selection.by,
    actorId: actor.id,
  };
  await tx.insert(paymentCredits).values(credit);
  await changeOrderStatus(
    tx,
    {
      number: order.number,
      to: "paid",
      note: m.paidNote(order.totalPaise, selection.creditedOn, reference, selection.by),
    },
    { id: actor.id, as: "admin" },
  );
  await recordAudit(
    tx,
    actor,
    "order",
    order.number,
    { status: "payment_pending" },
    {
      status: "paid",
      bankReference: reference,
      amountPaise: order.totalPaise,
      creditedOn: selection.creditedOn,
      matchedBy: selection.by,
    },
    "reconcile",
  );
}

/**
 * Marks the orders of the matches the admin ticked paid: each in its own transaction, checked
 * again on the server first (the order still waits for payment, the amount is its total, the
 * match still holds, the credit is not used yet), then the bank credit recorded, the order moved
 * to Paid (an order event with the credit in its note) and an audit entry written. A refused
 * match changes nothing and does not stop the others. The caller sends the e-mails.
 */
export async function confirmStatementMatches(
  db: Db,
  selections: readonly StatementSelection[],
  actor: { id: string },
): Promise<ConfirmOutcome> {
  const outcome: ConfirmOutcome = { marked: [], refused: [] };
  const orderSeen = new Set<number>();
  const referenceSeen = new Set<string>();
  for (const selection of selections) {
    const reference = canonicalReference(selection.reference);
    const refuse = (reason: string) =>
      outcome.refused.push({ order: selection.order, reference, reason });
    if (orderSeen.has(selection.order) || referenceSeen.has(reference)) {
      refuse(m.chosenTwice);
      continue;
    }
    orderSeen.add(selection.order);
    referenceSeen.add(reference);
    try {
      await db.transaction((tx) => markPaid(tx, selection, actor));
      outcome.marked.push({
        order: selection.order,
        reference,
        amountPaise: selection.amountPaise,
        by: selection.by,
      });
    } catch (error) {
      // Two confirmations racing for one credit or one order: the database keeps one.
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
        const used = await usedReferencesOf(db, [reference]);
        refuse(m.referenceUsed(used.get(reference) ?? null));
      } else if (error instanceof DomainError) {
        refuse(error.message);
      } else {
        throw error;
      }
    }
  }
  return outcome;
}
