import { absoluteUrl } from "~/lib/json-ld";

/**
 * Paths crawlers are asked to stay out of: the back office, a shopper's own pages (account,
 * cart, checkout), the JSON and action endpoints, and links that carry a one-time token or a
 * pass (password reset, e-mail verification, unsubscribe, a warranty's own page). Sign-in and
 * registration stay open to crawlers: their pages say `noindex`, which a crawler must be able to
 * read for them to leave search results.
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

/** `/robots.txt`: every crawler, the paths above left out, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    ...disallowedPaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml", publicUrl)}`,
    "",
  ].join("\n");
}
