/**
 * The store's languages (ADR 037). English is served without a prefix (`/allproduct`), Hindi
 * under `/hi` and Gujarati under `/gu`; each has the BCP 47 tag its Intl formats use.
 */
export const LOCALES = ["en", "hi", "gu"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The languages with their own address prefix. */
export const PREFIXED_LOCALES = ["hi", "gu"] as const satisfies readonly Locale[];

/** For Intl and `<html lang>`: India's variant of each language. */
export const INTL_TAG: Record<Locale, string> = { en: "en-IN", hi: "hi-IN", gu: "gu-IN" };
/** Open Graph's spelling (og:locale). */
export const OG_LOCALE: Record<Locale, string> = { en: "en_IN", hi: "hi_IN", gu: "gu_IN" };
/** Each language's name in itself, for the switcher. */
export const LOCALE_NAME: Record<Locale, string> = { en: "English", hi: "हिन्दी", gu: "ગુજરાતી" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

const PREFIX = /^\/(hi|gu)(?=\/|$)/;

/** The language an address is in: its prefix, else English. */
export function localeOfPath(pathname: string): Locale {
  const match = PREFIX.exec(pathname);
  return match ? (match[1] as Locale) : DEFAULT_LOCALE;
}

/** The address without its language prefix ("/hi/cart" -> "/cart", "/gu" -> "/"). */
export function stripLocale(pathname: string): string {
  return pathname.replace(PREFIX, "") || "/";
}

/** The basename a language's pages are served under ("" for English). */
export function localeBase(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/** A store path in a language: ("hi", "/cart?x=1") -> "/hi/cart?x=1"; ("gu", "/") -> "/gu". */
export function localePath(locale: Locale, path: string): string {
  const base = localeBase(locale);
  if (!base) return path;
  if (path === "/" || path === "") return base;
  if (path.startsWith("/?") || path.startsWith("/#")) return `${base}${path.slice(1)}`;
  return `${base}${path}`;
}
