import { basisPointsOf } from "~/features/gst/tax-split";
import type { StoreSettings } from "~/features/settings/settings.schema";
import { assertWhole, mulDivRound } from "~/lib/money";

/**
 * What an order costs (issue 11), computed on the server only, in integer paise, from lines
 * read from the database. Prices are GST-inclusive, as Indian shelf prices are: the GST is the
 * part of the total the rate stands for, shown, never added.
 */

/** One cart or order line as priced: the unit price and the exchange credit per battery. */
export type PricedLine = { unitPricePaise: number; exchangeCreditPaise: number; quantity: number };

/** A promo code's offer: a percentage of the subtotal, or a fixed amount, from a minimum. */
export type PromoOffer = {
  kind: "percent" | "fixed";
  /** Percent (1-100) or paise. */
  amount: number;
  minSubtotalPaise: number;
};

/** The store's rules for shipping and tax: these settings (the store settings satisfy it). */
export type PricingRules = Pick<
  StoreSettings,
  "gstPercent" | "shippingFeePaise" | "freeShippingFromPaise"
>;

export type OrderTotals = {
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  totalPaise: number;
  /** The GST included in the total (not added to it). */
  gstIncludedPaise: number;
};

/** The discount a promo offer gives on a subtotal: 0 below its minimum, never above the subtotal. */
export function promoDiscount(offer: PromoOffer | null, subtotalPaise: number): number {
  if (!offer || subtotalPaise <= 0 || subtotalPaise < offer.minSubtotalPaise) return 0;
  if (offer.kind === "percent") {
    assertWhole("A promo percentage", offer.amount, 1);
    if (offer.amount > 100) throw new RangeError("A promo percentage is at most 100");
    return mulDivRound(subtotalPaise, offer.amount, 100);
  }
  assertWhole("A promo amount", offer.amount, 1);
  return Math.min(offer.amount, subtotalPaise);
}

/** What a line costs: quantity × (unit price − exchange credit), never below 0. */
export function lineTotalPaise(line: PricedLine): number {
  return line.quantity * Math.max(0, line.unitPricePaise - line.exchangeCreditPaise);
}

/** The lines' subtotal, each checked to be whole paise and a whole quantity. */
export function subtotalOf(lines: readonly PricedLine[]): number {
  let subtotalPaise = 0;
  for (const line of lines) {
    assertWhole("A quantity", line.quantity, 1);
    assertWhole("A unit price", line.unitPricePaise);
    assertWhole("An exchange credit", line.exchangeCreditPaise);
    subtotalPaise += lineTotalPaise(line);
  }
  assertWhole("The subtotal", subtotalPaise);
  return subtotalPaise;
}

/** The totals of an order of these lines, with this offer, under these rules. */
export function priceOrder(
  lines: readonly PricedLine[],
  offer: PromoOffer | null,
  rules: PricingRules,
): OrderTotals {
  const subtotalPaise = subtotalOf(lines);
  const discountPaise = promoDiscount(offer, subtotalPaise);
  const afterDiscount = subtotalPaise - discountPaise;
  const free = rules.freeShippingFromPaise !== null && afterDiscount >= rules.freeShippingFromPaise;
  const shippingPaise = lines.length === 0 || free ? 0 : rules.shippingFeePaise;
  const totalPaise = afterDiscount + shippingPaise;
  // The GST inside a GST-inclusive total: total × rate / (100 + rate), the rate in basis points.
  const basisPoints = basisPointsOf(rules.gstPercent);
  const gstIncludedPaise = mulDivRound(totalPaise, basisPoints, 10_000 + basisPoints);
  return { subtotalPaise, discountPaise, shippingPaise, totalPaise, gstIncludedPaise };
}
