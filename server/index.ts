import path from "node:path";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { openDatabase } from "~/db/client.server";
import { acquireDataDirLock } from "~/db/data-lock.server";
import { demoAdmin, demoAdminSignIn } from "~/db/seed";
import { prepareDatabase } from "~/db/startup.server";
import { forgetSettings } from "~/features/settings/settings.server";
import { loadDotEnv, loadEnv } from "~/lib/env.server";
import { createApp } from "./app";
import { gracefulCloser } from "./graceful-close";
import { mailJob, orderExpiryJob, startJobs } from "./jobs";
import { PageCache } from "./page-cache";
import { PublicChanges } from "./public-changes";
import { createServices } from "./services";
import { uploadStorage } from "./uploads";

async function main() {
  loadDotEnv();
  const env = loadEnv();
  const logger = pino({ level: env.LOG_LEVEL });
  const isDev = env.NODE_ENV === "development";

  const uploads = uploadStorage(env);
  await uploads.check();
  logger.info({ uploads: uploads.description }, "uploads storage ready");

  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onPoolError: (error) => logger.warn({ err: error }, "an idle database connection failed"),
  });
  const { auth, mailer, notifier, social, secret } = createServices(env, database.db, logger);

  const admin = demoAdmin(env);
  const { seeded, adminCreated } = await prepareDatabase(
    database,
    env.SEED_ON_START ? { seed: true, auth, admin } : { seed: false },
    () => logger.info({ database: database.kind }, "database migrated"),
  );
  if (seeded) logger.info("demo data loaded (first start)");

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
  // Several processes on one PostgreSQL empty their caches together (ADR 040); PGlite has one.
  const publicChanges = env.DATABASE_URL
    ? new PublicChanges({
        url: env.DATABASE_URL,
        db: database.db,
        logger,
        // The settings too: this process's copy may be up to SETTINGS_RECHECK_MS old.
        onChange: () => {
          forgetSettings(database.db);
          pageCache.clear();
        },
      })
    : null;
  if (publicChanges) {
    await publicChanges.start();
    pageCache.announceChangesWith(() => publicChanges.announce());
  }
  const jobs = startJobs(
    [
      mailJob(database.db, mailer, logger, notifier),
      orderExpiryJob(database.db, env.BETTER_AUTH_URL, logger, () => {
        void pageCache.changed();
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
    uploads,
    mode: isDev ? "development" : "production",
    trustProxy: env.TRUST_PROXY,
    instance: env.APP_INSTANCE,
    publicUrl: env.BETTER_AUTH_URL,
    cookieSecret: secret,
    build,
    before,
    afterChange: () => jobs.nudge("mail"),
    metricsToken: env.METRICS_TOKEN,
    database,
  });
  if (env.TRUST_PROXY > 0 && !env.METRICS_TOKEN) {
    logger.warn("/metrics is refused behind a proxy until METRICS_TOKEN is set (ADR 044)");
  }

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
      await publicChanges?.stop();
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
