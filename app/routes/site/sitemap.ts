import { sitemapEntries, sitemapXml } from "~/features/seo/sitemap.server";
import type { Route } from "./+types/sitemap";

/** Crawlers may keep it an hour; the store keeps it with the public data (ADR 017), which an
 * admin's change to the catalogue empties. */
const CACHE_CONTROL = "public, max-age=3600";

/** `GET /sitemap.xml`: every public page and battery on sale, on the configured address. */
export async function loader({ context }: Route.LoaderArgs) {
  const xml = await context.publicData.get("seo:sitemap", async () =>
    sitemapXml(await sitemapEntries(context.db), context.publicUrl),
  );
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_CONTROL },
  });
}
