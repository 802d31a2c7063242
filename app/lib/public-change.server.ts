import { createContext, type RouterContextProvider } from "react-router";

/**
 * Whether this request changed what visitors' pages show (a product, a price, stock, an outlet,
 * a review, the settings): the server then empties the page caches once the answer is sent
 * (server/page-handler.ts, ADR 027). Set only by a change that really happened: every admin
 * action that succeeded (formAction does it), a review stored, an order placed or cancelled.
 * A refused, redirected or failed request, or a visitor's, never empties them.
 */
const publicPagesChanged = createContext(false);

/** Marks this request's change as one that visitors' pages show. */
export function markPublicChange(context: Readonly<RouterContextProvider>): void {
  context.set(publicPagesChanged, true);
}

/** Did this request change what visitors' pages show? */
export function changedPublicPages(context: Readonly<RouterContextProvider>): boolean {
  return context.get(publicPagesChanged);
}
