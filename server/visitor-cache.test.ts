import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../tests/helpers/listen";
import { createPageHandler } from "./page-handler";
import { bodyWithNonce, gzipWithNonce, isCacheableRequest, VisitorCache } from "./visitor-cache";

const page = (nonce: string, text = "Batteries") =>
  `<html><script nonce="${nonce}">1</script><p>${text}</p>${"<li>card</li>".repeat(500)}<link nonce="${nonce}"/></html>`;

describe("a kept page with a fresh nonce", () => {
  it("is one valid gzip stream of the page with the new nonce in every place", () => {
    const cache = new VisitorCache();
    const body = Buffer.from(page("OLDNONCE"));
    cache.set("/allproduct", { status: 200, headers: new Headers(), body }, "OLDNONCE");
    const entry = cache.get("/allproduct");
    if (!entry) throw new Error("not kept");
    expect(gunzipSync(gzipWithNonce(entry, "fresh+nonce==")).toString()).toBe(
      page("fresh+nonce=="),
    );
    expect(bodyWithNonce(entry, "other").toString()).toBe(page("other"));
  });

  it("keeps only a 200 without cookies, for its lifetime, and forgets everything on clear", () => {
    let now = 1_000;
    const cache = new VisitorCache({ ttlMs: 30_000, maxBytes: 1_000_000 }, () => now);
    const ok = { status: 200, headers: new Headers(), body: Buffer.from("a") };
    cache.set("/a", ok, "n");
    cache.set("/missing", { ...ok, status: 404 }, "n");
    cache.set("/cookie", { ...ok, headers: new Headers({ "Set-Cookie": "cart=1" }) }, "n");
    expect([cache.get("/a") !== null, cache.get("/missing"), cache.get("/cookie")]).toEqual([
      true,
      null,
      null,
    ]);
    now += 30_000;
    expect(cache.get("/a")).toBeNull();
    cache.set("/a", ok, "n");
    // What else keeps public data (the signed-in pages' lists, ADR 017) is emptied with it.
    let cleared = 0;
    cache.onClear(() => {
      cleared += 1;
    });
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cleared).toBe(1);
  });

  it("does not keep a page that was rendering while the cache was cleared", () => {
    const cache = new VisitorCache();
    const renderedAt = cache.version;
    cache.clear(); // an admin saved a product while the page was rendering
    const ok = { status: 200, headers: new Headers(), body: Buffer.from("old price") };
    cache.set("/allproduct", ok, "n", renderedAt);
    expect(cache.get("/allproduct")).toBeNull();
    cache.set("/allproduct", ok, "n", cache.version);
    expect(cache.get("/allproduct")).not.toBeNull();
  });

  it("drops the oldest pages when it holds more than its bytes", () => {
    const cache = new VisitorCache({ ttlMs: 30_000, maxBytes: 20_000 });
    const body = randomBytes(6_000); // incompressible: about 12 KB kept per page
    for (const key of ["/1", "/2", "/3"]) {
      cache.set(key, { status: 200, headers: new Headers(), body }, "n");
    }
    expect([cache.get("/1"), cache.get("/2")]).toEqual([null, null]);
    expect(cache.get("/3")).not.toBeNull();
  });

  it("is used only for a cookie-less GET of a public page", () => {
    const req = (method: string, path: string, cookie?: string) => ({
      method,
      path,
      headers: cookie ? { cookie } : {},
    });
    expect(isCacheableRequest(req("GET", "/"))).toBe(true);
    expect(isCacheableRequest(req("GET", "/allproduct.data"))).toBe(true);
    expect(isCacheableRequest(req("GET", "/oneprod/DRIVE-35L"))).toBe(true);
    expect(isCacheableRequest(req("GET", "/findby"))).toBe(true);
    expect(isCacheableRequest(req("GET", "/allproduct", "cart=abc"))).toBe(false);
    expect(isCacheableRequest(req("POST", "/oneprod/DRIVE-35L"))).toBe(false);
    for (const path of ["/account", "/login", "/admin/product", "/cart/add", "/oneprod/a/b"]) {
      expect(isCacheableRequest(req("GET", path))).toBe(false);
    }
  });
});

describe("visitors' pages over HTTP", () => {
  let base: string;
  let close: () => Promise<void>;
  let renders = 0;
  let catalogueText = "Batteries";
  let renderingNonce = "";

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.nonce = randomBytes(16).toString("base64");
      res.set("Content-Security-Policy", `script-src 'nonce-${res.locals.nonce}'`);
      next();
    });
    app.use(compression());
    const pages = new VisitorCache();
    app.all(
      "/{*splat}",
      createPageHandler({
        bodyLimit: () => 1024,
        getLoadContext: (_req, res) => {
          renderingNonce = res.locals.nonce;
          return new RouterContextProvider();
        },
        cache: { pages, nonce: (res) => res.locals.nonce },
        async handle(request) {
          if (request.method === "POST") {
            catalogueText = "Changed by the admin";
            return new Response(null, { status: 302, headers: { Location: "/admin/product" } });
          }
          renders += 1;
          // The page renders with the nonce of its request, as React Router does.
          return new Response(page(renderingNonce, catalogueText), {
            headers: { "Content-Type": "text/html; charset=utf-8" },
          });
        },
      }),
    );
    ({ base, close } = await listen(app));
  });
  afterAll(async () => {
    await close?.();
  });

  const nonceOf = (res: Response) =>
    /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

  it("renders once, then answers from memory with the response's own nonce, gzipped", async () => {
    const first = await fetch(`${base}/allproduct?capacity=40`);
    expect(first.headers.get("x-cache")).toBe("miss");
    const before = renders;
    const second = await fetch(`${base}/allproduct?capacity=40`);
    expect(renders).toBe(before);
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(second.headers.get("vary")).toContain("Cookie");
    const nonce = nonceOf(second);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(first));
    // fetch has undone the gzip: the page carries this response's nonce, and no other.
    const text = await second.text();
    expect(text.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
  });

  it("lets a CDN keep visitors' pages, but makes a browser ask again every time", async () => {
    // A browser that saw stale-while-revalidate would show a page up to ten minutes old after
    // an admin changed it (Chromium does): only CDNs read CDN-Cache-Control (RFC 9213).
    for (const res of [await fetch(`${base}/?k=1`), await fetch(`${base}/?k=1`)]) {
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("cdn-cache-control")).toBe(
        "public, s-maxage=60, stale-while-revalidate=600",
      );
      expect(res.headers.get("vary")).toMatch(/Cookie/);
    }
  });

  it("renders live, privately, for a visitor with a cookie", async () => {
    await fetch(`${base}/findby`);
    const before = renders;
    const res = await fetch(`${base}/findby`, { headers: { Cookie: "cart=abc" } });
    expect(renders).toBe(before + 1);
    expect(res.headers.get("x-cache")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("forgets kept pages when an admin changes something", async () => {
    await fetch(`${base}/allproduct`);
    expect(await (await fetch(`${base}/allproduct`)).text()).toContain("<p>Batteries</p>");
    await fetch(`${base}/admin/product`, { method: "POST", redirect: "manual" });
    const after = await fetch(`${base}/allproduct`);
    expect(after.headers.get("x-cache")).toBe("miss");
    expect(await after.text()).toContain("<p>Changed by the admin</p>");
  });
});
