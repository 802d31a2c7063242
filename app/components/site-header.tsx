import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useT } from "~/lib/i18n/react";
import type { Shopper } from "~/lib/shopper";
import { BrandLogo } from "./brand-logo";
import { HeaderLanguageMenu, LanguageNav } from "./language-switcher";
import { ProfileMenu } from "./profile-menu";
import { FOOTER_MENU_ID, mainNav } from "./site-nav";
import { SiteSearch } from "./site-search";

type HeaderProps = {
  brandName: string;
  cartCount: number;
  user: Shopper | null;
};

/** `.nav-link` in app.css; the page's own link (or its section's) is marked. */
const linkClass = (active: boolean) => (active ? "nav-link nav-link-active" : "nav-link");

/** A product page belongs to All Products, a registration's pages to the warranty's, an article
 * to the blog: their links stay marked there too. */
const sectionOf: Record<string, RegExp> = {
  "/allproduct": /^\/oneprod\//,
  "/warranty": /^\/warranty\//,
  "/blog": /^\/blog\//,
};

/** The main navigation's links, marked for the page, or the section the page is in. */
function MainNavLinks() {
  const t = useT("common");
  const { pathname } = useLocation();
  return mainNav.map((item) => {
    const inSection = sectionOf[item.to]?.test(pathname) ?? false;
    return (
      <li key={item.to}>
        <NavLink
          to={item.to}
          end
          discover="none"
          className={({ isActive }) => linkClass(isActive || inSection)}
        >
          {t(item.label)}
        </NavLink>
      </li>
    );
  });
}

/** The cart, with the number of batteries in it (quantities added up, as on Amazon and Flipkart). */
function CartLink({ count }: { count: number }) {
  const t = useT("common");
  const label = t("Cart, {count, plural, one {# item} other {# items}}", { count });
  return (
    <Link
      to="/cart"
      discover="none"
      className="icon-btn relative"
      aria-label={label}
      data-testid="cart-link"
    >
      <SpriteIcon name="shopping-cart" className="size-6" />
      {count > 0 ? (
        <span
          className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent-400 px-1 text-xs font-bold text-slate-900"
          data-testid="cart-badge"
          aria-hidden="true"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

function MobileDrawer({ brandName }: { brandName: string }) {
  const t = useT("common");
  const dialogRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  // Before the scripts run (or without them) the button is a link to the footer's menu.
  const scripted = useHydrated();

  // Close the drawer once a link in it has navigated.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    dialogRef.current?.close();
  }, [location.key]);

  return (
    <>
      {scripted ? (
        <button
          type="button"
          className="icon-btn xl:hidden"
          aria-label={t("Open menu")}
          aria-haspopup="dialog"
          aria-controls="site-drawer"
          onClick={() => dialogRef.current?.showModal()}
        >
          <SpriteIcon name="menu" className="size-6" />
        </button>
      ) : (
        <a href={`#${FOOTER_MENU_ID}`} className="icon-btn xl:hidden" aria-label={t("Menu")}>
          <SpriteIcon name="menu" className="size-6" />
        </a>
      )}
      {/* Only with JavaScript (showModal): without it the button leads to the footer's menu,
          so the links are not sent twice. */}
      {scripted ? (
        <dialog
          id="site-drawer"
          ref={dialogRef}
          aria-label={t("Site menu")}
          className="m-0 ml-auto h-dvh max-h-none w-[min(20rem,85vw)] max-w-none bg-white p-0 shadow-xl"
          onClick={(event) => {
            if (event.target === dialogRef.current) dialogRef.current?.close();
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") dialogRef.current?.close();
          }}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <BrandLogo brandName={brandName} />
            <button
              type="button"
              className="icon-btn"
              aria-label={t("Close menu")}
              onClick={() => dialogRef.current?.close()}
            >
              <SpriteIcon name="x" className="size-6" />
            </button>
          </div>
          <nav aria-label={t("Main")} className="p-3">
            <ul className="flex flex-col gap-1">
              <MainNavLinks />
            </ul>
          </nav>
          <div className="border-t border-slate-200 p-3">
            <LanguageNav
              id="drawer-language-title"
              headingClassName="px-3 text-sm font-semibold text-slate-500"
              listClassName="mt-1 flex flex-col gap-1"
              linkClassName="lang-link"
            />
          </div>
        </dialog>
      ) : null}
    </>
  );
}

export function SiteHeader({ brandName, cartCount, user }: HeaderProps) {
  const t = useT("common");
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t("Skip to content")}
      </a>
      {/* On a phone the search takes a full-width row under the logo and icons; from md it sits
          between them. */}
      <div className="container-page flex flex-wrap items-center gap-x-2 md:flex-nowrap">
        <div className="flex h-16 items-center">
          <BrandLogo brandName={brandName} />
        </div>
        {/* Eight links beside the search at 1280 px: tight enough that the search keeps about
            170 px (screenshots at 1280 and 1440 px with issue 23's Blog link). */}
        <nav aria-label={t("Main")} className="ml-3 hidden xl:block">
          <ul className="flex items-center">
            <MainNavLinks />
          </ul>
        </nav>
        <SiteSearch className="order-last w-full pb-2 md:order-none md:ml-4 md:w-auto md:max-w-md md:flex-1 md:pb-0 xl:ml-3" />
        <div className="ml-auto flex h-16 items-center gap-1">
          <HeaderLanguageMenu />
          <CartLink count={cartCount} />
          <ProfileMenu user={user} />
          <MobileDrawer brandName={brandName} />
        </div>
      </div>
    </header>
  );
}
