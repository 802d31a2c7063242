import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type express from "express";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database, PoolUse } from "~/db/client.server";

/**
 * The store's /metrics in Prometheus's text format (ADR 044): requests by route and status and
 * how long they took, the page cache's hits and misses, the PostgreSQL pool, orders placed, and
 * prom-client's default process metrics. One registry per app (tests make several apps).
 */

/** Routes that are not React Router's: a small fixed set, so a label never holds an address. */
export type FixedRoute = "health" | "metrics" | "asset" | "upload" | "other";

/** Requests a route label was never given for: refused early (a NUL byte, a foreign form), a
 * language redirect, or an error before any route ran. */
const UNLABELLED: FixedRoute = "other";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Events a feature tallies (lib/tally.server.ts), each with what it counts. */
const EVENTS: Record<string, string> = {
  orders_placed:
    "Orders placed through this process (created at checkout; the same checkout sent again is not counted twice).",
};

type Locals = { metricsRoute?: string };

/** Labels this request with `route` (a route pattern or a fixed name, never its address). */
export function labelRoute(res: express.Response, route: string) {
  (res.locals as Locals).metricsRoute = route;
}

/** This request's route label so far, if it has one. */
export function routeLabel(res: express.Response): string | undefined {
  return (res.locals as Locals).metricsRoute;
}

/** The label of a request React Router answered: its route pattern (`/oneprod/:model`), as a
 * data request (`/oneprod/:model.data`) when it was one; "unmatched" when no route ran. */
export function pageRoute(path: string, pattern: string | null): string {
  if (pattern === null) return "unmatched";
  // React Router joins the matched routes' paths without the leading slash ("oneprod/:model").
  const route = pattern.startsWith("/") ? pattern : `/${pattern}`;
  if (!path.endsWith(".data")) return route;
  return route === "/" ? "/_root.data" : `${route}.data`;
}

/** True when `address` is this machine's (127.0.0.0/8, ::1, or IPv4 127.x mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address || isIP(address) === 0) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4 === "::1" || (isIP(v4) === 4 && v4.startsWith("127."));
}

/** Compares a presented token with the configured one in constant time (lengths included). */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export type MetricsAccess = {
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
  /** TRUST_PROXY: with a proxy in front, a loopback socket says nothing about the client. */
  trustProxy: number;
};

type Refusal = { status: 401 | 403; text: string };

/**
 * Why a scrape is refused, or null when it may read the metrics. With a token, only the token
 * counts (from anywhere). Without one, only a scraper on this machine, judged by the socket's
 * address (never X-Forwarded-For nor req.ip, which a client or proxy writes); and behind a proxy
 * not even that, since every proxied request comes from the proxy's (often loopback) address.
 */
export function metricsRefusal(req: express.Request, access: MetricsAccess): Refusal | null {
  if (access.token) {
    const given = /^Bearer +(\S+) *$/i.exec(req.get("authorization") ?? "")?.[1] ?? "";
    if (sameToken(given, access.token)) return null;
    return { status: 401, text: "Send the metrics token: Authorization: Bearer <METRICS_TOKEN>." };
  }
  if (access.trustProxy > 0) {
    return {
      status: 403,
      text: "Behind a proxy (TRUST_PROXY), /metrics needs METRICS_TOKEN: a local address proves nothing there.",
    };
  }
  if (isLoopbackAddress(req.socket.remoteAddress)) return null;
  return {
    status: 403,
    text: "Metrics are read from this machine only, or with METRICS_TOKEN set.",
  };
}

export type MetricsOptions = {
  /** The process's database: its kind, and on PostgreSQL its pool now (embedded PGlite has one
   * connection and no pool). */
  database?: Pick<Database, "kind" | "poolUse">;
  /** Page-cache entries kept now. */
  pagesKept?: () => number;
  /** A monotonic clock in milliseconds (tests may give their own). */
  now?: () => number;
};

