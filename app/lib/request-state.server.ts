import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Db } from "~/db/client.server";
import { cartLineCountOf, countCartLines } from "~/features/cart/cart.server";
import type { Auth } from "./auth.server";
import { readSession, readSessionUser, type SessionUser } from "./session.server";

/** What the server may read about a signed-in request before React Router runs. */
export type Preread = { user: SessionUser; cartCount: number };

/** The signed-in user of these headers and the number of products in their cart; null for a
 * visitor (or a session that is no longer valid). */
export async function prereadShopper(
  services: { auth: Auth; db: Db },
  headers: Headers,
): Promise<Preread | null> {
  const read = await readSession(services, headers, (userId) => ({
    cartCount: cartLineCountOf(services.db, userId),
  }));
  if (!read) return null;
  const { user, extra } = read;
  return {
    user,
    cartCount: extra?.cartCount ?? (await countCartLines(services.db, { userId: user.id })),
  };
}

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
