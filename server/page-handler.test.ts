import { request as httpRequest } from "node:http";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../tests/helpers/listen";
import { PageCache } from "./page-cache";
import { createPageHandler } from "./page-handler";

let base: string;
let close: () => Promise<void>;
/** How many bytes the page handler let through to the app, per request. */
let seen: number[] = [];

beforeAll(async () => {
  const app = express();
  app.use("/admin", (_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  app.all(
    "/{*splat}",
    createPageHandler({
      publicUrl: "http://localhost:3000",
      bodyLimit: (req) => (req.path === "/photo" ? 64 * 1024 : 1024),
      getLoadContext: () => new RouterContextProvider(),
      async handle(request) {
        if (request.method === "POST") {
          try {
            const body = await request.arrayBuffer();
            seen.push(body.byteLength);
          } catch {
            return new Response("The form could not be read", { status: 400 });
          }
        }
        const headers = new Headers({ "Cache-Control": "private, no-cache" });
        headers.append("Set-Cookie", "a=1; Path=/");
        headers.append("Set-Cookie", "b=2; Path=/");
        return new Response("ok", { headers });
      },
    }),
  );
  ({ base, close } = await listen(app));
});
afterAll(async () => {
  await close?.();
});

/** A chunked POST (no Content-Length), as a client streaming a large body would send it. */
function streamPost(path: string, bytes: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method: "POST" }, (res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", (error) => {
      // After answering 413 the server closes the connection instead of reading the rest, so a
      // client still sending may see the reset before the answer.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EPIPE" || code === "ECONNRESET") resolve({ status: 0, text: code });
      else reject(error);
    });
    const chunk = Buffer.alloc(16 * 1024, "a");
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

describe("the page handler", () => {
  it("answers a body over the limit with 413 before reading it (Content-Length)", async () => {
    seen = [];
    const res = await fetch(`${base}/login`, { method: "POST", body: "x".repeat(2048) });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("The form is too large: at most 1 KB can be sent.");
    expect(seen).toEqual([]);
  });

  it("cuts a streamed body at the limit, whatever it claims, and answers 413", async () => {
    seen = [];
    const res = await streamPost("/login", 4 * 1024 * 1024);
    // 413, or the connection closed by the server before the client read it: never read whole.
    expect([413, 0]).toContain(res.status);
    expect(seen).toEqual([]);
    // The server is fine afterwards.
    expect((await fetch(`${base}/login`)).status).toBe(200);
  });

  it("lets a body within the limit through, and the photo form have more", async () => {
    seen = [];
    expect((await fetch(`${base}/login`, { method: "POST", body: "x".repeat(1000) })).status).toBe(
      200,
    );
    expect((await streamPost("/photo", 48 * 1024)).status).toBe(200);
    expect(seen).toEqual([1000, 48 * 1024]);
  });

  it("keeps every cookie, and the back office's own Cache-Control instead of a second one", async () => {
    const page = await fetch(`${base}/login`);
    expect(page.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(page.headers.get("Cache-Control")).toBe("private, no-cache");
    const admin = await fetch(`${base}/admin/user`);
    expect(admin.headers.get("Cache-Control")).toBe("no-store");
  });

  it("makes a page's data request private unless the route said otherwise", async () => {
    const res = await fetch(`${base}/_root.data`);
    // This handler's response sets its own Cache-Control, which is kept.
    expect(res.headers.get("Cache-Control")).toBe("private, no-cache");
  });
});

describe("what the page handler hands React Router (ADR 027)", () => {
  let where: string;
  let stop: () => Promise<void>;
  /** What each render saw: its URL, its headers, and whether it was to be kept for many. */
  const renders: { url: string; headers: Headers; shared: boolean }[] = [];

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.nonce = "n0nce";
      next();
    });
    app.all(
      "/{*splat}",
      createPageHandler({
        publicUrl: "https://shop.example.in",
        bodyLimit: () => 1024 * 1024,
        getLoadContext: (_req, _res, _preread, rendering) =>
          Object.assign(new RouterContextProvider(), { sharedRender: rendering?.shared ?? false }),
        cache: { pages: new PageCache(), nonce: (res) => res.locals.nonce },
        async handle(request, context) {
          const shared = (context as unknown as { sharedRender: boolean }).sharedRender;
          renders.push({ url: request.url, headers: request.headers, shared });
          // A form refused by its size before its body is read (as formAction's bodyLimit does).
          if (request.method === "POST") return new Response("too large", { status: 400 });
          const canonical = new URL("/oneprod/RIDE-9B", request.url).toString();
          return new Response(`<link rel="canonical" href="${canonical}">`, {
            headers: { "Content-Type": "text/html; charset=utf-8" },
          });
        },
      }),
    );
    ({ base: where, close: stop } = await listen(app));
  });
  afterAll(async () => {
    await stop?.();
  });

  it("builds every URL on the configured address, never on the request's Host header", async () => {
    const poisoned = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        `${where}/oneprod/RIDE-9B`,
        { headers: { Host: "evil.example" } },
        (res) => {
          let text = "";
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => resolve(text));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(poisoned).toContain('href="https://shop.example.in/oneprod/RIDE-9B"');
    expect(poisoned).not.toContain("evil.example");
    // The page kept from that request is the one every visitor gets.
    const next = await fetch(`${where}/oneprod/RIDE-9B`);
    expect(next.headers.get("x-cache")).toBe("hit");
    expect(await next.text()).not.toContain("evil.example");
  });

  it("renders a page kept for many without the first asker's personal headers", async () => {
    renders.length = 0;
    await fetch(`${where}/allproduct?who=first`, {
      headers: {
        "User-Agent": "Asha's phone",
        Referer: "https://mail.example/asha",
        "X-Forwarded-For": "203.0.113.7",
        Authorization: "Bearer secret",
        "Accept-Language": "hi-IN",
      },
    });
    const [render] = renders;
    expect(render?.shared).toBe(true);
    for (const name of ["user-agent", "referer", "x-forwarded-for", "authorization", "cookie"]) {
      expect(render?.headers.has(name), name).toBe(false);
    }
    // What is not about the person stays (the language asked for, the encodings).
    expect(render?.headers.get("accept-language")).toBe("hi-IN");
  });

  it("closes the connection after answering a post whose body it did not read", async () => {
    const res = await fetch(`${where}/admin/order/reconcile`, {
      method: "POST",
      body: "x".repeat(512 * 1024),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("connection")).toBe("close");
    // The server is fine afterwards, on a new connection.
    expect((await fetch(`${where}/allproduct?after=1`)).status).toBe(200);
  });
});
