import { useEffect, useMemo, useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  type MetaDescriptor,
  Outlet,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { toast } from "~/components/ui/toast";
import { AppToaster } from "~/components/ui/toaster";
import { localTagline } from "~/features/content/home-texts";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { ErrorView } from "./components/error-view";
import { JsonLd } from "./components/json-ld";
import { countCartBatteries, mergeGuestCart } from "./features/cart/cart.server";
import { organizationJsonLd } from "./features/settings/organization-json-ld";
import type { PublicStore } from "./features/settings/public-store";
import { getSettings } from "./features/settings/settings.server";
import interLatin from "./fonts/inter-subset.woff2?url";
import hindiFont from "./fonts/noto-sans-devanagari-subset.woff2?url";
import gujaratiFont from "./fonts/noto-sans-gujarati-subset.woff2?url";
import { scriptFontCss } from "./fonts/script-font-css.server";
import { clearCartCookie, readCartId } from "./lib/cookies.server";
import { takeFlash } from "./lib/flash.server";
import { localeOf, serverTranslate } from "./lib/i18n/catalogue.server";
import { INTL_TAG, type Locale } from "./lib/i18n/locales";
import { I18nProvider } from "./lib/i18n/react";
import { createTranslate, type Messages } from "./lib/i18n/translate";
import { useNonce } from "./lib/nonce";
import { PaintFirstScripts } from "./lib/paint-first-scripts";
import { requestStateMiddleware, sessionUser } from "./lib/request-state.server";
import { routePatternMiddleware } from "./lib/route-pattern.server";
import { type PageSeo, seoTags } from "./lib/seo";
import { shopperOf } from "./lib/shopper";

export const links: Route.LinksFunction = () => [
  // First in <head>: the page cannot paint before its styles, so nothing is fetched before them
  // (as a side-effect import React Router listed it after every module preload).
  { rel: "stylesheet", href: appCss, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The one font file every page needs, asked for at once (not after the CSS is read) but
  // after the styles and the first pictures: the text shows in the metric-matched fallback
  // until it arrives, so a slow phone paints sooner and nothing moves when it swaps.
  {
    rel: "preload",
    href: interLatin,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
    fetchPriority: "low",
  },
];

/** Notes the matched route for the server's metrics, then reads the session once per request
 * for every loader and action below (see the guards). */
export const middleware = [routePatternMiddleware, requestStateMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  // A page kept for many (ADR 027) has no cookie to read: a guest cart or a notice makes a
  // page live (server/page-cache.ts), so neither is there to show.
  const [settings, guestCartId, { flash, headers }] = await Promise.all([
    getSettings(context.db),
    context.sharedRender ? null : readCartId(request, context),
    context.sharedRender ? { flash: null, headers: new Headers() } : takeFlash(request, context),
  ]);
  // A visitor who signed in another way (e.g. Google) still has an anonymous cart: claim it.
  if (user && guestCartId) {
    await mergeGuestCart(context.db, guestCartId, user.id);
    headers.append("Set-Cookie", await clearCartCookie(context));
  }
  const locale = localeOf(request);
  const store: PublicStore = {
    brandName: settings.brandName,
    ...localTagline(settings, locale),
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    address: settings.address,
    social: settings.social,
    map: { tileUrl: settings.mapTileUrl, attribution: settings.mapAttribution },
  };
  const cartCount =
    context.preread?.cartCount ??
    (await countCartBatteries(context.db, { userId: user?.id, cartId: guestCartId }));
  return data(
    {
      user: user && shopperOf(user),
      cartCount,
      locale,
      scriptFontCss: scriptFontCss(locale),
      // A notice an action wrote in English, in the page's language.
      flash: flash && { ...flash, message: serverTranslate(locale).text(flash.message) },
      year: new Date().getFullYear(),
      store,
      // The configured address (never the Host header): canonical links, Open Graph, JSON-LD.
      publicUrl: context.publicUrl,
    },
    { headers },
  );
}

/** Never revalidated data would repeat a toast; the flash id guards against showing one twice. */
function FlashToasts({ flash }: { flash: RootData["flash"] }) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    toast[flash.type](flash.message);
  }, [flash]);
  return null;
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** The root loader's data; undefined only while the root itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root") as RootData | undefined;
}

/** The store settings of the root loader, for `meta` functions (which cannot use hooks). */
export function storeFromMatches(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
): RootData["store"] | undefined {
  return (matches.find((match) => match?.id === "root")?.data as RootData | undefined)?.store;
}

