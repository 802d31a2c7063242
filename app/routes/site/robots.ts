import { robotsTxt } from "~/features/seo/robots";
import type { Route } from "./+types/robots";

/** It changes only with a release. */
const CACHE_CONTROL = "public, max-age=86400";

/** `GET /robots.txt`: the private paths crawlers leave alone, and the sitemap's address. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL },
  });
}
