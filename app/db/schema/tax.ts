import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { TaxDocument } from "~/features/gst/tax-document";
import { sqlList, taxDocumentKinds, taxLineKinds } from "./enums";
import { orders } from "./orders";

/** Raw bytes (a PDF): `bytea`, read as a plain Uint8Array from either driver (node-postgres
 * gives a Buffer, PGlite a Uint8Array). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (value.constructor === Uint8Array ? value : new Uint8Array(value)),
});

/** What a document prints besides its lines and amounts, copied when it was issued (ADR 033). */
export type PrintedParts = Pick<
  TaxDocument,
  "seller" | "buyer" | "placeOfSupply" | "refersTo" | "amountInWords" | "payment" | "orderNumber"
>;

/**
 * A tax invoice or a credit note (issue 24, ADR 033): one of each at most per order, numbered
 * from its own gap-free series per financial year, its amounts and printed parts as they were
 * when it was issued. The PDF is drawn from that copy once and kept.
 */
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: taxDocumentKinds }).notNull(),
    // An issued document is never deleted with its order: orders are not deleted once invoiced.
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** "UC/26-27/000123": the series' prefix, the financial year and the sequence. */
    number: text("number").notNull().unique(),
    /** The year April to March it belongs to, by the calendar year it starts in (2026). */
    financialYear: integer("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    /** The day of issue, India's calendar. */
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    /** A credit note's invoice. */
    refersToId: integer("refers_to_id").references((): AnyPgColumn => taxDocuments.id, {
      onDelete: "restrict",
    }),
    /** Issued by the demo store, without seller details: not a tax invoice. */
    demo: boolean("demo").notNull().default(false),
    /** A business buyer's GSTIN (a B2B document); null for a consumer (B2C). */
    buyerGstin: text("buyer_gstin"),
    placeOfSupplyCode: text("place_of_supply_code").notNull(),
    intraState: boolean("intra_state").notNull(),
    taxablePaise: bigint("taxable_paise", { mode: "number" }).notNull(),
    cgstPaise: bigint("cgst_paise", { mode: "number" }).notNull(),
    sgstPaise: bigint("sgst_paise", { mode: "number" }).notNull(),
    igstPaise: bigint("igst_paise", { mode: "number" }).notNull(),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    printed: jsonb("printed").$type<PrintedParts>().notNull(),
    /** The PDF, drawn from the copy above the first time it is asked for. */
    pdf: bytes("pdf"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("tax_documents_kind_check", sql.raw(`"kind" in (${sqlList(taxDocumentKinds)})`)),
    check("tax_documents_number_check", sql`length(${t.number}) <= 16`),
    check("tax_documents_sequence_check", sql`${t.sequence} > 0`),
    check(
      "tax_documents_refers_check",
      sql`(${t.kind} = 'credit_note') = (${t.refersToId} is not null)`,
    ),
    check(
      "tax_documents_amounts_check",
      sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.totalPaise}`,
    ),
    uniqueIndex("tax_documents_order_kind_unique").on(t.orderId, t.kind),
    uniqueIndex("tax_documents_series_unique").on(t.kind, t.financialYear, t.sequence),
    // The month's GST figures read documents by day of issue.
    index("tax_documents_issued_idx").on(t.issuedOn),
  ],
);

/** A line of a document: a battery or the shipping, with its taxable value and taxes. */
export const taxDocumentLines = pgTable(
  "tax_document_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer("document_id")
      .notNull()
      .references(() => taxDocuments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind", { enum: taxLineKinds }).notNull(),
    description: text("description").notNull(),
    hsn: text("hsn").notNull(),
    quantity: integer("quantity").notNull(),
    unitPricePaise: bigint("unit_price_paise", { mode: "number" }).notNull(),
    discountPaise: bigint("discount_paise", { mode: "number" }).notNull(),
    taxablePaise: bigint("taxable_paise", { mode: "number" }).notNull(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    cgstPaise: bigint("cgst_paise", { mode: "number" }).notNull(),
    sgstPaise: bigint("sgst_paise", { mode: "number" }).notNull(),
    igstPaise: bigint("igst_paise", { mode: "number" }).notNull(),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
  },
  (t) => [
    check("tax_document_lines_kind_check", sql.raw(`"kind" in (${sqlList(taxLineKinds)})`)),
    check(
      "tax_document_lines_amounts_check",
      sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.totalPaise}`,
    ),
    uniqueIndex("tax_document_lines_position_unique").on(t.documentId, t.position),
  ],
);

/**
 * The last number each series gave in each financial year. Taking a number updates the row in
 * the issuing transaction, which keeps it locked until that transaction ends: numbers are
 * consecutive and a rolled-back issue gives its number back (ADR 033).
 */
export const taxDocumentCounters = pgTable(
  "tax_document_counters",
  {
    kind: text("kind", { enum: taxDocumentKinds }).notNull(),
    financialYear: integer("financial_year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.financialYear] }),
    check("tax_document_counters_last_check", sql`${t.last} > 0`),
  ],
);
