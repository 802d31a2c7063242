import { formatDate } from "~/lib/format";
import { formatPaise } from "~/lib/money";

/** A statement's day ("2026-11-22") as the store writes days: "22 Nov 2026". */
export function statementDay(isoDay: string): string {
  return formatDate(new Date(`${isoDay}T12:00:00+05:30`));
}

const list = (numbers: number[]) => numbers.map((n) => `#${n}`).join(", ");

/** Every text of the payment reconciliation page (`/admin/order/reconcile`). */
export const statementMessages = {
  fileRequired: "Choose the bank statement file (CSV)",
  fileTooLarge: "The file is over 1 MB: export a shorter period from your bank",
  notCsv: "This is not a CSV file: download the statement from your bank as CSV (comma-separated)",
  fileUnreadable: "The file could not be read as text: download the statement again as CSV",
  badQuotes: (line: number) =>
    `The file cannot be read as CSV: a quoted cell that starts on line ${line} is not closed, or text follows its closing quote. Download the statement again as CSV`,
  tooManyLines: "The statement has more than 5,000 lines: export a shorter period from your bank",
  missingColumns:
    "No header row with the needed columns was found. The statement needs a date column (Date, Txn Date, Transaction Date or Value Date), a credit column (Credit, Credit Amount, Deposit, Deposit Amt. or Cr Amount) and a narration (Narration, Description, Particulars or Remarks) or reference column (UTR, UTR No, Reference, Ref No, Chq./Ref.No., Chq / Ref number or Transaction ID).",
  noCredits: "The statement has no credits to match.",
  badDate: (value: string) =>
    `“${value}” is not a date: use dd/mm/yyyy, dd-mm-yyyy, dd/mm/yy, dd-Mon-yyyy or yyyy-mm-dd`,
  noDate: "The credit has no date",
  badAmount: (value: string, decimalComma: boolean) =>
    `“${value}” is not an amount in rupees: commas must group the digits as in 1,23,456.50 or 123,456.50, or be left out (123456.50)${
      decimalComma
        ? "; or, with a decimal comma, 123456,50 or 123.456,50"
        : "; a decimal comma is read only in a file separated by semicolons"
    }`,

  // Why a credit was not matched.
  noReference:
    "No UTR or bank reference on this line, so it cannot be recorded: mark the order paid on its own page",
  alreadyUsed: (order: number) => `Already used: this credit paid order #${order}`,
  duplicateReference: (line: number) => `Same UTR as line ${line} of this statement`,
  duplicateLineId: (line: number) => `Same bank line id as line ${line} of this statement`,
  utrReferenceConflict: (utrOrder: number, referenceOrder: number) =>
    `The UTR is on order #${utrOrder} but the narration names order #${referenceOrder}'s payment`,
  utrAmountMismatch: (order: number, amountPaise: number, totalPaise: number) =>
    `UTR of order #${order}, but ${formatPaise(amountPaise)} was credited and the order is ${formatPaise(totalPaise)}`,
  referenceAmountMismatch: (order: number, amountPaise: number, totalPaise: number) =>
    `Reference of order #${order} in the narration, but ${formatPaise(amountPaise)} was credited and the order is ${formatPaise(totalPaise)}`,
  orderAlreadyMatched: (order: number, line: number) =>
    `Names order #${order}, which line ${line} already pays: was it paid twice?`,
  ambiguousOrders: (orders: number[]) =>
    `The amount fits several orders of that day (${list(orders)}): check which one and mark it paid on its page`,
  ambiguousCredits: (order: number, lines: number[]) =>
    `Several credits of that amount and day fit order #${order} (lines ${lines.join(", ")}): check which one paid it`,
  noMatch: "No pending order has this UTR, its reference in the narration, or this amount that day",

  // How a credit was matched.
  matchLabels: {
    utr: "UTR",
    reference: "Reference in narration",
    amount: "Amount and day only — check before confirming",
  },
  notePhrases: {
    utr: "matched by UTR",
    reference: "matched by the order reference in the narration",
    amount: "matched by amount and day only",
  },
  /** What the customer reads of it (their timeline and the Paid mail): no matching words. */
  paidCustomerNote: (amountPaise: number, creditedOn: string, reference: string) =>
    `We received your payment of ${formatPaise(amountPaise)} on ${statementDay(creditedOn)} (UPI transaction ID ${reference}).`,
  /** The order event's staff-only note: how the credit was matched. */
  paidNote: (
    amountPaise: number,
    creditedOn: string,
    reference: string,
    by: "utr" | "reference" | "amount",
  ) =>
    `Paid: bank credit ${formatPaise(amountPaise)} on ${statementDay(creditedOn)}, UTR ${reference} (${statementMessages.notePhrases[by]})`,

  // Confirming.
  chooseOne:
    "Tick at least one match, or choose the order of a credit that names two, to mark it paid",
  rowsUnreadable: "The chosen rows could not be read: upload the statement again",
  tooManyRows: "Confirm at most 1,000 orders at a time",
  chosenTwice: "Chosen twice in this confirmation",
  orderGone: "There is no such order",
  notPending: (status: string) => `The order is ${status} now, no longer waiting for payment`,
  amountDiffers: (amountPaise: number, totalPaise: number) =>
    `The credit of ${formatPaise(amountPaise)} is not the order's total of ${formatPaise(totalPaise)}`,
  utrDiffers: "The credit's UTR is not the one the customer gave",
  referenceNotInNarration: "The order's reference is not in the credit's narration",
  dayTooFar: "The credit is not from the order's day or the next",
  conflictNotChosen: (utrOrder: number, referenceOrder: number) =>
    `${statementMessages.utrReferenceConflict(utrOrder, referenceOrder)}: choose one of the two on the preview`,
  referenceUsed: (order: number | null) =>
    order === null
      ? "This credit has already been used for another order"
      : `This credit has already been used for order #${order}`,
  marked: (count: number) => (count === 1 ? "1 order marked paid" : `${count} orders marked paid`),
  markedSome: (marked: number, refused: number) =>
    `${statementMessages.marked(marked)}; ${refused} refused (see why below)`,
  noneMarked: "No order was marked paid (see why below)",
  confirmFailed: "Could not mark the orders paid",
  previewFailed: "Could not read the statement",
};
