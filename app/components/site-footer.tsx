import { Link } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import type { RootData } from "~/root";
import { BrandLogo } from "./brand-logo";
import { NewsletterForm } from "./newsletter-form";
import { FOOTER_MENU_ID, footerQuickLinks, footerSupportLinks, type NavLinkItem } from "./site-nav";
import { SocialIcons } from "./social-icons";

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

export function SiteFooter({ store, year }: Pick<RootData, "store" | "year">) {
  return (
    <footer className="mt-auto bg-brand-950 text-slate-200">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <div className="inline-flex rounded-lg bg-white px-3 py-1">
            <BrandLogo brandName={store.brandName} />
          </div>
          <p className="text-sm text-slate-300">{store.tagline}</p>
          <SocialIcons social={store.social} />
        </div>
        <LinkList id={FOOTER_MENU_ID} title="Quick links" links={footerQuickLinks} />
        <LinkList id="footer-support" title="Support" links={footerSupportLinks} />
        <div className="space-y-8">
          {store.address || store.supportPhone || store.supportEmail ? (
            <div>
              <h2 className="footer-heading">Get in touch</h2>
              <address className="mt-3 space-y-3 text-sm not-italic text-slate-200">
                {store.address ? (
                  <p className="flex gap-2">
                    <SpriteIcon name="map-pin" className="mt-0.5 size-4 shrink-0" />
                    {store.address}
                  </p>
                ) : null}
                {store.supportPhone ? (
                  <p className="flex gap-2">
                    <SpriteIcon name="phone" className="mt-0.5 size-4 shrink-0" />
                    <a
                      href={`tel:${store.supportPhone.replace(/[^+\d]/g, "")}`}
                      className="hover:underline"
                    >
                      {store.supportPhone}
                    </a>
                  </p>
                ) : null}
                {store.supportEmail ? (
                  <p className="flex gap-2">
                    <SpriteIcon name="mail" className="mt-0.5 size-4 shrink-0" />
                    <a href={`mailto:${store.supportEmail}`} className="hover:underline">
                      {store.supportEmail}
                    </a>
                  </p>
                ) : null}
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
