import { Link } from "react-router";
import type { PublicStore } from "~/features/settings/public-store";
import { BrandLogo } from "./brand-logo";
import { NewsletterForm } from "./newsletter-form";
import { FOOTER_MENU_ID, footerQuickLinks, footerSupportLinks, type NavLinkItem } from "./site-nav";
import { SocialIcons } from "./social-icons";
import { hasContactDetails, StoreContactLines } from "./store-contact";

function LinkList({ id, title, links }: { id: string; title: string; links: NavLinkItem[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {title}
      </h2>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} discover="none" className="footer-link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter({ store, year }: { store: PublicStore; year: number }) {
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
        <LinkList id={FOOTER_MENU_ID} title="Quick links" links={footerQuickLinks} />
        <LinkList id="footer-support" title="Support" links={footerSupportLinks} />
        <div className="space-y-8">
          {hasContactDetails(store) ? (
            <div>
              <h2 className="footer-heading">Get in touch</h2>
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
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-center text-sm text-slate-300">
          {`© ${year} ${store.brandName}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}
