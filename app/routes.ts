import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The URL map. Old URLs of the original site appear here as their features are built. */
export default [
  route("api/auth/*", "routes/api/auth.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
