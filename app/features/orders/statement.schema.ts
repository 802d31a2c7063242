/**
 * The payment reconciliation forms (`/admin/order/reconcile`), shared by the browser and the
 * server: the statement upload and the confirmation of the chosen matches. Also the bank
 * statement columns the store reads, which the page lists for the admin.
 */
import { z } from "zod";
import type { PaymentMatchMethod } from "~/db/schema/payments";
import { statementMessages as m } from "./statement.messages";

/** The largest statement file read (checked in the browser, then again on the server). */
export const MAX_STATEMENT_BYTES = 1024 * 1024;
/** The most lines a statement may have below its header row. */
export const MAX_STATEMENT_LINES = 5000;
/** The most matches one confirmation marks paid. */
export const MAX_CONFIRM_ROWS = 1000;

/** How a credit was matched to an order, strongest first (the payment_credits column's values). */
export const matchMethods = [
  "utr",
  "reference",
  "amount",
] as const satisfies readonly PaymentMatchMethod[];
export type MatchMethod = (typeof matchMethods)[number];

/**
 * The column headings read from a bank's statement export (HDFC, SBI, ICICI, Axis, Kotak and the
 * like), in order of preference: matched without regard to case, spaces, punctuation or a
 * bracketed unit ("Deposit Amount (INR )" is "Deposit Amount"). A statement with one Amount
 * column says which lines are credits in a Dr / Cr column instead.
 */
export const statementColumns = {
  date: ["Txn Date", "Transaction Date", "Tran Date", "Date", "Value Date", "Value Dt"],
  narration: ["Narration", "Description", "Particulars", "Remarks", "Transaction Remarks"],
  reference: [
    "UTR",
    "UTR No",
    "UTR Number",
    "Reference",
    "Reference No",
    "Ref No",
    "Ref No./Cheque No.",
    "Chq./Ref.No.",
    "Chq / Ref number",
    "Transaction ID",
    "Tran Id",
    "Cheque Number",
    "Chq No",
  ],
  credit: [
    "Credit",
    "Credit Amount",
    "Deposit",
    "Deposit Amt.",
    "Deposit Amount",
    "Cr Amount",
    "CR",
  ],
  debit: [
    "Debit",
    "Debit Amount",
    "Withdrawal",
    "Withdrawal Amt.",
    "Withdrawal Amount",
    "Dr Amount",
    "DR",
  ],
  amount: ["Amount", "Transaction Amount", "Txn Amount"],
  creditOrDebit: ["Dr / Cr", "Cr / Dr", "Dr Cr", "Type", "Transaction Type"],
} as const;

/** Why a chosen statement file cannot be read, or null when it may be sent. */
export function statementFileProblem(file: unknown): string | null {
  if (typeof File === "undefined" || !(file instanceof File) || file.size === 0) {
    return m.fileRequired;
  }
  if (file.size > MAX_STATEMENT_BYTES) return m.fileTooLarge;
  // Spreadsheets and PDFs are what banks offer besides CSV; the text is checked on the server.
  if (/\.(xlsx?|ods|pdf|zip)$/i.test(file.name)) return m.notCsv;
  return null;
}

/** The upload form: the statement file (`statement`). */
export const statementUploadSchema = z.object({
  statement: z.unknown().transform((file, ctx) => {
    const problem = statementFileProblem(file);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return file as File;
  }),
});

/** What the upload schema reads: the file, which form values leave out. */
export function statementUploadInput(_values: Record<string, string>, form: FormData) {
  return { statement: form.get("statement") };
}

const rowField = { error: m.rowsUnreadable };
const bankId = z.string(rowField).regex(/^[A-Z0-9]{1,35}$/, rowField);

/** One chosen match, as the preview wrote it into the confirm form (re-checked on the server). */
export const statementSelectionSchema = z.object(
  {
    order: z.number(rowField).int(rowField).min(1, rowField).max(2_147_483_647, rowField),
    /** The credit's UTR or bank reference. */
    reference: bankId,
    /** The bank's own id of the statement line, when it has one beside the UTR. */
    lineId: bankId.nullish(),
    amountPaise: z.number(rowField).int(rowField).min(1, rowField).max(2_147_483_647, rowField),
    creditedOn: z.string(rowField).regex(/^\d{4}-\d{2}-\d{2}$/, rowField),
    narration: z.string(rowField).max(500, rowField),
    by: z.enum(matchMethods, rowField),
    /**
     * The admin chose this order for a credit that names two (its UTR on one, the narration
     * naming the other): set by `statementConfirmInput` from the row's choice, never from the
     * row's own fields.
     */
    chosen: z.boolean(rowField).optional(),
  },
  rowField,
);
export type StatementSelection = z.output<typeof statementSelectionSchema>;

/**
 * A credit that names two orders, as the confirm form carries it (`conflict-<n>`): the admin's
 * choice between its UTR's order and its narration's order is the `choose-<n>` field.
 */
export type StatementConflictRow = Omit<StatementSelection, "order" | "by" | "chosen"> & {
  utrOrder: number;
  referenceOrder: number;
};

/** The confirm form: the ticked matches. */
export const statementConfirmSchema = z.object({
  selections: z
    .array(statementSelectionSchema, rowField)
    .min(1, m.chooseOne)
    .max(MAX_CONFIRM_ROWS, m.tooManyRows),
});

/** A match as the confirm form carries it: the hidden `row-<n>` field's value. */
export function encodeSelection(selection: StatementSelection): string {
  return JSON.stringify(selection);
}

/** A credit naming two orders as the confirm form carries it: the `conflict-<n>` field's value. */
export function encodeConflict(row: StatementConflictRow): string {
  return JSON.stringify(row);
}

function decodeRow(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const row: unknown = JSON.parse(text);
    return typeof row === "object" && row !== null && !Array.isArray(row)
      ? (row as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A ticked match: never a choice between two orders, whatever its row says. */
function pickedRow(text: string | undefined) {
  const row = decodeRow(text);
  return row && { ...row, chosen: false };
}

/**
 * The order chosen for a credit that names two: matched by the UTR when it is the UTR's order,
 * by the reference when it is the narration's; null (an unreadable row) for any other order.
 */
function chosenRow(text: string | undefined, choice: string) {
  const row = decodeRow(text);
  if (!row) return null;
  const { utrOrder, referenceOrder, ...credit } = row;
  const order = Number(choice);
  const by = order === utrOrder ? "utr" : order === referenceOrder ? "reference" : null;
  return by && { ...credit, order, by, chosen: true };
}

/**
 * What the confirm schema reads: the rows whose box is ticked (`pick` = n, row in `row-<n>`),
 * then the credits naming two orders for which an order is chosen (`choose-<n>` = the order's
 * number, the credit in `conflict-<n>`; an empty choice leaves the credit).
 */
export function statementConfirmInput(values: Record<string, string>, form: FormData) {
  const picks = form.getAll("pick").filter((pick): pick is string => typeof pick === "string");
  const chosen = Object.entries(values).flatMap(([name, choice]) => {
    const n = /^choose-(\d+)$/.exec(name)?.[1];
    return n === undefined || choice === "" ? [] : [chosenRow(values[`conflict-${n}`], choice)];
  });
  return {
    selections: [...[...new Set(picks)].map((pick) => pickedRow(values[`row-${pick}`])), ...chosen],
  };
}
