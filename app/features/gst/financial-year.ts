import { indiaDayOf } from "~/lib/india-time";

/**
 * India's financial year, April to March (ADR 033), by India's calendar: an instant at 23:50
 * IST on 31 March (18:20 UTC) is still in the year that ends that day.
 */
export type FinancialYear = {
  /** The calendar year it starts in: 2026 for April 2026 to March 2027. */
  startYear: number;
  /** As invoice numbers print it: "26-27". */
  label: string;
};

/** The financial year of a calendar day ("2027-03-31"). */
export function financialYearOfDay(day: string): FinancialYear {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (!Number.isInteger(year) || !(month >= 1 && month <= 12)) {
    throw new RangeError(`Not a calendar day: ${day}`);
  }
  const startYear = month >= 4 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, "0");
  return { startYear, label: `${two(startYear)}-${two(startYear + 1)}` };
}

/** The financial year an instant falls in, in India. */
export function financialYearOf(instant: Date): FinancialYear {
  return financialYearOfDay(indiaDayOf(instant));
}
