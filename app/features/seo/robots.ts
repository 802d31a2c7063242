import { LOCALES, localePath } from "~/lib/i18n/locales";
import { absoluteUrl } from "~/lib/json-ld";

/**
 * Paths crawlers are asked to stay out of: the back office, a shopper's own pages (account,
 * cart, checkout), the JSON and action endpoints, and links that carry a one-time token or a
 * pass (password reset, e-mail verification, the newsletter's confirmation and unsubscribe, a
 * warranty's own page). Sign-in and registration stay open to crawlers: their pages say
 * `noindex`, which a crawler must be able to read for them to leave search results.
 */
export const disallowedPaths = [
  "/admin",
  "/account",
  "/cart",
  "/checkout",
  "/api/",
  "/search/",
  "/logout",
  "/newsletter",
  "/reset-password",
  "/verify-email",
  "/warranty/",
] as const;

/** `/robots.txt`: every crawler, the paths above left out in every language, and where the
 * sitemap is. (The back office and the API have English addresses only.) */
export function robotsTxt(publicUrl: string): string {
  const paths = LOCALES.flatMap((locale) =>
    disallowedPaths
      .filter((path) => locale === "en" || !/^\/(admin|api)/.test(path))
      .map((path) => localePath(locale, path)),
  );
  return [
    "User-agent: *",
    ...paths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml", publicUrl)}`,
    "",
  ].join("\n");
}
