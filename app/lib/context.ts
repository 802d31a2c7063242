import type { Logger } from "pino";
import { RouterContextProvider } from "react-router";
import type { Db } from "~/db/client.server";
import type { Auth } from "./auth.server";
import type { FileStorage } from "./file-storage.server";
import type { PublicData } from "./public-data.server";
import type { Preread } from "./request-state.server";

/**
 * What every loader, action and middleware finds on `context`: the process's database and auth
 * instance (made once by the server, or by a test), the request's CSP nonce and a logger.
 * Values that belong to one request (the signed-in user, the settings) are not fields here:
 * the root middleware reads them once and stores them with `context.set` (request-state.server.ts).
 */
export type AppContext = {
  db: Db;
  auth: Auth;
  /** Which social sign-in providers are configured (their buttons show only then). */
  social: { google: boolean; apple: boolean };
  nonce: string;
  /** Where uploaded files (product images) are kept: a folder or a bucket, served at /uploads. */
  uploads: FileStorage;
  logger: Pick<Logger, "info" | "warn" | "error" | "debug">;
  /** Signs the cart and flash cookies (the store's auth secret). */
  cookieSecret: string;
  /** The store's address as browsers use it (BETTER_AUTH_URL): every absolute URL the store
   * writes (canonical links, JSON-LD, e-mails, QR notes) is built from it, never from a
   * request's Host header. */
  publicUrl: string;
  /**
   * The address the browser used, Host header included. Only to tell whether the visitor is on
   * this machine (the demo payee, features/orders/upi.ts); never to build a URL.
   */
  browserUrl: string;
  /**
   * The page is rendered to be kept and sent to many (server/page-handler.ts): its request has
   * no cookie or personal header, and no loader may read one (ADR 027).
   */
  sharedRender?: boolean;
  /** What this request changed, for the server to act on once it has answered (a change
   * visitors' pages show empties the page caches: lib/public-change.server.ts). */
  changes: { publicPages: boolean };
  /** The route pattern React Router matched (`/oneprod/:model`), written by the root middleware
   * (lib/route-pattern.server.ts): the server labels its request metrics with it, never with the
   * address itself. */
  matched?: { pattern: string | null };
  /** Counts something that happened (an order placed) in the server's /metrics: see
   * lib/tally.server.ts. Absent where nothing counts (tests, scripts). */
  tally?: (event: string) => void;
  /** Public data kept for a short while (catalogue lists, home page counts): see ADR 017. */
  publicData: PublicData;
  /** Who is signed in and how many products their cart holds, when the server read them before
   * React Router did (the page cache, ADR 018): the root middleware and loader use them. */
  preread?: Preread;
};

declare module "react-router" {
  // With middleware on (future.v8_middleware) the context is a RouterContextProvider; the
  // process-wide services are plain fields on it (React Router's documented migration path).
  interface RouterContextProvider extends AppContext {}
}

/** A request's router context carrying the process-wide services. */
export function createAppContext(
  services: Omit<AppContext, "changes"> & Partial<Pick<AppContext, "changes">>,
): RouterContextProvider {
  return Object.assign(
    new RouterContextProvider(),
    { changes: { publicPages: false }, matched: { pattern: null } },
    services,
  );
}
