/** The site's links, in one place so the header, drawer and footer never disagree. */
export type NavLinkItem = { to: string; label: string };

export const mainNav: NavLinkItem[] = [
  { to: "/", label: "Home" },
  { to: "/allproduct", label: "All Products" },
  { to: "/findby", label: "Find by Details" },
  { to: "/service", label: "Book Service" },
  { to: "/dealer", label: "Find Dealer" },
  { to: "/warranty", label: "Warranty Register" },
  { to: "/blog", label: "Blog" },
  { to: "/contactus", label: "Contact Us" },
];

export const footerQuickLinks: NavLinkItem[] = [
  { to: "/", label: "Home" },
  { to: "/allproduct", label: "All Products" },
  { to: "/findby", label: "Battery Finder" },
  { to: "/warranty", label: "Warranty Registration" },
  { to: "/dealer", label: "Dealer Locator" },
  { to: "/service", label: "Book Service" },
];

/** The footer's quick links: where the menu button leads before JavaScript has loaded. */
export const FOOTER_MENU_ID = "footer-quick-links";

export const footerSupportLinks: NavLinkItem[] = [
  { to: "/contactus", label: "Contact Us" },
  { to: "/blog", label: "Blogs" },
  { to: "/cart", label: "Cart" },
];
