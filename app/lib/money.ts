/** Money is integer paise everywhere; these helpers are the only place it becomes text. */

const wholeRupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const withPaise = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function assertPaise(paise: number): void {
  if (!Number.isSafeInteger(paise)) {
    throw new TypeError(`Money must be a whole number of paise, got ${paise}`);
  }
}

/** 459900 -> "₹4,599"; 459950 -> "₹4,599.50"; 12345600 -> "₹1,23,456" (Indian grouping). */
export function formatPaise(paise: number): string {
  assertPaise(paise);
  return (paise % 100 === 0 ? wholeRupees : withPaise).format(paise / 100);
}

/** The rupee amount with two decimals and no symbol or grouping, e.g. for a UPI link: "4599.00". */
export function paiseToRupeeString(paise: number): string {
  assertPaise(paise);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Paise as an admin types a price, the way the price fields show it back: Indian digit grouping,
 * no symbol, decimals only when there are paise ("7,999", "1,23,456.50").
 */
export function paiseToRupeeInput(paise: number): string {
  assertPaise(paise);
  return new Intl.NumberFormat("en-IN", {
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(paise / 100);
}

/**
 * Parses a rupee amount typed by a person ("4599", "4,599.5", "₹ 4599.50") into paise without
 * floating-point error. Returns null for anything that is not a non-negative amount with at most
 * two decimals.
 */
export function parseRupeesToPaise(input: string): number | null {
  const cleaned = input.replace(/[₹,\s]/g, "").replace(/^rs\.?/i, "");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const rupees = Number(match[1]);
  const paise = Number((match[2] ?? "").padEnd(2, "0"));
  return rupees * 100 + paise;
}

/** Percentage saved against the MRP, rounded down; 0 when there is no saving. */
export function discountPercent(pricePaise: number, mrpPaise: number): number {
  if (mrpPaise <= 0 || pricePaise >= mrpPaise) return 0;
  return Math.floor(((mrpPaise - pricePaise) * 100) / mrpPaise);
}

/** Throws a RangeError unless `value` is a safe whole number of at least `min` (amounts in paise,
 * quantities, basis points), naming it. */
export function assertWhole(name: string, value: number, min = 0): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of at least ${min}, got ${value}`);
  }
}

/** a × b / c rounded to the nearest whole number (halves up), exactly, for whole a, b, c. */
export function mulDivRound(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((product * 2n + divisor) / (divisor * 2n));
}