export class StoreMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<"method" | "route" | "status">;
  private readonly duration: Histogram<"method" | "route" | "status">;
  private readonly pageCache: Counter<"result">;
  private readonly events = new Map<string, Counter>();
  private readonly now: () => number;

  constructor(options: MetricsOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const labelNames = ["method", "route", "status"] as const;
    this.requests = new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route (a route pattern or health, metrics, asset, upload, other; never the address) and status.",
      labelNames,
      registers,
    });
    this.duration = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route and status.",
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.pageCache = new Counter({
      name: "page_cache_requests_total",
      help: "Pages answered by the page cache: hit (from memory) or miss (rendered, then kept).",
      labelNames: ["result"],
      registers,
    });
    for (const result of ["hit", "miss"]) this.pageCache.inc({ result }, 0);
    const { pagesKept, database } = options;
    if (pagesKept) {
      new Gauge({
        name: "page_cache_entries",
        help: "Pages kept in memory now.",
        registers,
        collect() {
          this.set(pagesKept());
        },
      });
    }
    if (database) {
      new Gauge({
        name: "db_info",
        help: "The database this process uses, by kind: postgres or pglite. The db_pool_* series are PostgreSQL's only: embedded PGlite has one connection in the process and no pool.",
        labelNames: ["kind"],
        registers,
      }).set({ kind: database.kind }, 1);
    }
    if (database?.poolUse) this.registerPool(database.poolUse);
    for (const event of Object.keys(EVENTS)) this.counter(event);
  }

  /** The PostgreSQL pool's gauges (none on PGlite: one embedded connection, no pool). */
  private registerPool(poolUse: () => PoolUse) {
    const registers = [this.registry];
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL connections of this process's pool, by state: in_use or idle (embedded PGlite has no pool and no such series).",
      labelNames: ["state"],
      registers,
      collect() {
        const use = poolUse();
        this.set({ state: "in_use" }, use.total - use.idle);
        this.set({ state: "idle" }, use.idle);
      },
    });
    new Gauge({
      name: "db_pool_waiting",
      help: "Queries of this process waiting for a free PostgreSQL connection (above 0 for long: the pool or the database is the bottleneck).",
      registers,
      collect() {
        this.set(poolUse().waiting);
      },
    });
    new Gauge({
      name: "db_pool_max",
      help: "The most PostgreSQL connections this process's pool opens.",
      registers,
      collect() {
        this.set(poolUse().max);
      },
    });
  }

  /** The counter of a tallied event (`orders_placed` -> `orders_placed_total`). */
  private counter(event: string): Counter | null {
    if (!/^[a-z][a-z0-9_]{0,60}$/.test(event)) return null;
    let counter = this.events.get(event);
    if (!counter) {
      counter = new Counter({
        name: `${event}_total`,
        help: EVENTS[event] ?? `Times the store tallied "${event}".`,
        registers: [this.registry],
      });
      this.events.set(event, counter);
    }
    return counter;
  }

  /** Counts one event a feature tallied (the router context's `tally`). */
  readonly tally = (event: string) => {
    this.counter(event)?.inc();
  };

  /** Counts every request once it is answered (or abandoned), by its route label and status. */
  readonly countRequests: express.RequestHandler = (req, res, next) => {
    const started = this.now();
    res.once("close", () => {
      const route = (res.locals as Locals).metricsRoute ?? UNLABELLED;
      const status = res.headersSent ? String(res.statusCode) : "aborted";
      const labels = { method: METHODS.has(req.method) ? req.method : "other", route, status };
      this.requests.inc(labels);
      this.duration.observe(labels, (this.now() - started) / 1000);
      const cached = res.getHeader("X-Cache");
      if (cached === "hit" || cached === "miss") this.pageCache.inc({ result: cached });
    });
    next();
  };

  /** The /metrics endpoint: never kept by any cache, refused unless `access` allows it. */
  endpoint(access: MetricsAccess): express.RequestHandler {
    return async (req, res, next) => {
      try {
        labelRoute(res, "metrics");
        res.set("Cache-Control", "no-store");
        const refusal = metricsRefusal(req, access);
        if (refusal) {
          if (refusal.status === 401) res.set("WWW-Authenticate", 'Bearer realm="metrics"');
          res.status(refusal.status).type("text/plain").send(refusal.text);
          return;
        }
        res.type(this.registry.contentType).send(await this.registry.metrics());
      } catch (error) {
        next(error);
      }
    };
  }
}
