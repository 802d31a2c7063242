import { msg } from "~/lib/i18n/msg";

/* Messages of the "common" catalogue (the extractor reads this file's useT("common") note):
 * shown through `t(item.label)`, and page titles translate them by the same sentence. */

/**
 * The site's places and their links, in one place so the header, drawer, footer, page titles and
 * home cards call each place by one name.
 */
export type NavLinkItem = { to: string; label: string };

/** Each place's one name: its link text, its page's main heading and its title. */
export const placeNames = {
  home: msg("Home"),
  catalog: msg("All Products"),
  finder: msg("Battery Finder"),
  service: msg("Book Service"),
  dealers: msg("Dealer Locator"),
  warranty: msg("Warranty Registration"),
  contact: msg("Contact Us"),
  cart: msg("Cart"),
  blog: msg("Blog"),
} as const;

const place = (to: string, label: string): NavLinkItem => ({ to, label });

/* A place joins these lists with the feature that builds it: a link to a page that does not exist
 * yet is a dead end for a shopper. */
export const mainNav: NavLinkItem[] = [
  place("/", placeNames.home),
  place("/allproduct", placeNames.catalog),
  place("/findby", placeNames.finder),
  place("/service", placeNames.service),
  place("/dealer", placeNames.dealers),
  place("/warranty", placeNames.warranty),
  place("/blog", placeNames.blog),
  place("/contactus", placeNames.contact),
];

export const footerQuickLinks: NavLinkItem[] = [
  place("/", placeNames.home),
  place("/allproduct", placeNames.catalog),
  place("/findby", placeNames.finder),
  place("/warranty", placeNames.warranty),
  place("/dealer", placeNames.dealers),
  place("/service", placeNames.service),
];

/** The footer's quick links: where the menu button leads before JavaScript has loaded. */
export const FOOTER_MENU_ID = "footer-quick-links";

export const footerSupportLinks: NavLinkItem[] = [
  place("/contactus", placeNames.contact),
  place("/blog", placeNames.blog),
  place("/cart", placeNames.cart),
];
