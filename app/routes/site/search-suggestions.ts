import { productNameText } from "~/components/spec-text";
import type { SuggestionsAnswer } from "~/features/catalog/catalog.options";
import { catalogQuerySchema } from "~/features/catalog/catalog.schema";
import { suggestSearch } from "~/features/catalog/catalog.server";
import { localeOf, serverTranslate } from "~/lib/i18n/catalogue.server";
import type { Route } from "./+types/search-suggestions";

/** How long a browser keeps an answer: the same letters typed again ask nothing. */
const BROWSER_SECONDS = 120;

/**
 * GET /search/suggestions?q=: the header search box's suggestions as JSON (at most eight), the
 * same for every shopper: kept with the public data (emptied with the page caches) and by the
 * browser for a while. The box asks only after typing pauses (site-search.tsx).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = catalogQuerySchema.shape.q.parse(new URL(request.url).searchParams.get("q"));
  // Its texts in the language the box asked in (/hi/search/suggestions): kept per language.
  const locale = localeOf(request);
  const { t } = serverTranslate(locale);
  const suggestions = q
    ? await context.publicData.get(`search:suggest:${locale}:${q.toLowerCase()}`, async () =>
        (await suggestSearch(context.db, q, 8, (b) => productNameText(t, b))).map((s) => ({
          ...s,
          detail: t(s.detail),
        })),
      )
    : [];
  const body: SuggestionsAnswer = { q: q ?? "", suggestions };
  return Response.json(body, {
    headers: { "Cache-Control": `private, max-age=${BROWSER_SECONDS}` },
  });
}
