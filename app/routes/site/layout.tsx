import { isRouteErrorResponse, Outlet } from "react-router";
import { ErrorView, errorText } from "~/components/error-view";
import { LanguageOffer } from "~/components/language-offer";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { fallbackStore } from "~/features/settings/public-store";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { pageMeta, useRootData } from "~/root";
import type { Route } from "./+types/layout";

/** The messages of the header, footer and every page's shared parts, in the page's language:
 * the same for every page of a language, so never fetched again while the visitor browses.
 * "newsletter": the footer's box checks its e-mail in the browser with its messages. */
export function loader({ request }: Route.LoaderArgs) {
  return { i18n: pageMessages(request, ["common", "newsletter"]) };
}

export const shouldRevalidate = () => false;

/** Header and footer around every public page, including its 404 and error pages. */
function SiteChrome({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const store = root?.store ?? fallbackStore;
  return (
    <>
      <SiteHeader
        brandName={store.brandName}
        cartCount={root?.cartCount ?? 0}
        user={root?.user ?? null}
      />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter store={store} year={root?.year ?? new Date().getFullYear()} />
      <LanguageOffer />
    </>
  );
}

export default function SiteLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <SiteChrome>
      <div className="container-page">
        <ErrorView status={status} />
      </div>
    </SiteChrome>
  );
}

export function meta(args: Route.MetaArgs) {
  if (!args.error) return [];
  const status = isRouteErrorResponse(args.error) ? args.error.status : 500;
  const text = errorText(status);
  // A 404 keeps its title "Page not found"; any other error is "Something went wrong".
  return pageMeta(args, {
    title: status === 404 ? text.title : errorText(500).title,
    description: text.body,
    noindex: true,
  });
}
