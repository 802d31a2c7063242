import { localeOf } from "./catalogue.server";
import { localePath, stripLocale } from "./locales";

/**
 * A redirect's address in the language of the page that asked (ADR 037): a server redirect is
 * not given the router's basename, so "/cart" answered to /hi/… becomes "/hi/cart". An address
 * already in a language ("/gu/cart") or on another site stays as it is.
 */
export function inRequestLanguage(request: Request, to: string): string {
  if (!to.startsWith("/") || to.startsWith("//")) return to;
  const pathname = to.split(/[?#]/, 1)[0] ?? to;
  if (stripLocale(pathname) !== pathname) return to;
  return localePath(localeOf(request), to);
}
