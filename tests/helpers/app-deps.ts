import pino from "pino";
import { diskStorage } from "~/lib/file-storage.server";
import type { AppDeps } from "../../server/app";
import type { TestDatabase } from "./test-db";

/** The app's dependencies in tests over `t`: no page build unless given (a page answers 500),
 * silent logs, production mode, no proxy in front. */
export function testAppDeps(t: TestDatabase, overrides: Partial<AppDeps> = {}): AppDeps {
  return {
    db: t.db,
    auth: t.auth,
    logger: pino({ level: "silent" }),
    uploads: diskStorage("/tmp/store-test-uploads"),
    mode: "production",
    trustProxy: 0,
    publicUrl: "http://localhost:3000",
    cookieSecret: "app-test-cookie-secret",
    build: () => Promise.reject(new Error("no page build in this test")),
    ...overrides,
  };
}
