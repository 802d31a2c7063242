import { networkInterfaces } from "node:os";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePatternMiddleware } from "~/lib/route-pattern.server";
import { testAppDeps } from "../tests/helpers/app-deps";
import { listen } from "../tests/helpers/listen";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-db";
import { type AppDeps, createApp } from "./app";
import { PageCache } from "./page-cache";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

/**
 * A React Router build of two routes, enough to run the real request handler through the app:
 * the store's root middleware that notes the matched pattern, and a product address answered by
 * a resource route (an HTML 200 the page cache may keep; a 404 for the model "missing").
 */
const build = {
  entry: {
    module: {
      default: (_request: Request, status: number) => new Response("no document", { status }),
      handleError: () => {},
    },
  },
  routes: {
    root: { id: "root", path: "", module: { middleware: [routePatternMiddleware] } },
    product: {
      id: "product",
      parentId: "root",
      path: "oneprod/:model",
      module: {
        loader: ({ params }: { params: { model?: string } }) =>
          params.model === "missing"
            ? new Response("Not found", { status: 404 })
            : new Response(`<p>${params.model}</p>`, {
                headers: { "Content-Type": "text/html; charset=utf-8" },
              }),
      },
    },
  },
  assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: { v8_middleware: true },
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

function testDeps(overrides: Partial<AppDeps> = {}): AppDeps {
  return testAppDeps(t, { build, pageCache: new PageCache(), ...overrides });
}

/** Starts an app for one test; stopped after the file. */
const servers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(servers.map((close) => close()));
});
async function start(overrides: Partial<AppDeps> = {}) {
  const { base, close } = await listen(createApp(testDeps(overrides)));
  servers.push(close);
  return base;
}

/** Asks for `url` and reads the whole answer (the request is counted once it is answered). */
async function visit(url: string) {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res;
}

/** The samples of one metric as `{labels} value` lines. */
function samples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^(\w+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match?.[1] === name) found.set(match[2] ?? "", Number(match[3]));
  }
  return found;
}

