import { data } from "react-router";
import type { Route } from "./+types/auth";

/**
 * better-auth's HTTP API is closed except for what a browser must reach directly: the OAuth
 * callbacks (Apple answers with a form POST). Sign-in, sign-up and password changes go through
 * our own forms, which add the database-backed rate limits and the site's messages.
 */
function isOpen(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return /^\/api\/auth\/callback\/[a-z]+$/.test(pathname);
}

export function loader({ request, context }: Route.LoaderArgs) {
  if (!isOpen(request)) throw data(null, { status: 404 });
  return context.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  if (!isOpen(request)) throw data(null, { status: 404 });
  return context.auth.handler(request);
}
