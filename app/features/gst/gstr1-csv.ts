import { type CsvColumn, toCsv } from "~/lib/csv";
import { paiseToRupeeString } from "~/lib/money";
import type { Gstr1Section } from "./gstr1.schema";
import type { B2bRow, CreditNoteRow, Gstr1Figures, HsnRow, TaxAmounts } from "./gstr1.server";

/**
 * The month's figures as the CSV files the GST offline tool imports (issue 24): each section's
 * headers as its template has them, amounts in rupees with two decimals, days as 26-Nov-2026,
 * places of supply as "27-Maharashtra" (the tool reads the two digits). The B2B, B2C and credit
 * note templates take the taxable value and rate only (the tool works the tax out); the HSN
 * summary's take the taxes too. Cess does not apply to batteries: 0.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-26" -> "26-Nov-2026", as the offline tool's templates write a date. */
export function gstrDate(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}-${MONTHS[Number(month) - 1]}-${year}`;
}

/** A rate in basis points as a percentage: 1800 -> "18", 250 -> "2.5". */
export function ratePercent(basisPoints: number): string {
  return String(basisPoints / 100);
}

const rupees = paiseToRupeeString;
const NO_CESS = "0.00";

/** The columns every row at a rate ends with (B2B, B2C and notes). */
function rateColumns<Row extends TaxAmounts & { rateBasisPoints: number }>(): CsvColumn<Row>[] {
  return [
    // Blank: the full rate (65 % applies only to a few notified supplies).
    { header: "Applicable % of Tax Rate", value: () => "" },
    { header: "Rate", value: (row) => ratePercent(row.rateBasisPoints) },
    { header: "Taxable Value", value: (row) => rupees(row.taxablePaise) },
    { header: "Cess Amount", value: () => NO_CESS },
  ];
}

/** The store sells on its own site, not through an e-commerce operator: no operator's GSTIN. */
const noOperator = { header: "E-Commerce GSTIN", value: () => "" };

const hsnColumns: CsvColumn<HsnRow>[] = [
  { header: "HSN", value: (row) => row.hsn },
  // The portal fills "Description as per HSN Code" from its own list; this one is optional.
  { header: "Description", value: () => "" },
  { header: "UQC", value: (row) => `${row.uqc}-NUMBERS` },
  { header: "Total Quantity", value: (row) => row.quantity },
  { header: "Total Value", value: (row) => rupees(row.totalValuePaise) },
  { header: "Rate", value: (row) => ratePercent(row.rateBasisPoints) },
  { header: "Taxable Value", value: (row) => rupees(row.taxablePaise) },
  { header: "Integrated Tax Amount", value: (row) => rupees(row.igstPaise) },
  { header: "Central Tax Amount", value: (row) => rupees(row.cgstPaise) },
  { header: "State/UT Tax Amount", value: (row) => rupees(row.sgstPaise) },
  { header: "Cess Amount", value: () => NO_CESS },
];

const noteColumns: CsvColumn<CreditNoteRow>[] = [
  { header: "Note Number", value: (row) => row.noteNumber },
  { header: "Note Date", value: (row) => gstrDate(row.noteDate) },
  { header: "Note Type", value: (row) => row.noteType },
  { header: "Place Of Supply", value: (row) => row.placeOfSupply },
];

/** Each section's CSV text. */
const writers: Record<Gstr1Section, (figures: Gstr1Figures) => string> = {
  b2b: (figures) =>
    toCsv(
      [
        { header: "GSTIN/UIN of Recipient", value: (row) => row.gstin },
        { header: "Receiver Name", value: (row) => row.receiverName },
        { header: "Invoice Number", value: (row) => row.invoiceNumber },
        { header: "Invoice date", value: (row) => gstrDate(row.invoiceDate) },
        { header: "Invoice Value", value: (row) => rupees(row.invoiceValuePaise) },
        { header: "Place Of Supply", value: (row) => row.placeOfSupply },
        { header: "Reverse Charge", value: (row) => row.reverseCharge },
        { header: "Applicable % of Tax Rate", value: () => "" },
        { header: "Invoice Type", value: () => "Regular B2B" },
        noOperator,
        // Rate, taxable value and cess (the template has its Applicable % earlier).
        ...rateColumns<B2bRow>().slice(1),
      ],
      figures.b2b,
    ),
  b2cl: (figures) =>
    toCsv(
      [
        { header: "Invoice Number", value: (row) => row.invoiceNumber },
        { header: "Invoice date", value: (row) => gstrDate(row.invoiceDate) },
        { header: "Invoice Value", value: (row) => rupees(row.invoiceValuePaise) },
        { header: "Place Of Supply", value: (row) => row.placeOfSupply },
        ...rateColumns(),
        noOperator,
      ],
      figures.b2cl,
    ),
  b2cs: (figures) =>
    toCsv(
      [
        { header: "Type", value: (row) => row.type },
        { header: "Place Of Supply", value: (row) => row.placeOfSupply },
        ...rateColumns(),
        noOperator,
      ],
      figures.b2cs,
    ),
  cdnr: (figures) =>
    toCsv(
      [
        { header: "GSTIN/UIN of Recipient", value: (row) => row.gstin ?? "" },
        { header: "Receiver Name", value: (row) => row.receiverName },
        ...noteColumns,
        { header: "Reverse Charge", value: (row) => row.reverseCharge },
        { header: "Note Supply Type", value: () => "Regular B2B" },
        { header: "Note Value", value: (row) => rupees(row.noteValuePaise) },
        ...rateColumns(),
      ],
      figures.creditNotes.filter((row) => row.reportedIn === "cdnr"),
    ),
  cdnur: (figures) =>
    toCsv(
      [
        // Against a B2C large invoice (the other types are exports').
        { header: "UR Type", value: () => "B2CL" },
        ...noteColumns,
        { header: "Note Value", value: (row) => rupees(row.noteValuePaise) },
        ...rateColumns(),
      ],
      figures.creditNotes.filter((row) => row.reportedIn === "cdnur"),
    ),
  "hsn-b2b": (figures) => toCsv(hsnColumns, figures.hsnB2b),
  "hsn-b2c": (figures) => toCsv(hsnColumns, figures.hsnB2c),
};

/** A section of the month's figures as the offline tool's CSV. */
export function gstr1Csv(figures: Gstr1Figures, section: Gstr1Section): string {
  return writers[section](figures);
}

/** "gstr1-2026-11-b2b.csv". */
export function gstr1CsvFilename(month: string, section: Gstr1Section): string {
  return `gstr1-${month}-${section}.csv`;
}
