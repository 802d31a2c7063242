/**
 * A warranty's calendar (issue 22): months follow the calendar, and a day the shorter month does
 * not have falls back to its last day (bought 31 Jan, one month: 28 Feb, or 29 Feb in a leap
 * year). Days are India's calendar days, "YYYY-MM-DD".
 */
import { isCalendarDay } from "~/lib/india-time";

/** The same day `months` later (or earlier), kept within the month it lands in. */
export function addMonths(day: string, months: number): string {
  if (!isCalendarDay(day)) throw new RangeError(`addMonths: not a day: ${day}`);
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(year, month, Math.min(d, lastDay)));
  // Years before 100 would be read as 19xx by Date.UTC; no battery is that old.
  return date.toISOString().slice(0, 10);
}

/** Whole days from one day to another (negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type WarrantyPeriods = {
  /** The last day of free replacement. */
  freeUntil: string;
  /** The last day of the whole warranty (the pro-rata period's, when there is one). */
  warrantyUntil: string;
};

/**
 * A warranty's periods from its purchase day: free replacement for `warrantyMonths`, then a
 * pro-rata discount for `proRataMonths`, each ending on the day the months bring round (bought
 * 31 Jan with one month: covered to 28 Feb, that day included).
 */
export function warrantyPeriods(
  purchaseDate: string,
  warrantyMonths: number,
  proRataMonths: number,
): WarrantyPeriods {
  return {
    freeUntil: addMonths(purchaseDate, warrantyMonths),
    warrantyUntil: addMonths(purchaseDate, warrantyMonths + proRataMonths),
  };
}

/** Days of cover left on `today`, the last day counted (0 once it has passed). */
export function daysLeft(until: string, today: string): number {
  return Math.max(0, daysBetween(today, until) + 1);
}
