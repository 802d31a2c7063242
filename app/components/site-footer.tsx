import { Link } from "react-router";
import type { PublicStore } from "~/features/settings/public-store";
import { useT } from "~/lib/i18n/react";
import { BrandLogo } from "./brand-logo";
import { LanguageNav } from "./language-switcher";
import { NewsletterForm } from "./newsletter-form";
import { FOOTER_MENU_ID, footerQuickLinks, footerSupportLinks, type NavLinkItem } from "./site-nav";
import { SocialIcons } from "./social-icons";
import { hasContactDetails, StoreContactLines } from "./store-contact";

function LinkList({ id, title, links }: { id: string; title: string; links: NavLinkItem[] }) {
  const t = useT("common");
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {title}
      </h2>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} discover="none" className="footer-link">
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter({ store, year }: { store: PublicStore; year: number }) {
  const t = useT("common");
  return (
    <footer className="mt-auto bg-brand-950 text-slate-200">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <div className="inline-flex rounded-lg bg-white px-3 py-1">
            <BrandLogo brandName={store.brandName} />
          </div>
          <p className="text-sm text-slate-300" lang={store.taglineLang}>
            {store.tagline}
          </p>
          <SocialIcons social={store.social} />
        </div>
        <LinkList id={FOOTER_MENU_ID} title={t("Quick links")} links={footerQuickLinks} />
        <LinkList id="footer-support" title={t("Support")} links={footerSupportLinks} />
        <div className="space-y-8">
          {hasContactDetails(store) ? (
            <div>
              <h2 className="footer-heading">{t("Get in touch")}</h2>
              <address className="mt-3 space-y-3 text-sm not-italic text-slate-200">
                <StoreContactLines
                  store={store}
                  iconClassName="mt-0.5 size-4 shrink-0"
                  linkClassName="hover:underline"
                />
              </address>
            </div>
          ) : null}
          <NewsletterForm />
          <LanguageNav
            id="footer-language-title"
            headingClassName="footer-heading"
            listClassName="mt-3 flex flex-wrap gap-x-4"
            linkClassName="footer-link"
          />
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-center text-sm text-slate-300">
          {t("© {year} {brand}. All rights reserved.", {
            year: String(year),
            brand: store.brandName,
          })}
        </p>
      </div>
    </footer>
  );
}
