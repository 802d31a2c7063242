import { localeOf } from "./catalogue.server";
import { localePath, stripLocale } from "./locales";

/**
 * An address that leaves React Router in the language of the page that asked (ADR 037): the
 * callback a Google or Apple sign-in comes back to (better-auth redirects there itself). A
 * route's own `redirect("/cart")` needs none of this: React Router gives it the page's basename.
 * An address already in a language ("/gu/cart") or on another site stays as it is.
 */
export function inRequestLanguage(request: Request, to: string): string {
  if (!to.startsWith("/") || to.startsWith("//")) return to;
  const pathname = to.split(/[?#]/, 1)[0] ?? to;
  if (stripLocale(pathname) !== pathname) return to;
  return localePath(localeOf(request), to);
}
