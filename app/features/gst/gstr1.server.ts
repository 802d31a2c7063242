import { and, asc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { taxDocumentLines, taxDocuments } from "~/db/schema";
import { addDays } from "~/lib/india-time";
import { stateOfGstCode } from "./gst-states";
import { gstMonthSchema } from "./gstr1.schema";

/**
 * The month's GSTR-1 figures (issue 24, ADR 033), read from the tax invoices and credit notes
 * issued in it (by their day of issue, India's calendar), never from orders. Every amount is
 * integer paise, summed by PostgreSQL (`sum()` cast to bigint) and read as a number; only the
 * rows the return lists one by one (invoices to businesses, large ones to consumers, credit
 * notes) come back per document, the rest already summed.
 *
 * Stored credit notes carry the invoice's amounts negated (ADR 033). The return writes a note's
 * value as a positive amount with note type "C", so the credit note rows and their section
 * totals are turned positive here; B2C small (Table 7) and the HSN summary (Table 12) are net
 * figures, where a note's negative amounts are summed as they are.
 */

/**
 * Table 5 (B2C large): inter-state invoices to consumers of more than one lakh rupees. Rule 59(4)
 * of the CGST Rules as amended by notification 12/2024-Central Tax of 10 July 2024, from
 * 1 August 2024 (it was two and a half lakh before). The store issues no invoice before 2026.
 */
export const B2CL_THRESHOLD_PAISE = 1_00_000_00;

/** The reverse charge column: the store's sales never are (section 9(3) and 9(4) do not apply). */
const NO_REVERSE_CHARGE = "N" as const;

/** Each return table a document belongs to. */
export type DocumentSection = "b2b" | "b2cl" | "b2cs" | "cdnr" | "cdnur";

export type TaxAmounts = {
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
};

/** Table 4A: one invoice to a registered buyer, at one rate. */
export type B2bRow = TaxAmounts & {
  gstin: string;
  receiverName: string;
  invoiceNumber: string;
  /** "YYYY-MM-DD", India's calendar. */
  invoiceDate: string;
  /** The whole invoice's value, repeated on each of its rates' rows (as the return does). */
  invoiceValuePaise: number;
  /** "27-Maharashtra". */
  placeOfSupply: string;
  reverseCharge: typeof NO_REVERSE_CHARGE;
  rateBasisPoints: number;
};

/** Table 5: one large invoice to a consumer in another state, at one rate. */
export type B2clRow = Omit<B2bRow, "gstin" | "receiverName" | "reverseCharge">;

/**
 * Table 7: consumers' other invoices, per place of supply and rate. The form's heading says
 * "net of debit notes and credit notes": a credit note against such an invoice is taken off
 * here, not listed in 9B (whose CDNUR takes only notes against B2C large invoices and exports),
 * so a month with more taken back than sold has a negative row.
 */
export type B2csRow = TaxAmounts & {
  /** "OE": not through an e-commerce operator (the store sells on its own site). */
  type: "OE";
  placeOfSupply: string;
  rateBasisPoints: number;
};

/**
 * One credit note at one rate, amounts positive. Table 9B takes those to registered buyers
 * (CDNR) and those against a B2C large invoice (CDNUR, type "B2CL"); a note against a B2C small
 * invoice is not listed there: Table 7 is net of it (`reportedIn: "b2cs"`).
 */
export type CreditNoteRow = TaxAmounts & {
  reportedIn: "cdnr" | "cdnur" | "b2cs";
  gstin: string | null;
  receiverName: string;
  noteNumber: string;
  noteDate: string;
  noteType: "C";
  /** The invoice it undoes, as printed on the note. */
  invoiceNumber: string;
  invoiceDate: string;
  placeOfSupply: string;
  reverseCharge: typeof NO_REVERSE_CHARGE;
  noteValuePaise: number;
  rateBasisPoints: number;
};

/** Table 12: one HSN code at one rate, net of the month's credit notes. */
export type HsnRow = TaxAmounts & {
  hsn: string;
  /** Unit quantity code: batteries are counted in numbers. */
  uqc: "NOS";
  /** Batteries supplied (goods lines); a shipping line adds value but no quantity. */
  quantity: number;
  totalValuePaise: number;
  rateBasisPoints: number;
};

/** A section's documents and sums (value: the documents' totals). */
export type SectionTotals = TaxAmounts & { documents: number; valuePaise: number };

export type Gstr1Figures = {
  month: string;
  /** The first day of the month and the first of the next ("YYYY-MM-DD"). */
  from: string;
  until: string;
  /** Invoices and credit notes issued in the month. */
  documents: number;
  /** Of those, issued by the demo store (no seller details): not tax invoices. */
  demoDocuments: number;
  b2b: B2bRow[];
  b2cl: B2clRow[];
  b2cs: B2csRow[];
  creditNotes: CreditNoteRow[];
  hsnB2b: HsnRow[];
  hsnB2c: HsnRow[];
  /** Per return table; credit notes' positive, B2C small's net of its credit notes. */
  totals: Record<DocumentSection, SectionTotals>;
  /** The month's net: every invoice less every credit note. */
  net: SectionTotals;
};

/** "27" -> "27-Maharashtra", as GSTR-1 and its offline tool write a place of supply. */
export function placeOfSupplyLabel(code: string): string {
  const state = stateOfGstCode(code);
  return state ? `${code}-${state}` : code;
}

/** The first day of a month and of the next. */
function monthRange(month: string): { from: string; until: string } {
  const from = `${month}-01`;
  return { from, until: `${addDays(from, 31).slice(0, 7)}-01` };
}

/** A sum of paise, as PostgreSQL adds it (bigint), read as a number. */
const paiseSum = (amount: SQL) =>
  sql<number>`cast(coalesce(sum(${amount}), 0) as bigint)`.mapWith(Number);

/** A whole count, read as a number. */
const countOf = (condition?: SQL) =>
  (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(
    Number,
  );

/** The invoice a credit note undoes (its value decides B2C large), joined by the note. */
const original = alias(taxDocuments, "original_invoice");

/**
 * The return table of a document: a registered buyer's (GSTIN) in 4A or 9B CDNR; a consumer's
 * invoice in another state of more than the threshold in 5, its credit note in 9B CDNUR (by the
 * invoice's value, which the note's negated total equals); any other consumer's document in 7.
 */
const sectionOf = sql<DocumentSection>`case
  when ${taxDocuments.buyerGstin} is not null then
    case when ${taxDocuments.kind} = 'invoice' then 'b2b' else 'cdnr' end
  when not ${taxDocuments.intraState}
    and abs(coalesce(${original.totalPaise}, ${taxDocuments.totalPaise})) > ${sql.raw(String(B2CL_THRESHOLD_PAISE))} then
    case when ${taxDocuments.kind} = 'invoice' then 'b2cl' else 'cdnur' end
  else 'b2cs'
end`;

/**
 * Table 12's tab of a document: B2B for a registered buyer's (with their credit notes), B2C for
 * a consumer's. GSTN split the HSN summary into these two tabs from the May 2025 return period
 * (its advisory on Table 12, phase III; the offline tool's `hsn(b2b)` and `hsn(b2c)` sheets);
 * the store issues no invoice from before then.
 */
const hsnTabOf = sql<
  "b2b" | "b2c"
>`case when ${taxDocuments.buyerGstin} is null then 'b2c' else 'b2b' end`;

/** The lines' four amounts, summed. */
const lineSums = {
  taxablePaise: paiseSum(sql`${taxDocumentLines.taxablePaise}`),
  igstPaise: paiseSum(sql`${taxDocumentLines.igstPaise}`),
  cgstPaise: paiseSum(sql`${taxDocumentLines.cgstPaise}`),
  sgstPaise: paiseSum(sql`${taxDocumentLines.sgstPaise}`),
};

const emptyTotals = (): SectionTotals => ({
  documents: 0,
  valuePaise: 0,
  taxablePaise: 0,
  igstPaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
});

/** An amount's opposite; 0 stays 0 (not -0, which a spreadsheet would show as "-0.00"). */
const minus = (paise: number) => 0 - paise;

/** Amounts as the return writes them: a credit note's stored (negative) ones made positive. */
function positive<T extends TaxAmounts>(row: T): T {
  return {
    ...row,
    taxablePaise: minus(row.taxablePaise),
    igstPaise: minus(row.igstPaise),
    cgstPaise: minus(row.cgstPaise),
    sgstPaise: minus(row.sgstPaise),
  };
}

/** The month's GSTR-1 figures, from the documents issued in it. */
export async function gstr1Figures(
  db: Pick<Db, "select">,
  input: { month: string },
): Promise<Gstr1Figures> {
  const month = gstMonthSchema.parse(input.month);
  const { from, until } = monthRange(month);
  const inMonth = and(gte(taxDocuments.issuedOn, from), lt(taxDocuments.issuedOn, until));
  const [perDocument, b2csRows, hsnRows, sectionRows] = await Promise.all([
    // The rows listed one by one: invoices in 4A and 5, and every credit note, per rate.
    db
      .select({
        section: sectionOf,
        kind: taxDocuments.kind,
        number: taxDocuments.number,
        issuedOn: taxDocuments.issuedOn,
        gstin: taxDocuments.buyerGstin,
        receiverName: sql<string>`${taxDocuments.printed}->'buyer'->>'name'`,
        refersToNumber: sql<string | null>`${taxDocuments.printed}->'refersTo'->>'number'`,
        refersToDate: sql<string | null>`${taxDocuments.printed}->'refersTo'->>'issuedOn'`,
        placeOfSupplyCode: taxDocuments.placeOfSupplyCode,
        documentTotalPaise: taxDocuments.totalPaise,
        rateBasisPoints: taxDocumentLines.rateBasisPoints,
        ...lineSums,
      })
      .from(taxDocumentLines)
      .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentLines.documentId))
      .leftJoin(original, eq(original.id, taxDocuments.refersToId))
      .where(and(inMonth, sql`(${sectionOf} <> 'b2cs' or ${taxDocuments.kind} = 'credit_note')`))
      .groupBy(taxDocuments.id, original.id, taxDocumentLines.rateBasisPoints)
      .orderBy(
        asc(taxDocuments.issuedOn),
        asc(taxDocuments.number),
        asc(taxDocumentLines.rateBasisPoints),
      ),
    // Table 7: consumers' other invoices and their credit notes, net, by place and rate.
    db
      .select({
        placeOfSupplyCode: taxDocuments.placeOfSupplyCode,
        rateBasisPoints: taxDocumentLines.rateBasisPoints,
        ...lineSums,
      })
      .from(taxDocumentLines)
      .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentLines.documentId))
      .leftJoin(original, eq(original.id, taxDocuments.refersToId))
      .where(and(inMonth, sql`${sectionOf} = 'b2cs'`))
      .groupBy(taxDocuments.placeOfSupplyCode, taxDocumentLines.rateBasisPoints)
      .orderBy(asc(taxDocuments.placeOfSupplyCode), asc(taxDocumentLines.rateBasisPoints)),
    // Table 12, its B2B tab (registered buyers' invoices and notes) and its B2C tab (the rest).
    db
      .select({
        tab: hsnTabOf,
        hsn: taxDocumentLines.hsn,
        rateBasisPoints: taxDocumentLines.rateBasisPoints,
        // A credit note's lines keep the invoice's (positive) quantities: counted back here.
        quantity: sql<number>`cast(coalesce(sum(case
          when ${taxDocumentLines.kind} <> 'goods' then 0
          when ${taxDocuments.kind} = 'credit_note' then -${taxDocumentLines.quantity}
          else ${taxDocumentLines.quantity} end), 0) as bigint)`.mapWith(Number),
        totalValuePaise: paiseSum(sql`${taxDocumentLines.totalPaise}`),
        ...lineSums,
      })
      .from(taxDocumentLines)
      .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentLines.documentId))
      .where(inMonth)
      .groupBy(sql`1`, taxDocumentLines.hsn, taxDocumentLines.rateBasisPoints)
      .orderBy(sql`1`, asc(taxDocumentLines.hsn), asc(taxDocumentLines.rateBasisPoints)),
    // Each section's documents and sums, from the documents' own totals.
    db
      .select({
        section: sectionOf,
        documents: countOf(),
        demoDocuments: countOf(sql`${taxDocuments.demo}`),
        valuePaise: paiseSum(sql`${taxDocuments.totalPaise}`),
        taxablePaise: paiseSum(sql`${taxDocuments.taxablePaise}`),
        igstPaise: paiseSum(sql`${taxDocuments.igstPaise}`),
        cgstPaise: paiseSum(sql`${taxDocuments.cgstPaise}`),
        sgstPaise: paiseSum(sql`${taxDocuments.sgstPaise}`),
      })
      .from(taxDocuments)
      .leftJoin(original, eq(original.id, taxDocuments.refersToId))
      .where(inMonth)
      .groupBy(sql`1`),
  ]);

  const b2b: B2bRow[] = [];
  const b2cl: B2clRow[] = [];
  const creditNotes: CreditNoteRow[] = [];
  for (const row of perDocument) {
    const common = {
      placeOfSupply: placeOfSupplyLabel(row.placeOfSupplyCode),
      rateBasisPoints: row.rateBasisPoints,
      taxablePaise: row.taxablePaise,
      igstPaise: row.igstPaise,
      cgstPaise: row.cgstPaise,
      sgstPaise: row.sgstPaise,
    };
    const invoice = {
      invoiceNumber: row.number,
      invoiceDate: row.issuedOn,
      invoiceValuePaise: row.documentTotalPaise,
      ...common,
    };
    if (row.kind === "credit_note") {
      creditNotes.push(
        positive({
          reportedIn: row.section === "cdnr" || row.section === "cdnur" ? row.section : "b2cs",
          gstin: row.gstin,
          receiverName: row.receiverName,
          noteNumber: row.number,
          noteDate: row.issuedOn,
          noteType: "C",
          invoiceNumber: row.refersToNumber ?? "",
          invoiceDate: row.refersToDate ?? "",
          reverseCharge: NO_REVERSE_CHARGE,
          noteValuePaise: minus(row.documentTotalPaise),
          ...common,
        }),
      );
    } else if (row.section === "b2b") {
      b2b.push({
        gstin: row.gstin ?? "",
        receiverName: row.receiverName,
        reverseCharge: NO_REVERSE_CHARGE,
        ...invoice,
      });
    } else {
      b2cl.push(invoice);
    }
  }

  const totals: Record<DocumentSection, SectionTotals> = {
    b2b: emptyTotals(),
    b2cl: emptyTotals(),
    b2cs: emptyTotals(),
    cdnr: emptyTotals(),
    cdnur: emptyTotals(),
  };
  const net = emptyTotals();
  let demoDocuments = 0;
  for (const { section, demoDocuments: demo, ...sums } of sectionRows) {
    demoDocuments += demo;
    for (const key of Object.keys(net) as (keyof SectionTotals)[]) net[key] += sums[key];
    const credit = section === "cdnr" || section === "cdnur";
    totals[section] = credit ? { ...positive(sums), valuePaise: minus(sums.valuePaise) } : sums;
  }

  return {
    month,
    from,
    until,
    documents: net.documents,
    demoDocuments,
    b2b,
    b2cl,
    b2cs: b2csRows.map(({ placeOfSupplyCode, ...row }) => ({
      type: "OE",
      placeOfSupply: placeOfSupplyLabel(placeOfSupplyCode),
      ...row,
    })),
    creditNotes,
    hsnB2b: hsnRows.filter((row) => row.tab === "b2b").map(hsnRow),
    hsnB2c: hsnRows.filter((row) => row.tab === "b2c").map(hsnRow),
    totals,
    net,
  };
}

function hsnRow({ tab: _tab, ...row }: Omit<HsnRow, "uqc"> & { tab: string }): HsnRow {
  return { ...row, uqc: "NOS" };
}
