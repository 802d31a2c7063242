import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "~/lib/env.server";
import { diskStorage } from "~/lib/file-storage.server";
import { listen } from "../tests/helpers/listen";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-db";
import { type AppDeps, createApp } from "./app";

let t: TestDatabase;
let base: string;

/** The app's dependencies in these tests: no page build (a page answers 500), silent logs. */
function testDeps(overrides: Partial<AppDeps> = {}): AppDeps {
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
let close: () => Promise<void>;

beforeAll(async () => {
  // Its own database: the last test closes it.
  t = await createTestDatabase({ own: true });
  const app = createApp(testDeps());
  ({ base, close } = await listen(app));
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

  it("keeps the back office and the API at their one English address", async () => {
    for (const [from, to] of [
      ["/hi/admin", "/admin"],
      ["/gu/admin/product?q=x", "/admin/product?q=x"],
      ["/hi/api/auth/get-session", "/api/auth/get-session"],
    ] as const) {
      const res = await fetch(`${base}${from}`, { redirect: "manual" });
      expect(res.status, from).toBe(308);
      expect(res.headers.get("location"), from).toBe(to);
    }
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

  it("lets pages frame YouTube's privacy-enhanced player and nothing else (the articles' videos)", async () => {
    const csp = (await fetch(`${base}/healthz`)).headers.get("content-security-policy") ?? "";
    const directives = new Map(
      csp.split(";").map((part) => {
        const [name = "", ...values] = part.trim().split(/\s+/);
        return [name, values.join(" ")] as const;
      }),
    );
    expect(directives.get("frame-src")).toBe("https://www.youtube-nocookie.com");
    // Nothing else loosened: scripts, fetches and the rest stay first-party.
    expect(directives.get("default-src")).toBe("'self'");
    expect(directives.get("connect-src")).toBe("'self'");
    expect(directives.get("script-src")).toMatch(/^'self' 'nonce-[^']+' 'strict-dynamic'$/);
    expect(directives.get("frame-ancestors")).toBe("'none'");
    expect(directives.has("child-src")).toBe(false);
    expect(csp.match(/youtube/g)).toHaveLength(1);
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
  const app = createApp(
    testDeps({
      trustProxy,
      before: [
        (req, res, next) => {
          if (req.path !== "/echo-ip") return next();
          res.json({ ip: req.headers["x-forwarded-for"] });
        },
      ],
    }),
  );
  const { base, close } = await listen(app);
  const url = `${base}/echo-ip`;
  const ipFor = async (forwardedFor?: string) => {
    const res = await fetch(url, {
      headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
    });
    return ((await res.json()) as { ip: string }).ip;
  };
  return { ipFor, close };
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

/** A server whose /echo-post answers "passed" once every check before the pages let it by. */
async function postServer(publicUrl: string) {
  const app = createApp(
    testDeps({
      publicUrl,
      before: [
        (req, res, next) => {
          if (!req.path.startsWith("/echo-post") && !req.path.startsWith("/api/auth/callback")) {
            return next();
          }
          res.send("passed");
        },
      ],
    }),
  );
  const { base: origin, close } = await listen(app);
  return { origin, close };
}

describe("state-changing requests from other sites", () => {
  it("are refused with 403 in one place, for every route", async () => {
    const s = await postServer("http://localhost:3000");
    const post = (headers: Record<string, string>, path = "/echo-post") =>
      fetch(`${s.origin}${path}`, { method: "POST", headers, body: "a=1" });
    try {
      const refused: Record<string, string>[] = [
        { Origin: "https://evil.example" },
        { Origin: "null" },
        { Origin: "http://localhost:3000.evil.example" },
        { Origin: `${s.origin.replace("http:", "https:")}` },
        { "Sec-Fetch-Site": "cross-site" },
        { "Sec-Fetch-Site": "same-site" },
      ];
      for (const headers of refused) {
        const res = await post(headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(await res.text()).toBe("This form was sent from another site, so it was refused.");
      }
      // The store's public origin, its own address, and clients that send neither header.
      const allowed: Record<string, string>[] = [
        { Origin: "http://localhost:3000" },
        { Origin: s.origin },
        { "Sec-Fetch-Site": "same-origin" },
        {},
      ];
      for (const headers of allowed) {
        const res = await post(headers);
        expect(res.status, JSON.stringify(headers)).toBe(200);
      }
      // A sign-in provider posts its answer back from its own site.
      const callback = await post(
        { Origin: "https://appleid.apple.com" },
        "/api/auth/callback/apple",
      );
      expect(callback.status).toBe(200);
      // Reading is never refused.
      const get = await fetch(`${s.origin}/healthz`, {
        headers: { Origin: "https://evil.example" },
      });
      expect(get.status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe("security headers", () => {
  it("send the referrer policy forms need, one frame rule, and HSTS only behind https", async () => {
    const plain = await postServer("http://localhost:3000");
    const secure = await postServer("https://shop.example.in");
    try {
      const res = await fetch(`${plain.origin}/healthz`);
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("strict-transport-security")).toBeNull();
      const https = await fetch(`${secure.origin}/healthz`);
      expect(https.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await plain.close();
      await secure.close();
    }
  });
});
