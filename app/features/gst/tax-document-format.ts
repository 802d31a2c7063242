/**
 * The words and figures printed on a tax invoice or credit note (ADR 033, Rule 46), shared by the
 * PDF (tax-document-pdf.server.ts) and the printable page (components/tax-document-view.tsx) so
 * the two always say the same. Pure: amounts in, text out.
 */
import { formatDate } from "~/lib/format";
import { formatPaise } from "~/lib/money";
import type {
  TaxDocument,
  TaxDocumentKind,
  TaxDocumentLine,
  TaxParty,
  TaxTotals,
} from "./tax-document";

export const demoBanner = "Demo store: not a tax invoice";
export const reverseChargeLine = "Whether tax is payable on reverse charge: No";
export const computerGeneratedLine = "This is a computer-generated document.";
export const signatoryLabel = "Authorised signatory";

export function documentTitle(kind: TaxDocumentKind): string {
  return kind === "invoice" ? "Tax invoice" : "Credit note";
}

/** "2026-11-27" (India's calendar) -> "27 Nov 2026". */
export function formatIssueDate(day: string): string {
  return formatDate(new Date(`${day}T12:00:00+05:30`));
}

/** Paise as printed: "₹4,599", "₹1,23,456.50", "-₹500" (a credit note's); never "-₹0". */
export function formatAmount(paise: number): string {
  return formatPaise(paise === 0 ? 0 : paise);
}

/** 1800 -> "18%", 1250 -> "12.5%", 25 -> "0.25%". */
export function formatRate(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const hundredths = String(basisPoints % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return hundredths ? `${whole}.${hundredths}%` : `${whole}%`;
}

/** A state with its GST code: "Gujarat (24)"; the name alone when the code is not known. */
export function stateLabel(place: { state: string; stateCode: string }): string {
  return place.stateCode ? `${place.state} (${place.stateCode})` : place.state;
}

/** The number, the dates and the order, as label and value, in the order printed. */
export function documentFacts(doc: TaxDocument): { label: string; value: string }[] {
  return [
    { label: doc.kind === "invoice" ? "Invoice number" : "Credit note number", value: doc.number },
    { label: "Date of issue", value: formatIssueDate(doc.issuedOn) },
    { label: "Order number", value: `#${doc.orderNumber}` },
  ];
}

/** A credit note's invoice (Rule 53): "Against invoice UC/26-27/000123 of 27 Nov 2026". */
export function refersToLine(doc: TaxDocument): string | null {
  if (!doc.refersTo) return null;
  return `Against invoice ${doc.refersTo.number} of ${formatIssueDate(doc.refersTo.issuedOn)}`;
}

export function placeOfSupplyLine(doc: TaxDocument): string {
  return `Place of supply: ${stateLabel(doc.placeOfSupply)}`;
}

/**
 * A party's lines under its name: the address, the state with its code, and the GSTIN. The seller
 * always says its GSTIN ("none" on the demo store); a buyer only when it gave one.
 */
export function partyLines(party: TaxParty, role: "seller" | "buyer"): string[] {
  const lines = [...party.addressLines, `State: ${stateLabel(party)}`];
  if (party.gstin) lines.push(`GSTIN: ${party.gstin}`);
  else if (role === "seller") lines.push("GSTIN: none");
  return lines;
}

export const partyHeadings = { seller: "Sold by", buyer: "Bill to" } as const;

export type TaxColumn = {
  key: string;
  label: string;
  /** Figures are right-aligned. */
  numeric: boolean;
  cell: (line: TaxDocumentLine, index: number) => string;
  /** The totals row's figure, or null for a column that has none. */
  total: ((totals: TaxTotals) => string) | null;
};

const column = (
  key: string,
  label: string,
  numeric: boolean,
  cell: TaxColumn["cell"],
  total: TaxColumn["total"] = null,
): TaxColumn => ({ key, label, numeric, cell, total });

/** A figure that the totals row sums too (the same field on a line and on the totals). */
const summed = (key: string, label: string, field: keyof TaxTotals): TaxColumn =>
  column(
    key,
    label,
    true,
    (line) => formatAmount(line[field]),
    (totals) => formatAmount(totals[field]),
  );

/**
 * The lines table's columns: CGST and SGST within the state, IGST between states (never both
 * kinds, so a buyer's accountant cannot misread which tax was charged).
 */
export function taxColumns(intraState: boolean): TaxColumn[] {
  return [
    column("index", "#", true, (_, i) => String(i + 1)),
    column("description", "Description", false, (l) => l.description),
    column("hsn", "HSN", false, (l) => l.hsn),
    column("quantity", "Qty", true, (l) => String(l.quantity)),
    column("unitPrice", "Unit price", true, (l) => formatAmount(l.unitPricePaise)),
    column("discount", "Discount", true, (l) => formatAmount(l.discountPaise)),
    summed("taxable", "Taxable value", "taxablePaise"),
    column("rate", "Rate", true, (l) => formatRate(l.rateBasisPoints)),
    ...(intraState
      ? [summed("cgst", "CGST", "cgstPaise"), summed("sgst", "SGST", "sgstPaise")]
      : [summed("igst", "IGST", "igstPaise")]),
    summed("total", "Total", "totalPaise"),
  ];
}

export const totalsLabel = "Total";

export function amountInWordsLine(doc: TaxDocument): string {
  return `Amount in words: ${doc.amountInWords}`;
}

/** "Paid by UPI, reference UC…, UTR 4345…" or "Paid on installation, reference UC…". */
export function paymentLine(doc: TaxDocument): string {
  const { method, reference, utr } = doc.payment;
  const how = method === "upi" ? "Paid by UPI" : "Paid on installation";
  return `${how}, reference ${reference}${utr ? `, UTR ${utr}` : ""}`;
}

export function signatoryFor(doc: TaxDocument): string {
  return `For ${doc.seller.name}`;
}
