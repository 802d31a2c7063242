import type { RouterContextProvider } from "react-router";

/**
 * Says that something worth counting happened in this request (`"orders_placed"` when an order
 * was really created): the server counts it in its /metrics (server/metrics.ts). A feature names
 * its event; this module knows none. Without a server (a test, a script) nothing is counted.
 *
 * A function on the request's context, not a module-level registry: the server (dist/server.js)
 * and the routes (build/server) are two bundles, each with its own copy of every module.
 */
export function tally(context: Readonly<RouterContextProvider>, event: string): void {
  context.tally?.(event);
}
