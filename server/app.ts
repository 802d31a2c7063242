import { randomBytes } from "node:crypto";
import path from "node:path";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import { type Database, type Db, pingDatabase } from "~/db/client.server";
import { prereadShopper } from "~/features/cart/preread.server";
import { ReviewAuthors } from "~/features/catalog/reviews.server";
import type { Auth } from "~/lib/auth.server";
import { createAppContext } from "~/lib/context";
import { type FileStorage, UPLOADS_PATH } from "~/lib/file-storage.server";
import { PublicDataCache, uncachedPublicData } from "~/lib/public-data.server";
import { languageRedirect } from "./language-redirect";
import { localizedHandler } from "./locale-handler";
import { labelRoute, StoreMetrics } from "./metrics";
import { isAllowedOrigin } from "./origin";
import { PageCache } from "./page-cache";
import { createPageHandler } from "./page-handler";
import { precompressed } from "./precompressed";
import { uploadsHandler } from "./uploads";

export type AppDeps = {
  db: Db;
  auth: Auth;
  /** Which social sign-in providers are configured. */
  social?: { google: boolean; apple: boolean };
  logger: Logger;
  /** Where uploaded files are kept (a folder or a bucket), served at /uploads with a long cache
   * (names are content hashes). */
  uploads: FileStorage;
  mode: "development" | "production";
  /** Signs the store's cookies (the auth secret). */
  cookieSecret: string;
  /** The store's address as browsers use it (BETTER_AUTH_URL): its origin is where forms may be
   * posted from, and HSTS is sent only when it is https. */
  publicUrl: string;
  /** Reverse proxies in front of the store (0: none); req.ip is the address the outermost saw. */
  trustProxy: number;
  /** This process's name (APP_INSTANCE), sent as `X-Served-By` with every answer; unset: none. */
  instance?: string;
  /** The React Router build, or a function that loads it (Vite in development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Extra middleware mounted before the app (Vite's dev server). */
  before?: express.RequestHandler[];
  /** Pages kept in memory (production only; false: none): see page-cache.ts. */
  pageCache?: PageCache | false;
  /** Called after every request that may have changed something (not a GET or HEAD): the
   * background jobs send the mail it queued at once (server/jobs.ts). */
  afterChange?: () => void;
  /** METRICS_TOKEN: when set, /metrics needs it as a bearer token; otherwise only this machine
   * may read /metrics, and nobody behind a proxy (ADR 044). */
  metricsToken?: string;
  /** Which database this is and, on PostgreSQL, its pool's connections, for /metrics. */
  database?: Pick<Database, "kind" | "poolUse">;
  /** How long /readyz waits for the database before answering 503 (2 s unless told). */
  readyTimeoutMs?: number;
};

type Locals = { cspNonce: string };

/** The most a form post may send: far above any of the store's forms, far below harm. */
const FORM_BODY_BYTES = 256 * 1024;
/** The product form with its photo (5 MB) and fields; the form itself refuses a photo over
 * 5 MB with a message next to the field, this is the hard stop behind it. */
const PHOTO_BODY_BYTES = 8 * 1024 * 1024;
const PHOTO_FORMS = /^\/admin\/product(?:\.data)?$/i;
/** The bank statement upload of payment reconciliation (a 1 MB CSV and its form): the page
 * refuses a larger file next to its field, this is the hard stop behind it. */
const STATEMENT_BODY_BYTES = 1.5 * 1024 * 1024;
const STATEMENT_FORMS = /^\/admin\/order\/reconcile(?:\.data)?$/i;

/** The most a post to this path may send. */
function formBodyLimit(path: string): number {
  if (PHOTO_FORMS.test(path)) return PHOTO_BODY_BYTES;
  if (STATEMENT_FORMS.test(path)) return STATEMENT_BODY_BYTES;
  return FORM_BODY_BYTES;
}

