import { safeRedirect } from "~/lib/http.server";
import { langCookie } from "~/lib/i18n/language-choice";
import { isLocale, localeOfPath } from "~/lib/i18n/locales";
import type { Route } from "./+types/language";

/**
 * GET /language?lang=gu&to=/gu/oneprod/X: the language switcher's links. Keeps the choice in the
 * `lang` cookie for a year and goes on (303) to `to`, a path on this site in that language;
 * anything else (another site, a path in another language) is refused with a 400.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const lang = query.get("lang");
  const to = safeRedirect(query.get("to"), "");
  if (!isLocale(lang) || !to || localeOfPath(new URL(to, "http://x").pathname) !== lang) {
    return new Response("This language link is not valid.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const secure = context.publicUrl.startsWith("https:");
  return new Response(null, {
    status: 303,
    headers: {
      Location: to,
      "Set-Cookie": langCookie(lang, { secure }),
      "Cache-Control": "no-store",
    },
  });
}
