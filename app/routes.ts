import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/** The URL map. Old URLs of the original site appear here as their features are built. */
export default [
  route("api/auth/*", "routes/api/auth.ts"),
  route("logout", "routes/auth/logout.ts"),
  route("cart/add", "routes/site/cart-add.ts"),
  ...prefix("admin", [
    route("preferences", "routes/admin/preferences.ts"),
    route("product/export", "routes/admin/export-products.ts"),
    route("user/export", "routes/admin/export-users.ts"),
    route("order/export", "routes/admin/export-orders.ts"),
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
    route("account", "routes/site/account.tsx"),
    route("allproduct", "routes/site/catalog.tsx"),
    route("oneprod/:model", "routes/site/product.tsx"),
    route("findby", "routes/site/finder.tsx"),
    route("cart", "routes/site/cart.tsx"),
    route("account/orders", "routes/site/account-orders.tsx"),
    route("account/orders/:number", "routes/site/account-order.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
