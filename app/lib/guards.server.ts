import { data, type RouterContextProvider, redirect } from "react-router";
import { stripLocale } from "./i18n/locales";
import { sessionUser } from "./request-state.server";
import type { SessionUser } from "./session.server";

type Context = Readonly<RouterContextProvider>;

/** Where to send a signed-out visitor so that they come back here after signing in. */
export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  // Both paths without the language prefix: the router of the page adds it to the redirect,
  // and the sign-in adds it to where it returns (ADR 037).
  return `/login?redirectTo=${encodeURIComponent(`${stripLocale(url.pathname)}${url.search}`)}`;
}

/** The signed-in user, or a redirect to the login page that returns here afterwards. */
export function requireUser(request: Request, context: Context): SessionUser {
  const user = sessionUser(context);
  if (!user) throw redirect(loginRedirectUrl(request));
  return user;
}

/**
 * The signed-in admin. Signed out: redirect to log in. Signed in without the role: 403.
 * Every admin loader and action calls this itself (a parent layout's check does not cover
 * a child route's data request); the session itself was read once, by the root middleware.
 */
export function requireAdmin(request: Request, context: Context): SessionUser {
  const user = requireUser(request, context);
  if (user.role !== "admin") {
    throw data({ message: "You do not have access to this page" }, { status: 403 });
  }
  return user;
}
