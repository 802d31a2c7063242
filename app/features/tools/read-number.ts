import { INTL_TAG, type Locale } from "~/lib/i18n/locales";

/**
 * A number as people type it into the tools: "12.4", "12,4" (a decimal comma, as much of India
 * and Europe writes it), "-5", "−5" (a typographic minus), with an optional unit after it
 * ("12.4 V", "20 °C"). Null for anything else ("abc", "12.4.1", "1e3", ""). Without
 * zod: the tools' components run these in the browser too, and zod is not part of a first visit.
 */
export function readNumber(text: string, unit?: RegExp): number | null {
  let body = text.trim().replace(/^\u2212/, "-");
  if (body.length === 0 || body.length > 24) return null;
  if (unit) body = body.replace(unit, "").trim();
  if (!/^-?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/.test(body)) return null;
  const value = Number(body.replace(",", "."));
  return Number.isFinite(value) ? value : null;
}

const formats = new Map<string, Intl.NumberFormat>();

/** The value with at most `digits` decimals, without trailing zeros, in Indian digit grouping
 * ("12.4", "0.22", "1,640", "1,00,000"), as the page's language writes numbers. */
export function formatDecimal(value: number, digits = 2, locale: Locale = "en"): string {
  const key = `${locale}:${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAG[locale], { maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format.format(value);
}
