import type { TaxDocumentKind } from "~/db/schema/enums";

/** The address part of each kind: /account/orders/10001/invoice, .../credit-note. */
export const documentSlugs = { invoice: "invoice", credit_note: "credit-note" } as const;

/** Where an order's invoice or credit note is shown (and, with `pdf`, downloaded). */
export function documentHref(orderNumber: number, kind: TaxDocumentKind, pdf = false) {
  return `/account/orders/${orderNumber}/${documentSlugs[kind]}${pdf ? ".pdf" : ""}`;
}
