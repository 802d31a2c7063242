import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import type { Auth } from "./auth.server";

/**
 * What every loader and action receives as `context`: the process's database and auth instance
 * (made once by the server, or by a test), the request's CSP nonce and a logger.
 */
export type AppContext = {
  db: Db;
  auth: Auth;
  /** Which social sign-in providers are configured (their buttons show only then). */
  social: { google: boolean; apple: boolean };
  nonce: string;
  /** Folder of uploaded files (product images), served at /uploads. */
  uploadsDir: string;
  logger: Pick<Logger, "info" | "warn" | "error" | "debug">;
};

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
