import type { RouterContextProvider } from "react-router";

/**
 * Whether this request changed what visitors' pages show (a product, a price, stock, an outlet,
 * a review, the settings): the server then empties the page caches once the answer is sent
 * (server/page-handler.ts, ADR 027). Set only by a change that really happened: every admin
 * action that succeeded (formAction does it), a review stored, an order placed or cancelled.
 * A refused, redirected or failed request, or a visitor's, never empties them.
 *
 * A plain field of the request's context (`changes`, made per request by the server), not a
 * React Router context key: the server (dist/server.js) and the routes (build/server) are two
 * bundles, each with its own copy of this module, and a key made in one is not the other's.
 */
export function markPublicChange(context: Readonly<RouterContextProvider>): void {
  context.changes.publicPages = true;
}

/** Did this request change what visitors' pages show? */
export function changedPublicPages(context: Readonly<RouterContextProvider>): boolean {
  return context.changes?.publicPages === true;
}