async function scrape(base: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/metrics`, { headers });
  return { res, text: await res.text() };
}

describe("/metrics", () => {
  it("counts requests by method, route pattern and status, never by their address", async () => {
    const base = await start();
    await visit(`${base}/healthz`);
    await visit(`${base}/readyz`);
    await visit(`${base}/oneprod/AB-12?utm=x`);
    await visit(`${base}/oneprod/CD-34`);
    await visit(`${base}/oneprod/missing`);
    await visit(`${base}/uploads/products/none.webp`);
    await visit(`${base}/no/such/address-9f3a?q=secret`);
    const { res, text } = await scrape(base);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");

    const requests = samples(text, "http_requests_total");
    expect(requests.get('{method="GET",route="health",status="200"}')).toBe(2);
    expect(requests.get('{method="GET",route="/oneprod/:model",status="200"}')).toBe(2);
    expect(requests.get('{method="GET",route="/oneprod/:model",status="404"}')).toBe(1);
    expect(requests.get('{method="GET",route="upload",status="404"}')).toBe(1);
    // No route matches it (this build has no catch-all): labelled as such, not by its address.
    expect(requests.get('{method="GET",route="unmatched",status="404"}')).toBe(1);
    const durations = samples(text, "http_request_duration_seconds_count");
    expect(durations.get('{method="GET",route="/oneprod/:model",status="200"}')).toBe(2);
    const slowest = samples(text, "http_request_duration_seconds_bucket");
    expect(slowest.get('{le="+Inf",method="GET",route="health",status="200"}')).toBe(2);

    // No address a visitor wrote appears in any label.
    for (const written of ["AB-12", "CD-34", "missing", "none.webp", "address-9f3a", "secret"]) {
      expect(text).not.toContain(written);
    }
    // Default process metrics are there too.
    expect(text).toContain("process_cpu_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("counts the page cache's hits and misses, and labels a hit with its route", async () => {
    const base = await start();
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await visit(`${base}/oneprod/EF-56`)).headers);
    expect(answers.map((h) => h.get("x-cache"))).toEqual(["miss", "hit", "hit"]);
    // A data request the cache keeps too, under its own label.
    await visit(`${base}/oneprod/EF-56.data`);
    const { text } = await scrape(base);
    expect(samples(text, "page_cache_requests_total")).toEqual(
      new Map([
        ['{result="hit"}', 2],
        ['{result="miss"}', 2],
      ]),
    );
    expect(samples(text, "page_cache_entries").get("")).toBe(2);
    const requests = samples(text, "http_requests_total");
    expect(requests.get('{method="GET",route="/oneprod/:model",status="200"}')).toBe(3);
    expect(requests.get('{method="GET",route="/oneprod/:model.data",status="200"}')).toBe(1);
    // /metrics is no page: its own label, and never kept.
    expect((await visit(`${base}/metrics`)).headers.get("x-cache")).toBeNull();
    const after = samples((await scrape(base)).text, "http_requests_total");
    expect(after.get('{method="GET",route="metrics",status="200"}')).toBe(2);
  });

  it("shows the PostgreSQL pool when there is one, and no pool series on PGlite", async () => {
    const pool = { total: 4, idle: 1, waiting: 2, max: 10 };
    const { text } = await scrape(
      await start({ database: { kind: "postgres", poolUse: () => pool } }),
    );
    expect(samples(text, "db_pool_connections")).toEqual(
      new Map([
        ['{state="in_use"}', 3],
        ['{state="idle"}', 1],
      ]),
    );
    expect(samples(text, "db_pool_waiting").get("")).toBe(2);
    expect(samples(text, "db_pool_max").get("")).toBe(10);
    expect(samples(text, "db_info").get('{kind="postgres"}')).toBe(1);
    const withoutPool = (await scrape(await start({ database: { kind: "pglite" } }))).text;
    expect(withoutPool).not.toMatch(/^db_pool_/m);
    expect(samples(withoutPool, "db_info").get('{kind="pglite"}')).toBe(1);
    expect(withoutPool).toContain("embedded PGlite has one connection in the process and no pool");
    expect(withoutPool).toContain("orders_placed_total 0");
  });

  it("with METRICS_TOKEN, answers only the bearer of that token", async () => {
    const token = "a-long-metrics-token-0123456789";
    const base = await start({ metricsToken: token });
    for (const authorization of [
      undefined,
      "Bearer wrong-token-0123456789",
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Basic ${Buffer.from(`x:${token}`).toString("base64")}`,
      token,
    ]) {
      const { res, text } = await scrape(base, authorization ? { authorization } : {});
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(text).not.toContain("http_requests_total");
    }
    const { res, text } = await scrape(base, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(text).toContain("http_requests_total");
    // Refused scrapes are counted, under /metrics' own label.
    expect(
      samples(text, "http_requests_total").get('{method="GET",route="metrics",status="401"}'),
    ).toBe(6);
  });

  it("without a token, answers this machine only, whatever X-Forwarded-For says", async () => {
    const base = await start();
    const loopback = await scrape(base, { "x-forwarded-for": "203.0.113.9" });
    expect(loopback.res.status).toBe(200);

    // The same app reached on this machine's other address is not loopback to it.
    const other = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === "IPv4" && !address.internal)?.address;
    expect(other, "this machine needs a non-loopback IPv4 address for this test").toBeTruthy();
    const { base: wide, close } = await listenOn(createApp(testDeps()), "0.0.0.0");
    servers.push(close);
    const port = new URL(wide).port;
    for (const forwarded of [undefined, "127.0.0.1"]) {
      const headers: Record<string, string> = forwarded ? { "x-forwarded-for": forwarded } : {};
      const res = await fetch(`http://${other}:${port}/metrics`, { headers });
      expect(res.status, forwarded).toBe(403);
    }
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
  });

  it("behind a proxy without a token, refuses even a loopback scrape", async () => {
    const base = await start({ trustProxy: 1 });
    const { res, text } = await scrape(base);
    expect(res.status).toBe(403);
    expect(text).toContain("METRICS_TOKEN");
    const token = "a-long-metrics-token-0123456789";
    const withToken = await start({ trustProxy: 1, metricsToken: token });
    const scraped = await scrape(withToken, { authorization: `Bearer ${token}` });
    expect(scraped.res.status).toBe(200);
  });
});

/** Starts `app` on `host` at a free port. */
async function listenOn(app: ReturnType<typeof createApp>, host: string) {
  const server = app.listen(0, host);
  await new Promise((resolve) => server.once("listening", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
