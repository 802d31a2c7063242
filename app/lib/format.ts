/** Display forms of the catalogue's numeric attributes (see seed-spec preface, rule 5). */
import { INTL_TAG, type Locale } from "./i18n/locales";

export function formatCapacity(ah: number): string {
  return `${ah}Ah`;
}

export function formatVoltage(volts: number): string {
  return `${volts}V`;
}

/** 12 -> "1 year", 24 -> "2 years", 18 -> "18 months", 0 -> "No warranty". */
export function formatWarranty(months: number): string {
  if (months <= 0) return "No warranty";
  if (months % 12 === 0) {
    const years = months / 12;
    return `${years} ${years === 1 ? "year" : "years"}`;
  }
  return `${months} ${months === 1 ? "month" : "months"}`;
}

/*
 * One way of writing dates on every page and mail, in India's time: "24 Nov 2026". The parts come
 * from the en-US calendar so that a month is always its three letters (en-IN and en-GB write
 * "Sept"), and are put in India's order, day first.
 */
const indiaParts = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

function partsOf(date: Date): Record<Intl.DateTimeFormatPartTypes, string> {
  return Object.fromEntries(indiaParts.formatToParts(date).map((p) => [p.type, p.value])) as Record<
    Intl.DateTimeFormatPartTypes,
    string
  >;
}

/** Hindi and Gujarati dates as their languages write them, month names included (ADR 037). */
const localFormats = new Map<string, Intl.DateTimeFormat>();
function inLanguage(locale: Locale, date: Date, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = localFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_TAG[locale], { ...options, timeZone: "Asia/Kolkata" });
    localFormats.set(key, format);
  }
  return format.format(date);
}
const DAY = { day: "numeric", month: "short", year: "numeric" } as const;

/** A day as the store writes it, in India's time: "22 Nov 2026" ("22 नव॰ 2026" in Hindi). */
export function formatDate(date: Date, locale: Locale = "en"): string {
  if (locale !== "en") return inLanguage(locale, date, DAY);
  const p = partsOf(date);
  return `${p.day} ${p.month} ${p.year}`;
}

/** A day with its weekday, in India's time: "Sun, 22 Nov 2026". */
export function formatWeekdayDate(date: Date, locale: Locale = "en"): string {
  if (locale !== "en") return inLanguage(locale, date, { ...DAY, weekday: "short" });
  return `${partsOf(date).weekday}, ${formatDate(date)}`;
}

/** A moment as the store writes it, in India's time: "22 Nov 2026, 4:05 PM". */
export function formatDateTime(date: Date, locale: Locale = "en"): string {
  if (locale !== "en") {
    return inLanguage(locale, date, { ...DAY, hour: "numeric", minute: "2-digit" });
  }
  const p = partsOf(date);
  return `${formatDate(date)}, ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** A phone number as a tel: link ("+91 98250 41122" -> "tel:+919825041122"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
