import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "~/lib/env.server";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-db";
import { type AppDeps, createApp } from "./app";

let t: TestDatabase;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  t = await createTestDatabase();
  const app = createApp({
    db: t.db,
    auth: t.auth,
    logger: pino({ level: "silent" }),
    uploadsDir: "/tmp/store-test-uploads",
    mode: "production",
    trustProxy: 0,
    build: () => Promise.reject(new Error("no page build in this test")),
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await close?.();
  await t?.close();
});

describe("the HTTP server", () => {
  it("answers /healthz while the process is up", async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz when the database answers", async () => {
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("sends a CSP with a fresh nonce on every response, and hides the framework", async () => {
    const nonces = await Promise.all(
      [1, 2].map(async () => {
        const res = await fetch(`${base}/healthz`);
        expect(res.headers.get("x-powered-by")).toBeNull();
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        const csp = res.headers.get("content-security-policy") ?? "";
        expect(csp).toContain("frame-ancestors 'none'");
        return /'nonce-([^']+)'/.exec(csp)?.[1];
      }),
    );
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("refuses an address with a NUL byte with a 400, before any query", async () => {
    for (const path of ["/oneprod/%00", "/admin/user?q=a%00b"]) {
      expect((await fetch(`${base}${path}`)).status).toBe(400);
    }
  });

  it("keeps the back office out of caches and search engines, its data requests included", async () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin.data",
      "/admin/user",
      "/admin/user.data",
      "/admin/preferences",
      "/Admin/User",
    ]) {
      const res = await fetch(`${base}${path}`, { redirect: "manual" });
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(res.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
    }
    for (const path of ["/", "/_root.data", "/administrator"]) {
      const res = await fetch(`${base}${path}`, { redirect: "manual" });
      expect(res.headers.get("x-robots-tag"), path).toBeNull();
    }
  });

  it("answers a missing uploaded image with 404, not 500", async () => {
    for (const path of ["/uploads/products/none.webp", "/uploads/"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("ENOENT");
    }
  });

  it("turns a failing page into a friendly 500 without a stack trace", async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).toContain("Something went wrong");
    expect(body).not.toContain("no page build in this test");
  });

  it("reports not ready once the database is gone", async () => {
    await t.close();
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
  });
});

/** Starts a server with the given proxy setting whose one page echoes the client address the
 * rest of the app sees (the rewritten X-Forwarded-For, as better-auth and the rate limits read it). */
async function echoServer(trustProxy: AppDeps["trustProxy"]) {
  const app = createApp({
    db: t.db,
    auth: t.auth,
    logger: pino({ level: "silent" }),
    uploadsDir: "/tmp/store-test-uploads",
    mode: "production",
    trustProxy,
    build: () => Promise.reject(new Error("no page build in this test")),
    before: [
      (req, res, next) => {
        if (req.path !== "/echo-ip") return next();
        res.json({ ip: req.headers["x-forwarded-for"] });
      },
    ],
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/echo-ip`;
  const ipFor = async (forwardedFor?: string) => {
    const res = await fetch(url, {
      headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
    });
    return ((await res.json()) as { ip: string }).ip;
  };
  return { ipFor, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("the client address", () => {
  it("is the socket's by default: a client-sent X-Forwarded-For is ignored", async () => {
    const server = await echoServer(loadEnv({}).TRUST_PROXY);
    try {
      expect(await server.ipFor("203.0.113.9")).toBe("127.0.0.1");
      expect(await server.ipFor()).toBe("127.0.0.1");
    } finally {
      await server.close();
    }
  });

  it("behind one proxy (TRUST_PROXY=true or 1) is what that proxy saw, not what the client wrote", async () => {
    for (const setting of ["true", "1"]) {
      const server = await echoServer(loadEnv({ TRUST_PROXY: setting }).TRUST_PROXY);
      try {
        // The client wrote 6.6.6.6; the proxy appended the address it saw.
        expect(await server.ipFor("6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
        expect(await server.ipFor("203.0.113.9")).toBe("203.0.113.9");
      } finally {
        await server.close();
      }
    }
  });

  it("behind two proxies (TRUST_PROXY=2) is the address the outer proxy saw", async () => {
    const server = await echoServer(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY);
    try {
      expect(await server.ipFor("6.6.6.6, 203.0.113.9, 10.0.0.2")).toBe("203.0.113.9");
    } finally {
      await server.close();
    }
  });
});
