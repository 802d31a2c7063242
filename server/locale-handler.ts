import { createRequestHandler, type ServerBuild } from "react-router";
import { localeBase, PREFIXED_LOCALES } from "~/lib/i18n/locales";

type Build = ServerBuild | (() => Promise<ServerBuild>);
type Handler = ReturnType<typeof createRequestHandler>;

/** The same build served under a language's prefix: its routes, links and data requests all
 * live under `/hi` (ADR 037), so every `<Link to="/cart">` of a Hindi page stays in Hindi. */
function withBasename(build: Build, basename: string): Build {
  if (typeof build === "function") return async () => ({ ...(await build()), basename });
  return { ...build, basename };
}

/**
 * React Router's handler for each language: English at the root, Hindi and Gujarati each with
 * its prefix as the router's basename. A request goes to the handler of its address's prefix.
 */
export function localizedHandler(build: Build, mode: string): Handler {
  const english = createRequestHandler(build, mode);
  const prefixed = PREFIXED_LOCALES.map((locale) => {
    const base = localeBase(locale);
    return { base, handle: createRequestHandler(withBasename(build, base), mode) };
  });
  return async (request, context) => {
    const url = new URL(request.url);
    const { pathname } = url;
    for (const { base, handle } of prefixed) {
      if (pathname !== base && !pathname.startsWith(`${base}/`)) continue;
      // The back office and the API are English only, at their one address.
      const rest = pathname.slice(base.length);
      if (/^\/(?:admin|api)(?:[/.]|$)/.test(rest)) {
        return new Response(null, { status: 308, headers: { Location: `${rest}${url.search}` } });
      }
      return handle(request, context);
    }
    return english(request, context);
  };
}
