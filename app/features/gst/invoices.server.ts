import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import {
  orderEvents,
  orderItems,
  orders,
  type PrintedParts,
  paymentCredits,
  products,
  taxDocumentCounters,
  taxDocumentLines,
  taxDocuments,
} from "~/db/schema";
import type { TaxDocumentKind } from "~/db/schema/enums";
import { recordAudit } from "~/features/audit/audit.server";
import { streetLines } from "~/features/orders/order-address";
import { isLocalAddress } from "~/features/orders/upi";
import type { StoreSettings } from "~/features/settings/settings.schema";
import { getSettings } from "~/features/settings/settings.server";
import { DomainError, NotFound } from "~/lib/errors";
import { indiaDayOf } from "~/lib/india-time";
import { amountInWords } from "./amount-in-words";
import { financialYearOf } from "./financial-year";
import { gstMessages } from "./gst.messages";
import { gstStateCodeOf, stateOfGstCode } from "./gst-states";
import { hsnOf } from "./hsn";
import type { TaxDocument, TaxParty } from "./tax-document";
import { basisPointsOf, invoiceLinesOf, negatedLines, totalsOf } from "./tax-split";

/**
 * Tax invoices and credit notes (issue 24, ADR 033): issued in the transaction that makes an
 * order paid, or cancels a paid one; numbered from a gap-free series per kind and financial
 * year; copied as printed so nothing changed later alters them.
 */

/** The series' prefixes: "UC/26-27/000123" and "CN/26-27/000012" (at most 16 characters). */
export const SERIES_PREFIX: Record<TaxDocumentKind, string> = { invoice: "UC", credit_note: "CN" };

/** The demo store's state when no seller is set: the old site's Ahmedabad. */
export const DEMO_SELLER_STATE = "Gujarat";

export type IssueOptions = { now: Date; publicUrl: string };

/** A document's number: prefix, financial year, sequence of at least six digits. */
export function documentNumber(kind: TaxDocumentKind, yearLabel: string, sequence: number) {
  return `${SERIES_PREFIX[kind]}/${yearLabel}/${String(sequence).padStart(6, "0")}`;
}

/** Are the seller's four details set, so invoices are real ones? */
export function sellerIsSet(settings: StoreSettings): boolean {
  return Boolean(
    settings.sellerLegalName &&
      settings.sellerAddress &&
      settings.sellerState &&
      settings.sellerGstin,
  );
}

/** The seller as an invoice prints it; null when none may be printed (not set, not the demo). */
function sellerOf(
  settings: StoreSettings,
  publicUrl: string,
): (TaxParty & { demo: boolean }) | null {
  if (sellerIsSet(settings)) {
    const state = settings.sellerState as string;
    return {
      name: settings.sellerLegalName as string,
      addressLines: (settings.sellerAddress as string)
        .split(/\n+/)
        .map((line) => line.trim())
        .filter(Boolean),
      state,
      stateCode: gstStateCodeOf(state),
      gstin: settings.sellerGstin,
      demo: false,
    };
  }
  if (!isLocalAddress(publicUrl)) return null;
  return {
    name: settings.brandName,
    addressLines: settings.address ? [settings.address] : [],
    state: settings.sellerState ?? DEMO_SELLER_STATE,
    stateCode: gstStateCodeOf(settings.sellerState ?? DEMO_SELLER_STATE),
    gstin: null,
    demo: true,
  };
}

/** Takes the next number of a series in the caller's transaction; the counter row stays locked
 * until it ends, so numbers are consecutive and a rollback gives the number back. */
async function nextSequence(tx: Tx, kind: TaxDocumentKind, financialYear: number) {
  const [row] = await tx
    .insert(taxDocumentCounters)
    .values({ kind, financialYear, last: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentCounters.kind, taxDocumentCounters.financialYear],
      set: { last: sql`${taxDocumentCounters.last} + 1` },
    })
    .returning({ last: taxDocumentCounters.last });
  if (!row) throw new Error("nextSequence: no number was taken");
  return row.last;
}

/** The document of this kind an order has, if any. */
async function documentOf(db: Pick<Db, "select">, orderId: number, kind: TaxDocumentKind) {
  const [row] = await db
    .select({ id: taxDocuments.id, number: taxDocuments.number, issuedOn: taxDocuments.issuedOn })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind)));
  return row ?? null;
}

type StoredDocument = Omit<TaxDocument, "demo" | "orderNumber"> & {
  orderId: number;
  demo: boolean;
  financialYear: number;
  sequence: number;
} & Pick<PrintedParts, "orderNumber">;

