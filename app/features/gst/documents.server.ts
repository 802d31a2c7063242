import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders, taxDocuments } from "~/db/schema";
import type { TaxDocumentKind } from "~/db/schema/enums";
import type { OrderViewer } from "~/features/orders/order-read.server";
import { NotFound } from "~/lib/errors";
import { documentSlugs } from "./document-links";
import { readTaxDocument } from "./invoices.server";
import type { TaxDocument } from "./tax-document";
import { renderTaxDocumentPdf } from "./tax-document-pdf.server";

/**
 * An order's invoice or credit note as its customer or the back office sees it (issue 24): the
 * customer only their own order's, exactly as missing as one that does not exist.
 */

/** The kind an address names; a 404 for any other. */
export function documentKindOf(slug: string | undefined): TaxDocumentKind {
  if (slug === documentSlugs.invoice) return "invoice";
  if (slug === documentSlugs.credit_note) return "credit_note";
  throw new NotFound(notFound);
}

const notFound = "No such document";

/** The document of this kind of this order, if the viewer may see it (else a 404). */
export async function orderDocument(
  db: Db,
  input: { orderNumber: number; kind: TaxDocumentKind },
  viewer: OrderViewer,
): Promise<TaxDocument & { id: number }> {
  const [row] = await db
    .select({ id: taxDocuments.id, userId: orders.userId })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(orders.number, input.orderNumber), eq(taxDocuments.kind, input.kind)));
  if (!row || (viewer.as === "customer" && row.userId !== viewer.id)) throw new NotFound(notFound);
  return { id: row.id, ...(await readTaxDocument(db, row.id)) };
}

/**
 * A document's PDF: drawn from its stored copy the first time it is asked for and kept, so the
 * same bytes are given every time after (ADR 033).
 */
export async function orderDocumentPdf(
  db: Db,
  input: { orderNumber: number; kind: TaxDocumentKind },
  viewer: OrderViewer,
): Promise<{ number: string; pdf: Uint8Array }> {
  const document = await orderDocument(db, input, viewer);
  const [kept] = await db
    .select({ pdf: taxDocuments.pdf })
    .from(taxDocuments)
    .where(eq(taxDocuments.id, document.id));
  if (kept?.pdf) return { number: document.number, pdf: kept.pdf };
  const pdf = await renderTaxDocumentPdf(document);
  // Two first downloads at once: the first stored wins, and both give its bytes.
  await db
    .update(taxDocuments)
    .set({ pdf })
    .where(and(eq(taxDocuments.id, document.id), isNull(taxDocuments.pdf)));
  const [stored] = await db
    .select({ pdf: taxDocuments.pdf })
    .from(taxDocuments)
    .where(eq(taxDocuments.id, document.id));
  return { number: document.number, pdf: stored?.pdf ?? pdf };
}
