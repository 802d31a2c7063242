import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/** The URL map. Old URLs of the original site appear here as their features are built. */
export default [
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/pincodes/:code", "routes/api/pincodes.ts"),
  route("logout", "routes/auth/logout.ts"),
  route("cart/add", "routes/site/cart-add.ts"),
  // An order's tax invoice and credit note as PDF (ADR 033).
  ...(["invoice", "credit-note"] as const).map((slug) =>
    route(`account/orders/:number/${slug}.pdf`, "routes/site/tax-document-pdf.ts", {
      id: `routes/site/tax-document-pdf-${slug}`,
    }),
  ),
  route("newsletter", "routes/site/newsletter.ts"),
  route("search/suggestions", "routes/site/search-suggestions.ts"),
  // Search engines' files: before the site layout, whose catch-all would answer them 404.
  route("sitemap.xml", "routes/site/sitemap.ts"),
  route("robots.txt", "routes/site/robots.ts"),
  // The old site's articles, /blog1 to /blog3: each a 301 to its article's address today.
  ...[1, 2, 3].map((n) =>
    route(`blog${n}`, "routes/site/blog-old.ts", { id: `routes/site/blog-old-${n}` }),
  ),
  ...prefix("admin", [
    route("preferences", "routes/admin/preferences.ts"),
    route("product/export", "routes/admin/export-products.ts"),
    route("user/export", "routes/admin/export-users.ts"),
    route("order/export", "routes/admin/export-orders.ts"),
    route("warranty/export", "routes/admin/export-warranties.ts"),
    route("gst/export", "routes/admin/export-gst.ts"),
    // CSV exports that an import reads back (docs/csv-import.md).
    route("vehicle/export", "routes/admin/export-vehicles.ts"),
    route("dealer/export", "routes/admin/export-outlets.ts", { id: "routes/admin/export-dealers" }),
    route("service/export", "routes/admin/export-outlets.ts", {
      id: "routes/admin/export-service-centres",
    }),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("user", "routes/admin/users.tsx"),
      route("product", "routes/admin/catalog-products.tsx"),
      route("vehicle", "routes/admin/catalog-vehicles.tsx"),
      route("exchange", "routes/admin/exchange-rates.tsx"),
      route("delivery", "routes/admin/delivery-areas.tsx"),
      route("order", "routes/admin/orders.tsx"),
      route("order/reconcile", "routes/admin/order-reconcile.tsx"),
      route("order/:number", "routes/admin/order.tsx"),
      route("promo", "routes/admin/promo-codes.tsx"),
      route("bookings", "routes/admin/bookings.tsx"),
      route("warranties", "routes/admin/warranties.tsx"),
      route("warranties/:id", "routes/admin/warranty.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("gst", "routes/admin/gst.tsx"),
      // One page for both kinds of outlet: the address says which (routes/admin/outlets.tsx).
      route("dealer", "routes/admin/outlets.tsx", { id: "routes/admin/dealers" }),
      route("service", "routes/admin/outlets.tsx", { id: "routes/admin/service-centres" }),
      route("settings", "routes/admin/settings.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("verify-email", "routes/auth/verify-email.tsx"),
    route("account", "routes/site/account.tsx"),
    route("allproduct", "routes/site/catalog.tsx"),
    route("oneprod/:model", "routes/site/product.tsx"),
    route("findby", "routes/site/finder.tsx"),
    route("cart", "routes/site/cart.tsx"),
    route("dealer", "routes/site/dealers.tsx"),
    route("service", "routes/site/service-centres.tsx"),
    route("contactus", "routes/site/contact.tsx"),
    route("warranty", "routes/site/warranty.tsx"),
    route("warranty/:id", "routes/site/warranty-registration.tsx"),
    route("warranty/:id/claim", "routes/site/warranty-claim.tsx"),
    route("blog", "routes/site/blog.tsx"),
    route("blog/:slug", "routes/site/blog-article.tsx"),
    route("newsletter/unsubscribe", "routes/site/unsubscribe.tsx"),
    route("account/orders", "routes/site/account-orders.tsx"),
    route("account/orders/:number", "routes/site/account-order.tsx"),
    route("account/orders/:number/:document", "routes/site/tax-document.tsx"),
    route("battery-health", "routes/site/battery-health.tsx"),
    route("inverter-sizing", "routes/site/inverter-sizing.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