/** Stores a document and its lines. */
async function storeDocument(tx: Tx, doc: StoredDocument, refersToId: number | null) {
  const [row] = await tx
    .insert(taxDocuments)
    .values({
      kind: doc.kind,
      orderId: doc.orderId,
      number: doc.number,
      financialYear: doc.financialYear,
      sequence: doc.sequence,
      issuedOn: doc.issuedOn,
      refersToId,
      demo: doc.demo,
      buyerGstin: doc.buyer.gstin,
      placeOfSupplyCode: doc.placeOfSupply.stateCode,
      intraState: doc.intraState,
      ...doc.totals,
      printed: {
        seller: doc.seller,
        buyer: doc.buyer,
        placeOfSupply: doc.placeOfSupply,
        refersTo: doc.refersTo,
        amountInWords: doc.amountInWords,
        payment: doc.payment,
        orderNumber: doc.orderNumber,
      },
    })
    .returning({ id: taxDocuments.id });
  if (!row) throw new Error("storeDocument: the document was not stored");
  if (doc.lines.length > 0) {
    await tx
      .insert(taxDocumentLines)
      .values(doc.lines.map((line, position) => ({ documentId: row.id, position, ...line })));
  }
  return { id: row.id, number: doc.number };
}

/**
 * Issues an order's tax invoice, in the caller's transaction (the one that makes it paid), dated
 * the day of `now` in India. An order that has one already gets it back; null when no invoice may
 * be issued yet (no seller details, and not the demo store on this machine).
 */
export async function issueInvoice(
  tx: Tx,
  orderId: number,
  options: IssueOptions,
): Promise<{ id: number; number: string } | null> {
  const existing = await documentOf(tx, orderId, "invoice");
  if (existing) return existing;
  const settings = await getSettings(tx);
  const seller = sellerOf(settings, options.publicUrl);
  if (!seller) return null;
  const { demo, ...sellerParty } = seller;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFound("No such order");
  const items = await tx
    .select({
      model: orderItems.model,
      name: orderItems.name,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.unitPricePaise,
      exchangeCreditPaise: orderItems.exchangeCreditPaise,
      hsnCode: products.hsnCode,
      category: products.category,
      technology: sql<string | null>`${products.specs}->>'technology'`,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));

  // The delivery State the customer chose; an older order's directory state, else the seller's.
  const buyerState = order.state || sellerParty.state;
  const gstinState = order.buyerGstin ? stateOfGstCode(order.buyerGstin.slice(0, 2)) : null;
  const placeOfSupply = gstinState ?? buyerState;
  const placeOfSupplyCode = gstStateCodeOf(placeOfSupply);
  const intraState = placeOfSupplyCode === sellerParty.stateCode;
  const lines = invoiceLinesOf(
    {
      lines: items.map((item) => ({
        description: `${item.name} (${item.model})`,
        // A product deleted since: the heading, which invoices may print (ADR 033).
        hsn: item.category
          ? hsnOf({ hsnCode: item.hsnCode, category: item.category, technology: item.technology })
          : "8507",
        quantity: item.quantity,
        unitPricePaise: item.unitPricePaise,
        exchangeCreditPaise: item.exchangeCreditPaise,
      })),
      discountPaise: order.discountPaise,
      shippingPaise: order.shippingPaise,
    },
    basisPointsOf(settings.gstPercent),
    intraState,
  );
  // The UTR the customer gave, or the bank's reference of the credit that paid it.
  const [credit] = order.utr
    ? []
    : await tx
        .select({ reference: paymentCredits.bankReference })
        .from(paymentCredits)
        .where(eq(paymentCredits.orderId, orderId))
        .limit(1);
  const totals = totalsOf(lines);
  if (totals.totalPaise !== order.totalPaise) {
    throw new Error(`issueInvoice: order ${order.number}'s lines do not add up to its total`);
  }
  const year = financialYearOf(options.now);
  const sequence = await nextSequence(tx, "invoice", year.startYear);
  return storeDocument(
    tx,
    {
      kind: "invoice",
      orderId,
      orderNumber: order.number,
      number: documentNumber("invoice", year.label, sequence),
      financialYear: year.startYear,
      sequence,
      issuedOn: indiaDayOf(options.now),
      demo,
      seller: sellerParty,
      buyer: {
        name: order.buyerLegalName ?? order.customerName,
        addressLines: [
          ...(order.buyerLegalName ? [`Attn: ${order.customerName}`] : []),
          ...streetLines(order),
          `${order.city} ${order.pincode}`,
        ],
        state: buyerState,
        stateCode: gstStateCodeOf(buyerState),
        gstin: order.buyerGstin,
      },
      placeOfSupply: { state: placeOfSupply, stateCode: placeOfSupplyCode },
      intraState,
      refersTo: null,
      lines,
      totals,
      amountInWords: amountInWords(totals.totalPaise),
      payment: {
        method: order.paymentMethod,
        reference: order.reference,
        utr: order.utr ?? credit?.reference ?? null,
      },
    },
    null,
  );
}

/**
 * Issues the credit note that undoes an order's invoice, in the caller's transaction (the one
 * that cancels it), dated the day of `now`. Nothing when the order has no invoice; the one it
 * has when it has one already.
 */
