import type { Route } from "./+types/auth";

/** better-auth's HTTP API (sign-in, sign-up, sessions, password reset) under /api/auth/*. */
export function loader({ request, context }: Route.LoaderArgs) {
  return context.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return context.auth.handler(request);
}
