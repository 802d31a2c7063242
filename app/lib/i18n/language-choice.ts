/**
 * The visitor's chosen language (issue 26): the switcher's links go through `/language`, which
 * keeps the choice in the `lang` cookie for a year and goes on to the page in that language.
 * An English address asked for later with `lang=hi` or `lang=gu` is redirected to the same page
 * in that language (server/language-redirect.ts); `lang=en` stays in English. The cookie is
 * readable by the page's script: the language offer (components/language-offer.tsx) looks for it.
 */
import { cookiePairs } from "../cookie-header";
import { isLocale, type Locale, localePath } from "./locales";

export const LANG_COOKIE = "lang";
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
export const LANGUAGE_PATH = "/language";

/** The switcher's link to a page (its path and query without a language prefix) in `locale`. */
export function languageHref(locale: Locale, path: string): string {
  return `${LANGUAGE_PATH}?${new URLSearchParams({ lang: locale, to: localePath(locale, path) })}`;
}

/** The `lang` cookie's header value (`Secure` on an https store). */
export function langCookie(locale: Locale, { secure }: { secure: boolean }): string {
  const flags = `Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
  return `${LANG_COOKIE}=${locale}; ${flags}`;
}

/** The language a Cookie header chose, if any. */
export function chosenLanguage(cookieHeader: string | null | undefined): Locale | null {
  for (const [name, value] of cookiePairs(cookieHeader)) {
    if (name === LANG_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/**
 * The language a browser prefers among the store's (navigator.languages, or Accept-Language's
 * order): the first of its languages the store has, null when none is.
 */
export function preferredLanguage(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}