export async function issueCreditNote(
  tx: Tx,
  orderId: number,
  options: Pick<IssueOptions, "now">,
): Promise<{ id: number; number: string } | null> {
  const invoice = await documentOf(tx, orderId, "invoice");
  if (!invoice) return null;
  const existing = await documentOf(tx, orderId, "credit_note");
  if (existing) return existing;
  const original = await readTaxDocument(tx, invoice.id);
  const lines = negatedLines(original.lines);
  const totals = totalsOf(lines);
  const year = financialYearOf(options.now);
  const sequence = await nextSequence(tx, "credit_note", year.startYear);
  return storeDocument(
    tx,
    {
      ...original,
      kind: "credit_note",
      orderId,
      number: documentNumber("credit_note", year.label, sequence),
      financialYear: year.startYear,
      sequence,
      issuedOn: indiaDayOf(options.now),
      refersTo: { number: original.number, issuedOn: original.issuedOn },
      lines,
      totals,
      amountInWords: amountInWords(totals.totalPaise),
    },
    invoice.id,
  );
}

/** A stored document as printed. */
export async function readTaxDocument(db: Pick<Db, "select">, id: number): Promise<TaxDocument> {
  const [row] = await db
    .select({
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      issuedOn: taxDocuments.issuedOn,
      demo: taxDocuments.demo,
      intraState: taxDocuments.intraState,
      taxablePaise: taxDocuments.taxablePaise,
      cgstPaise: taxDocuments.cgstPaise,
      sgstPaise: taxDocuments.sgstPaise,
      igstPaise: taxDocuments.igstPaise,
      totalPaise: taxDocuments.totalPaise,
      printed: taxDocuments.printed,
    })
    .from(taxDocuments)
    .where(eq(taxDocuments.id, id));
  if (!row) throw new NotFound("No such document");
  const lines = await db
    .select({
      kind: taxDocumentLines.kind,
      description: taxDocumentLines.description,
      hsn: taxDocumentLines.hsn,
      quantity: taxDocumentLines.quantity,
      unitPricePaise: taxDocumentLines.unitPricePaise,
      discountPaise: taxDocumentLines.discountPaise,
      taxablePaise: taxDocumentLines.taxablePaise,
      rateBasisPoints: taxDocumentLines.rateBasisPoints,
      cgstPaise: taxDocumentLines.cgstPaise,
      sgstPaise: taxDocumentLines.sgstPaise,
      igstPaise: taxDocumentLines.igstPaise,
      totalPaise: taxDocumentLines.totalPaise,
    })
    .from(taxDocumentLines)
    .where(eq(taxDocumentLines.documentId, id))
    .orderBy(asc(taxDocumentLines.position));
  const { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise, printed, ...head } = row;
  return {
    ...head,
    ...printed,
    lines,
    totals: { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise },
  };
}

/** An order's invoice and credit note, as its pages link them. */
export type OrderTaxDocument = {
  id: number;
  kind: TaxDocumentKind;
  number: string;
  issuedOn: string;
  demo: boolean;
};

export async function taxDocumentsOfOrders(
  db: Pick<Db, "select">,
  orderIds: readonly number[],
): Promise<Map<number, OrderTaxDocument[]>> {
  const found = new Map<number, OrderTaxDocument[]>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select({
      orderId: taxDocuments.orderId,
      id: taxDocuments.id,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      issuedOn: taxDocuments.issuedOn,
      demo: taxDocuments.demo,
    })
    .from(taxDocuments)
    .where(inArray(taxDocuments.orderId, [...orderIds]))
    .orderBy(asc(taxDocuments.id));
  for (const { orderId, ...doc } of rows) {
    found.set(orderId, [...(found.get(orderId) ?? []), doc]);
  }
  return found;
}

/** The instant an order became paid (pay-on-installation: delivered), from its timeline. */
async function paidAt(db: Pick<Db, "select">, orderId: number, onInstallation: boolean) {
  const [event] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.toStatus, onInstallation ? "delivered" : "paid"),
      ),
    )
    .orderBy(asc(orderEvents.createdAt))
    .limit(1);
  return event?.at ?? null;
}

/**
 * The back office's "Issue the invoice" for a paid order that has none (paid before the seller's
 * details were set): issued now, dated the day it was paid, and audited.
 */
export async function issueMissingInvoice(
  db: Db,
  orderNumber: number,
  actor: { id: string },
  options: { publicUrl: string },
): Promise<{ id: number; number: string }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, paymentMethod: orders.paymentMethod })
      .from(orders)
      .where(eq(orders.number, orderNumber))
      .for("update");
    if (!order) throw new NotFound("No such order");
    const paid = await paidAt(tx, order.id, order.paymentMethod === "on_installation");
    if (!paid || order.status === "cancelled") {
      throw new DomainError(gstMessages.invoiceNotPaid, 409);
    }
    // A second press (another tab, a double click) issues nothing and records nothing.
    const existing = await documentOf(tx, order.id, "invoice");
    if (existing) throw new DomainError(gstMessages.invoiceAlready(existing.number), 409);
    const issued = await issueInvoice(tx, order.id, { now: paid, publicUrl: options.publicUrl });
    if (!issued) throw new DomainError(gstMessages.sellerNotSet, 409);
    await recordAudit(tx, actor, "order", orderNumber, null, { invoice: issued.number }, "invoice");
    return issued;
  });
}
