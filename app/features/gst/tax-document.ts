/**
 * A tax invoice or credit note as issued (issue 24, ADR 033): everything printed on it, copied
 * when it was issued so a later change of the settings, the product or the order never alters it.
 * Amounts are integer paise; a credit note's amounts are the invoice's, negated.
 */
export type TaxDocumentKind = "invoice" | "credit_note";

/** The seller or the buyer as printed. */
export type TaxParty = {
  name: string;
  /** The address, one printed line each. */
  addressLines: string[];
  state: string;
  /** The GST state code, two digits ("24" for Gujarat); "" when unknown. */
  stateCode: string;
  gstin: string | null;
};

export type TaxDocumentLine = {
  /** A battery, or the shipping. */
  kind: "goods" | "shipping";
  description: string;
  /** HSN code (6 digits for batteries; shipping carries its goods' code, ADR 033). */
  hsn: string;
  quantity: number;
  /** The GST-inclusive price of one, as shown in the store. */
  unitPricePaise: number;
  /** Exchange credit and the line's share of a promo discount, GST-inclusive. */
  discountPaise: number;
  taxablePaise: number;
  /** The GST rate in basis points: 1800 is 18 %. */
  rateBasisPoints: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** taxable + CGST + SGST + IGST, exactly. */
  totalPaise: number;
};

export type TaxTotals = {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

export type TaxDocument = {
  kind: TaxDocumentKind;
  /** Such as "UC/26-27/000123" (at most 16 characters). */
  number: string;
  /** The day of issue, India's calendar, "YYYY-MM-DD". */
  issuedOn: string;
  /** Issued by the demo store (no seller details set): printed "Demo store: not a tax invoice". */
  demo: boolean;
  seller: TaxParty;
  buyer: TaxParty;
  /** The place of supply: the buyer's GSTIN's state for a business, else the delivery state. */
  placeOfSupply: { state: string; stateCode: string };
  /** CGST + SGST when true, IGST when false. */
  intraState: boolean;
  orderNumber: number;
  /** A credit note's invoice. */
  refersTo: { number: string; issuedOn: string } | null;
  lines: TaxDocumentLine[];
  totals: TaxTotals;
  /** The total in words, Indian numbering ("Rupees One Lakh ... Only"). */
  amountInWords: string;
  payment: { method: "upi" | "on_installation"; reference: string; utr: string | null };
};
