import path from "node:path";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { openDatabase } from "~/db/client.server";
import { acquireDataDirLock } from "~/db/data-lock.server";
import { demoAdmin, demoAdminSignIn, isDemoSeeded, seedDemoData } from "~/db/seed";
import { loadDotEnv, loadEnv } from "~/lib/env.server";
import { createApp } from "./app";
import { gracefulCloser } from "./graceful-close";
import { mailJob, orderExpiryJob, startJobs } from "./jobs";
import { PageCache } from "./page-cache";
import { createServices } from "./services";

async function main() {
  loadDotEnv();
  const env = loadEnv();
  const logger = pino({ level: env.LOG_LEVEL });
  const isDev = env.NODE_ENV === "development";

  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const { auth, mailer, notifier, social, secret } = createServices(env, database.db, logger);

  const admin = demoAdmin(env);
  let adminCreated = false;
  await database.exclusive(async () => {
    await database.migrate();
    logger.info({ database: database.kind }, "database migrated");
    if (env.SEED_ON_START && !(await isDemoSeeded(database.db))) {
      adminCreated = (await seedDemoData(database.db, { auth, admin })).adminCreated;
      logger.info("demo data loaded (first start)");
    }
  });

  let build: ServerBuild | (() => Promise<ServerBuild>);
  const before = [];
  if (isDev) {
    const vite = await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true } }),
    );
    before.push(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  }

  const pageCache = new PageCache();
  const jobs = startJobs(
    [
      mailJob(database.db, mailer, logger, notifier),
      orderExpiryJob(database.db, env.BETTER_AUTH_URL, logger, () => {
        pageCache.clear();
        jobs.nudge("mail");
      }),
    ],
    logger,
  );
  const app = createApp({
    pageCache,
    db: database.db,
    auth,
    social,
    logger,
    uploadsDir: path.resolve(env.DATA_DIR, "uploads"),
    mode: isDev ? "development" : "production",
    trustProxy: env.TRUST_PROXY,
    publicUrl: env.BETTER_AUTH_URL,
    cookieSecret: secret,
    build,
    before,
    afterChange: () => jobs.nudge("mail"),
  });

  const server = app.listen(env.PORT, env.HOST, () => {
    const url = `http://localhost:${env.PORT}`;
    process.stdout.write(
      [
        "",
        `  Battery store is running at ${url}`,
        `  Database: ${database.kind === "pglite" ? `embedded PGlite in ${path.resolve(env.DATA_DIR, "db")}` : "PostgreSQL (DATABASE_URL)"}`,
        ...(env.SEED_ON_START ? [`  ${demoAdminSignIn(admin, adminCreated, `${url}/login`)}`] : []),
        "",
        "",
      ].join("\n"),
    );
  });

  // SIGTERM (ADR 042): no new connections; the requests in flight are answered (up to 10 s),
  // each connection ended after its last answer; then the background jobs finish their run, the
  // database is closed (PGlite writes its files out) and the process exits 0. Past 10 s it exits 1.
  const closer = gracefulCloser(server);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      logger.error({ inFlight: closer.inFlight() }, "requests still open after 10 s: exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    // Said once the listener is closed: from this line on, new connections are refused.
    const closed = closer.close();
    logger.info({ signal, inFlight: closer.inFlight() }, "shutting down");
    const jobsStopped = jobs.stop();
    try {
      await closed;
      await jobsStopped;
      await database.close();
      releaseLock();
      logger.info("stopped");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "shutting down");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return { db: database.db, auth, server, pageCache, jobs, publicUrl: env.BETTER_AUTH_URL };
}

/**
 * Importing this module starts the store (as `node dist/server.js` does). The promise gives the
 * started store's database, auth instance and HTTP server to test tooling that runs the store in
 * its own process (scripts/e2e-server.mjs); the store itself never reads it.
 */
export const started = main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