/** The Express app: security headers, compression, assets, health checks, then React Router. */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // A hop count, never `true`: with `true` Express would take the left-most X-Forwarded-For
  // entry, which the client chooses, and per-IP rate limits could be dodged.
  app.set("trust proxy", deps.trustProxy > 0 ? deps.trustProxy : false);
  const isDev = deps.mode === "development";
  const pageCache = isDev || deps.pageCache === false ? null : (deps.pageCache ?? new PageCache());
  // Kept public data lives and dies with the visitors' pages (emptied on the same changes).
  const publicData = pageCache ? new PublicDataCache() : uncachedPublicData;
  pageCache?.onClear(() => publicData.clear());
  // Who has written no review is forgotten with the kept pages too (ADR 045).
  const reviewAuthors = new ReviewAuthors();
  pageCache?.onClear(() => reviewAuthors.forget());
  const metrics = new StoreMetrics({
    database: deps.database,
    pagesKept: () => pageCache?.size ?? 0,
  });
  const label =
    (route: "asset" | "upload"): express.RequestHandler =>
    (_req, res, next) => {
      labelRoute(res, route);
      next();
    };

  // Every request is counted and timed once answered, by its route and status (metrics.ts).
  app.use(metrics.countRequests);

  app.use((_req, res, next) => {
    (res.locals as Locals).cspNonce = randomBytes(16).toString("base64");
    if (deps.instance) res.setHeader("X-Served-By", deps.instance);
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: isDev
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: [
                "'self'",
                (_req, res) => `'nonce-${((res as express.Response).locals as Locals).cspNonce}'`,
                "'strict-dynamic'",
              ],
              styleSrc: ["'self'", "'unsafe-inline'"],
              // Map tiles come from the tile server an admin sets (OpenStreetMap by default), so
              // any https image source is allowed; scripts, styles and fetches stay first-party.
              imgSrc: ["'self'", "data:", "blob:", "https:"],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              // The articles' videos: YouTube's privacy-enhanced player only, loaded after the
              // visitor presses play (components/video-embed.tsx). No other site may be framed.
              frameSrc: ["https://www.youtube-nocookie.com"],
              frameAncestors: ["'none'"],
              formAction: ["'self'"],
              baseUri: ["'self'"],
              objectSrc: ["'none'"],
              upgradeInsecureRequests: null,
            },
          },
      crossOriginEmbedderPolicy: false,
      // Over plain http a browser ignores HSTS anyway; sending it only behind https keeps a
      // local or test store from pinning "localhost" to https in a developer's browser.
      strictTransportSecurity: !isDev && deps.publicUrl.startsWith("https:") ? undefined : false,
      // With no-referrer, Chromium posts the store's own forms with "Origin: null" and React
      // Router refuses them: forms without JavaScript would fail.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // The same rule as the CSP's frame-ancestors 'none', for browsers that only know this one.
      xFrameOptions: { action: "deny" },
    }),
  );
  app.use(compression());

  // A NUL byte in an address is never legitimate, and PostgreSQL cannot store or compare it.
  app.use((req, res, next) => {
    if (/%00/.test(req.originalUrl)) {
      res.status(400).type("text/plain").send("Bad request");
      return;
    }
    next();
  });

  // Every request carries the client address the way better-auth and the rate limits read it:
  // taken from the socket (or the trusted proxy chain), never from what the client sent.
  app.use((req, _res, next) => {
    req.headers["x-forwarded-for"] = req.ip ?? "";
    next();
  });

  // Browsers ask for /favicon.ico by habit; the icon is an SVG.
  app.get("/favicon.ico", label("asset"), (_req, res) => res.redirect(301, "/favicon.svg"));

  // The back office is never cached by shared caches nor indexed by search engines: its pages,
  // and React Router's data requests for them (`/admin.data` for the dashboard, `/admin/x.data`).
  app.use((req, res, next) => {
    if (/^\/admin(?:$|\/|\.data$)/i.test(req.path)) {
      res.set("Cache-Control", "no-store");
      res.set("X-Robots-Tag", "noindex, nofollow");
    }
    next();
  });

  // A state-changing request must come from the store's own pages (CSRF): checked here once for
  // every route, page, data request and resource route alike (React Router checks only pages).
  app.use((req, res, next) => {
    if (isAllowedOrigin(req, deps.publicUrl)) {
      next();
      return;
    }
    res
      .status(403)
      .set("Cache-Control", "no-store")
      .type("text/plain")
      .send("This form was sent from another site, so it was refused.");
  });

  app.get("/healthz", (_req, res) => {
    labelRoute(res, "health");
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    labelRoute(res, "health");
    const ready = await pingDatabase(deps.db, deps.readyTimeoutMs);
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ready" : "database unavailable" });
  });

  // Prometheus's scrape: never cached, never a page (ADR 044).
  app.get("/metrics", metrics.endpoint({ token: deps.metricsToken, trustProxy: deps.trustProxy }));

  app.use(UPLOADS_PATH, label("upload"), uploadsHandler(deps.uploads));

  for (const middleware of deps.before ?? []) app.use(middleware);

  if (!isDev) {
    const client = path.resolve("build/client");
    app.use("/assets", label("asset"), precompressed(path.join(client, "assets")));
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(
      express.static(client, {
        maxAge: "1h",
        index: false,
        setHeaders: (res) => labelRoute(res as express.Response, "asset"),
      }),
    );
  }

  // A visitor who chose Hindi or Gujarati goes to the page in it, before any kept page answers.
  app.use(languageRedirect());

  app.all(
    "/{*splat}",
    createPageHandler({
      handle: localizedHandler(deps.build, deps.mode),
      bodyLimit: (req) => formBodyLimit(req.path),
      afterChange: deps.afterChange,
      cache: pageCache
        ? {
            pages: pageCache,
            nonce: (res) => (res.locals as Locals).cspNonce,
            shopper: (headers, path) => prereadShopper(deps, headers, path, reviewAuthors),
          }
        : undefined,
      publicUrl: deps.publicUrl,
      getLoadContext: (req, res, preread, rendering) =>
        createAppContext({
          db: deps.db,
          auth: deps.auth,
          publicUrl: deps.publicUrl,
          browserUrl: `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`,
          sharedRender: rendering?.shared ?? false,
          social: deps.social ?? { google: false, apple: false },
          logger: deps.logger,
          uploads: deps.uploads,
          nonce: (res.locals as Locals).cspNonce,
          cookieSecret: deps.cookieSecret,
          publicData,
          preread,
          tally: metrics.tally,
        }),
    }),
  );

  app.use(
    (error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
      // Middleware such as the static file server marks client errors (a missing upload is a
      // 404 from serve-static); those are the visitor's, not ours: answer them as they are.
      const status = (error as { status?: unknown } | null)?.status;
      if (typeof status === "number" && status >= 400 && status < 500) {
        if (!res.headersSent) res.status(status).type("text/plain").send(clientErrorText(status));
        return;
      }
      // The visitor went away mid-answer (a file being sent): nothing went wrong on our side.
      if ((error as { code?: unknown } | null)?.code === "ECONNABORTED" || req.destroyed) {
        deps.logger.debug({ url: req.originalUrl }, "request aborted by the client");
        return;
      }
      deps.logger.error({ err: error, url: req.originalUrl }, "unhandled server error");
      if (res.headersSent) return;
      res
        .status(500)
        .type("text/plain")
        .send("Something went wrong on our side. Please try again.");
    },
  );
  return app;
}

function clientErrorText(status: number): string {
  return status === 404 ? "Not found." : "The request could not be handled.";
}
