import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { readSignedIn, type SessionUser } from "./session.server";

/**
 * What the server may read about a signed-in request before React Router runs (the page cache,
 * server/page-handler.ts, with the cart feature's prereadShopper).
 */
export type Preread = {
  user: SessionUser;
  cartCount: number;
  /** The page asked for shows something of the shopper's own (their review on a product page):
   * rendered live for them, not from the page kept for their role. */
  ownContent?: boolean;
  /** A renewed session's cookie, for the answer to carry (see readSignedIn). */
  setCookie?: string[];
};

/** What the root middleware learns about a request, once: who is signed in. "unread" only when
 * the middleware did not run, which is a programming error (see sessionUser). */
const sessionUserContext = createContext<SessionUser | null | "unread">("unread");

/**
 * Root middleware: reads the session once for the whole request (document or data request,
 * every matched loader and action), so the root loader, a layout's guard and the page's own
 * guard share one lookup.
 */
export const requestStateMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  // A page rendered to be kept for many (ADR 027) reads no cookie: its user is the stand-in
  // the server gave it, or nobody.
  let read: { user: SessionUser | null; setCookie: string[] };
  if (context.sharedRender) read = { user: context.preread?.user ?? null, setCookie: [] };
  else if (context.preread) {
    read = { user: context.preread.user, setCookie: context.preread.setCookie ?? [] };
  } else read = await readSignedIn(context, request.headers);
  context.set(sessionUserContext, read.user);
  if (read.setCookie.length === 0) return;
  // A renewed session: the answer carries its cookie, whatever route answers.
  const response = await next();
  for (const cookie of read.setCookie) response.headers.append("Set-Cookie", cookie);
  return response;
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

/**
 * After an action changed the signed-in user (their name), what the loaders of the same request
 * read: without JavaScript the page is drawn in the answer to the post itself, so the header and
 * the form would otherwise show the session as it was read before the change.
 */
export function updateSessionUser(
  context: Readonly<RouterContextProvider>,
  changes: Partial<Pick<SessionUser, "name">>,
): void {
  const user = sessionUser(context);
  if (user) context.set(sessionUserContext, { ...user, ...changes });
}
