import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { readSessionUser, type SessionUser } from "./session.server";

/**
 * What the server may read about a signed-in request before React Router runs (the page cache,
 * server/page-handler.ts, with the cart feature's prereadShopper).
 */
export type Preread = { user: SessionUser; cartCount: number };

/** What the root middleware learns about a request, once: who is signed in. "unread" only when
 * the middleware did not run, which is a programming error (see sessionUser). */
const sessionUserContext = createContext<SessionUser | null | "unread">("unread");

/**
 * Root middleware: reads the session once for the whole request (document or data request,
 * every matched loader and action), so the root loader, a layout's guard and the page's own
 * guard share one lookup.
 */
export const requestStateMiddleware: MiddlewareFunction<Response> = async ({
  request,
  context,
}) => {
  context.set(
    sessionUserContext,
    context.preread?.user ?? (await readSessionUser(context, request.headers)),
  );
};

/** The signed-in user of this request, or null. */
export function sessionUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  const user = context.get(sessionUserContext);
  if (user === "unread") {
    throw new Error(
      "The session was not read: is requestStateMiddleware in the root's middleware?",
    );
  }
  return user;
}
