import { assertWhole, mulDivRound } from "~/lib/money";
import type { TaxDocumentLine, TaxTotals } from "./tax-document";

/**
 * The GST inside GST-inclusive amounts (ADR 033), in integer paise and basis points: taxable
 * value = inclusive x 10000 / (10000 + rate), to the nearest paisa, halves up; the tax is the
 * rest, so taxable + tax is the inclusive amount exactly. Within the state the tax is CGST and
 * SGST, an odd paisa going to CGST; between states it is IGST.
 */
export type TaxSplit = {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/** Splits an inclusive amount at a rate (basis points: 1800 is 18 %). */
export function splitInclusive(
  inclusivePaise: number,
  rateBasisPoints: number,
  intraState: boolean,
): TaxSplit {
  assertWhole("An inclusive amount", inclusivePaise);
  assertWhole("A GST rate", rateBasisPoints);
  const taxablePaise = mulDivRound(inclusivePaise, 10_000, 10_000 + rateBasisPoints);
  const tax = inclusivePaise - taxablePaise;
  if (!intraState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const sgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise: tax - sgstPaise, sgstPaise, igstPaise: 0 };
}

/** A rate in percent (18, 12.5) as basis points (1800, 1250). */
export function basisPointsOf(percent: number): number {
  const basisPoints = Math.round(percent * 100);
  assertWhole("A GST rate", basisPoints);
  return basisPoints;
}

/**
 * Shares `amount` out over `weights` in proportion (largest remainder): whole shares that add
 * up to `amount` exactly. All weights 0: nothing to share by, so `amount` must be 0.
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  assertWhole("An amount to share", amount);
  for (const weight of weights) assertWhole("A weight", weight);
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole === 0) {
    if (amount !== 0) throw new RangeError("Nothing to share an amount over");
    return weights.map(() => 0);
  }
  const exact = weights.map((weight) => BigInt(amount) * BigInt(weight));
  const shares = exact.map((value) => Number(value / BigInt(whole)));
  const remainders = exact.map((value, index) => ({ index, left: value % BigInt(whole) }));
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  remainders.sort((a, b) => (a.left === b.left ? a.index - b.index : a.left > b.left ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index] = (shares[index] as number) + 1;
    left--;
  }
  return shares;
}

/** A battery line of an order as an invoice reads it. */
export type SoldLine = {
  description: string;
  hsn: string;
  quantity: number;
  unitPricePaise: number;
  exchangeCreditPaise: number;
};

/** What an order adds up to, as it was priced when placed. */
export type SoldOrder = {
  lines: readonly SoldLine[];
  /** The promo code's discount on the subtotal. */
  discountPaise: number;
  shippingPaise: number;
};

/** The description printed on the shipping line. */
export const SHIPPING_DESCRIPTION = "Delivery charges";

/**
 * An order's invoice lines: each battery line with its exchange credit and its share of the
 * promo discount, and the shipping as a line of its own under the HSN of the largest line (a
 * composite supply follows its principal supply). The lines' totals add up to the order's.
 */
export function invoiceLinesOf(
  order: SoldOrder,
  rateBasisPoints: number,
  intraState: boolean,
): TaxDocumentLine[] {
  const afterExchange = order.lines.map(
    (line) => line.quantity * (line.unitPricePaise - line.exchangeCreditPaise),
  );
  const promoShares = shareOut(order.discountPaise, afterExchange);
  const lines: TaxDocumentLine[] = order.lines.map((line, index) => {
    const discountPaise = line.quantity * line.exchangeCreditPaise + (promoShares[index] as number);
    const totalPaise = line.quantity * line.unitPricePaise - discountPaise;
    return {
      kind: "goods",
      description: line.description,
      hsn: line.hsn,
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      discountPaise,
      ...splitInclusive(totalPaise, rateBasisPoints, intraState),
      rateBasisPoints,
      totalPaise,
    };
  });
  if (order.shippingPaise > 0) {
    const principal = lines.reduce<TaxDocumentLine | undefined>(
      (largest, line) => (!largest || line.totalPaise > largest.totalPaise ? line : largest),
      undefined,
    );
    lines.push({
      kind: "shipping",
      description: SHIPPING_DESCRIPTION,
      hsn: principal?.hsn ?? "",
      quantity: 1,
      unitPricePaise: order.shippingPaise,
      discountPaise: 0,
      ...splitInclusive(order.shippingPaise, rateBasisPoints, intraState),
      rateBasisPoints,
      totalPaise: order.shippingPaise,
    });
  }
  return lines;
}

/** The totals of some lines: their sums. */
export function totalsOf(lines: readonly TaxDocumentLine[]): TaxTotals {
  const totals: TaxTotals = {
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    totalPaise: 0,
  };
  for (const line of lines) {
    totals.taxablePaise += line.taxablePaise;
    totals.cgstPaise += line.cgstPaise;
    totals.sgstPaise += line.sgstPaise;
    totals.igstPaise += line.igstPaise;
    totals.totalPaise += line.totalPaise;
  }
  return totals;
}

/** A credit note's lines: the invoice's, every amount negated (quantities kept), so quantity x
 * unit price - discount is still the line's total. */
export function negatedLines(lines: readonly TaxDocumentLine[]): TaxDocumentLine[] {
  const minus = (paise: number) => (paise === 0 ? 0 : -paise);
  return lines.map((line) => ({
    ...line,
    unitPricePaise: minus(line.unitPricePaise),
    discountPaise: minus(line.discountPaise),
    taxablePaise: minus(line.taxablePaise),
    cgstPaise: minus(line.cgstPaise),
    sgstPaise: minus(line.sgstPaise),
    igstPaise: minus(line.igstPaise),
    totalPaise: minus(line.totalPaise),
  }));
}