/** A page's title, ending in the store's name: "Log in · UrjaCell". */
export function pageTitle(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
  title: string,
): string {
  const brand = storeFromMatches(matches)?.brandName;
  return brand ? `${title} · ${brand}` : title;
}

/**
 * A page's `meta`: its title (as `pageTitle` writes it), description, canonical address, Open
 * Graph and Twitter card tags (lib/seo.ts), on the configured public URL, never the request's
 * Host: `export const meta: Route.MetaFunction = (args) => pageMeta(args, { title, ... })`.
 * The canonical address is the page's path without its query unless `path` says otherwise.
 */
export function pageMeta(
  args: {
    matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
    location: { pathname: string };
  },
  page: PageSeo,
): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  const locale = root?.locale ?? "en";
  // The title and description in the page's language, from the messages its routes sent.
  const { text } = metaTranslate(args.matches);
  return seoTags(
    { brandName: root?.store.brandName ?? null, publicUrl: root?.publicUrl ?? null, locale },
    {
      ...page,
      title: text(page.title),
      description: text(page.description),
      imageAlt: page.imageAlt && text(page.imageAlt),
      path: page.path ?? args.location.pathname,
    },
  );
}

/** A `meta` function's translator: the page's language and the messages its routes sent. */
export function metaTranslate(
  matches: ReadonlyArray<{ id: string; data?: unknown; loaderData?: unknown } | undefined>,
) {
  const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  return createTranslate(root?.locale ?? "en", messagesOfMatches(matches));
}

/** The messages every matched route's loader sent (`i18n`, lib/i18n/catalogue.server.ts). */
export function messagesOfMatches(
  matches: ReadonlyArray<{ data?: unknown; loaderData?: unknown } | undefined>,
): Messages {
  const messages: Messages = {};
  for (const match of matches) {
    const data = (match?.loaderData ?? match?.data) as { i18n?: Messages } | undefined;
    if (data && typeof data === "object" && data.i18n) Object.assign(messages, data.i18n);
  }
  return messages;
}

/** Each language's own script font, declared (by the root loader's `scriptFontCss`) and
 * fetched on that language's pages only (scripts/build-fonts.ts); English pages never load them. */
const scriptFonts: Partial<Record<Locale, string>> = { hi: hindiFont, gu: gujaratiFont };

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRootData();
  const locale = (root?.locale ?? "en") as Locale;
  const font = scriptFonts[locale];
  const fontCss = root?.scriptFontCss;
  return (
    <html lang={INTL_TAG[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e2d89" />
        <Meta />
        <Links />
        {font && fontCss ? (
          <>
            {/* Half a kilobyte, in the page: one request less before the first paint. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own generated CSS */}
            <style dangerouslySetInnerHTML={{ __html: fontCss }} />
            {/* Asked for at once but after what the first paint needs: the text shows in the
                metric-matched fallback until it arrives (as Inter's preload). */}
            <link
              rel="preload"
              href={font}
              as="font"
              type="font/woff2"
              crossOrigin="anonymous"
              fetchPriority="low"
            />
          </>
        ) : null}
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <PaintFirstScripts nonce={nonce} />
      </body>
    </html>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      aria-hidden="true"
      className={`fixed inset-x-0 top-0 z-50 h-1 overflow-hidden transition-opacity duration-200 ${busy ? "opacity-100" : "opacity-0"}`}
    >
      {busy ? <div className="animate-progress h-full w-1/2 bg-accent-400" /> : null}
    </div>
  );
}

/** Without JavaScript there are no toasts: the notice is shown at the top of the page instead. */
function FlashWithoutJavaScript({ flash }: { flash: RootData["flash"] }) {
  if (!flash) return null;
  const tone =
    flash.type === "error"
      ? "border-danger-700 bg-danger-50 text-danger-700"
      : "border-emerald-700 bg-emerald-50 text-emerald-900";
  return (
    <noscript>
      <p role="status" className={`border-b px-4 py-3 text-center text-sm font-medium ${tone}`}>
        {flash.message}
      </p>
    </noscript>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  const messages = useMemo(() => messagesOfMatches(matches), [matches]);
  return (
    <I18nProvider locale={loaderData.locale} messages={messages}>
      <NavigationProgress />
      <FlashWithoutJavaScript flash={loaderData.flash} />
      <Outlet />
      <JsonLd data={organizationJsonLd(loaderData.store, loaderData.publicUrl)} />
      <AppToaster />
      <FlashToasts flash={loaderData.flash} />
    </I18nProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" className="flex flex-1 items-center justify-center p-6">
      <ErrorView status={status} />
    </main>
  );
}
