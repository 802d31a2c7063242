import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markPublicChange } from "~/lib/public-change.server";
import { listen } from "../tests/helpers/listen";
import { isCacheableRequest, isShopperCandidate, PageCache } from "./page-cache";
import { createPageHandler } from "./page-handler";
import { cutTemplate, encoders, fillTemplate, gzipTemplate, type Template } from "./page-template";

const page = (nonce: string, text = "Batteries") =>
  `<html><script nonce="${nonce}">1</script><p>${text}</p>${"<li>card</li>".repeat(500)}<link nonce="${nonce}"/></html>`;

const answer = (body: string | Buffer, nonce = "n", status = 200, headers = new Headers()) => ({
  status,
  headers,
  template: cutTemplate(Buffer.from(body), { nonce }, () => "raw") as Template,
});

describe("a kept page with a fresh nonce", () => {
  it("is one valid gzip stream of the page with the new nonce in every place", () => {
    const cache = new PageCache();
    cache.keep("/allproduct", answer(page("OLDNONCE"), "OLDNONCE"));
    const entry = cache.get("/allproduct");
    if (!entry) throw new Error("not kept");
    const values = { nonce: "fresh+nonce==" };
    expect(gunzipSync(gzipTemplate(entry.template, values)).toString()).toBe(page("fresh+nonce=="));
    expect(fillTemplate(entry.template, { nonce: "other" }).toString()).toBe(page("other"));
  });

  it("keeps only a 200 without cookies, for its lifetime, and forgets everything on clear", () => {
    let now = 1_000;
    const cache = new PageCache({ ttlMs: 30_000, maxBytes: 1_000_000 }, () => now);
    cache.keep("/a", answer("a"));
    cache.keep("/missing", answer("a", "n", 404));
    cache.keep("/cookie", answer("a", "n", 200, new Headers({ "Set-Cookie": "cart=1" })));
    expect([cache.get("/a") !== null, cache.get("/missing"), cache.get("/cookie")]).toEqual([
      true,
      null,
      null,
    ]);
    now += 30_000;
    expect(cache.get("/a")).toBeNull();
    cache.keep("/a", answer("a"));
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
    const cache = new PageCache();
    const renderedAt = cache.version;
    cache.clear(); // an admin saved a product while the page was rendering
    cache.keep("/allproduct", answer("old price"), renderedAt);
    expect(cache.get("/allproduct")).toBeNull();
    cache.keep("/allproduct", answer("old price"), cache.version);
    expect(cache.get("/allproduct")).not.toBeNull();
  });

  it("renders a missing page once for all the requests that ask for it meanwhile", async () => {
    const cache = new PageCache();
    let renders = 0;
    let finish: (entry: ReturnType<PageCache["keep"]> | null) => void = () => {};
    const render = () => {
      renders += 1;
      return new Promise<ReturnType<PageCache["keep"]> | null>((resolve) => {
        finish = resolve;
      });
    };
    const asked = [1, 2, 3, 4, 5].map(() => cache.getOrRender("/allproduct", render));
    finish(cache.keep("/allproduct", answer("page")));
    const answers = await Promise.all(asked);
    expect(renders).toBe(1);
    expect(answers.map((a) => a.rendered)).toEqual([true, false, false, false, false]);
    expect(new Set(answers.map((a) => a.entry)).size).toBe(1);
    // Kept now: no more rendering.
    expect((await cache.getOrRender("/allproduct", render)).rendered).toBe(false);
    // A page that cannot be kept: the waiters learn so, and render it themselves.
    const notKept = [1, 2].map(() => cache.getOrRender("/missing", render));
    finish(null);
    expect((await Promise.all(notKept)).map((a) => a.entry)).toEqual([null, null]);
    expect(renders).toBe(2);
  });

  it("drops the oldest pages when it holds more than its bytes", () => {
    const cache = new PageCache({ ttlMs: 30_000, maxBytes: 20_000 });
    const body = randomBytes(6_000); // incompressible: about 12 KB kept per page
    for (const key of ["/1", "/2", "/3"]) cache.keep(key, answer(body));
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
    expect(isCacheableRequest(req("GET", "/battery-health"))).toBe(true);
    expect(isCacheableRequest(req("GET", "/inverter-sizing.data"))).toBe(true);
    expect(isCacheableRequest(req("GET", "/blog"))).toBe(true);
    expect(isCacheableRequest(req("GET", "/blog.data"))).toBe(true);
    expect(isCacheableRequest(req("GET", "/blog/check-battery-voltage"))).toBe(true);
    expect(isCacheableRequest(req("GET", "/blog/check-battery-voltage.data"))).toBe(true);
    expect(isCacheableRequest(req("GET", "/allproduct", "cart=abc"))).toBe(false);
    expect(isCacheableRequest(req("POST", "/oneprod/DRIVE-35L"))).toBe(false);
    for (const path of [
      "/account",
      "/login",
      "/admin/product",
      "/cart/add",
      "/oneprod/a/b",
      "/blog/a/b",
      "/blogs",
    ]) {
      expect(isCacheableRequest(req("GET", path))).toBe(false);
    }
  });

  it("is tried for a signed-in GET of a page that shows nothing of the shopper but the header", () => {
    const req = (path: string, cookie?: string, method = "GET") => ({
      method,
      path,
      headers: cookie ? { cookie } : {},
    });
    const session = "better-auth.session_token=abc.sig";
    for (const path of [
      "/",
      "/allproduct",
      "/allproduct.data",
      "/findby",
      "/_root.data",
      "/battery-health",
      "/inverter-sizing.data",
      "/blog",
      "/blog/a-guide",
    ]) {
      expect(isShopperCandidate(req(path, session))).toBe(true);
    }
    expect(isShopperCandidate(req("/allproduct", `theme=dark; ${session}`))).toBe(true);
    // A product page too (the preread tells whether it shows the shopper's own review), unless
    // it answers for a pincode the shopper checked before.
    expect(isShopperCandidate(req("/oneprod/DRIVE-35L", session))).toBe(true);
    expect(isShopperCandidate(req("/oneprod/DRIVE-35L.data", session))).toBe(true);
    expect(isShopperCandidate(req("/oneprod/DRIVE-35L", `${session}; pincode=560001`))).toBe(false);
    expect(isShopperCandidate(req("/allproduct", `${session}; pincode=560001`))).toBe(true);
    // Live: without a cookie (a visitor), with a guest cart to merge or a notice to show, the
    // shopper's own pages, a post.
    expect(isShopperCandidate(req("/allproduct"))).toBe(false);
    expect(isShopperCandidate(req("/allproduct", `${session}; cart=x`))).toBe(false);
    expect(isShopperCandidate(req("/allproduct", `flash=x;${session}`))).toBe(false);
    for (const path of ["/account", "/cart", "/admin"]) {
      expect(isShopperCandidate(req(path, session))).toBe(false);
    }
    expect(isShopperCandidate(req("/allproduct", session, "POST"))).toBe(false);
  });

  it("keeps each language's page under its own address, and a chosen language is no cookie that matters", () => {
    const req = (path: string, cookie?: string) => ({
      method: "GET",
      path,
      headers: cookie ? { cookie } : {},
    });
    for (const path of ["/hi", "/gu/", "/hi/_root.data", "/gu/allproduct", "/hi/oneprod/X.data"]) {
      expect(isCacheableRequest(req(path))).toBe(true);
    }
    expect(isCacheableRequest(req("/gu/blog/a-guide", "lang=gu"))).toBe(true);
    expect(isCacheableRequest(req("/hi/allproduct", "lang=hi; cart=x"))).toBe(false);
    for (const path of [
      "/hi/account",
      "/gu/cart",
      "/hi/admin",
      "/hindi/allproduct",
      "/en/allproduct",
    ]) {
      expect(isCacheableRequest(req(path))).toBe(false);
    }
    const session = "better-auth.session_token=abc.sig";
    expect(isShopperCandidate(req("/hi/allproduct", `lang=hi; ${session}`))).toBe(true);
    expect(isShopperCandidate(req("/gu/oneprod/X", session))).toBe(true);
    expect(isShopperCandidate(req("/gu/account", session))).toBe(false);
    // The language alone is no session: such a visitor is served as any visitor.
    expect(isShopperCandidate(req("/hi/allproduct", "lang=hi"))).toBe(false);
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
    const pages = new PageCache();
    app.all(
      "/{*splat}",
      createPageHandler({
        publicUrl: "http://localhost:3000",
        bodyLimit: () => 1024,
        getLoadContext: (_req, res) => {
          renderingNonce = res.locals.nonce;
          return Object.assign(new RouterContextProvider(), { changes: { publicPages: false } });
        },
        cache: { pages, nonce: (res) => res.locals.nonce },
        async handle(request, context) {
          if (request.method === "POST") {
            // As the admin pages do: a signed-in admin's change is made and marked (formAction
            // does it); anyone else is sent to log in, and nothing changes.
            if (request.headers.get("x-test-admin") !== "yes") {
              return new Response(null, { status: 302, headers: { Location: "/login" } });
            }
            catalogueText = "Changed by the admin";
            markPublicChange(context);
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

  it("keeps pages when a POST changed nothing: a signed-out POST /admin/product is redirected", async () => {
    await fetch(`${base}/allproduct?kept=1`);
    expect((await fetch(`${base}/allproduct?kept=1`)).headers.get("x-cache")).toBe("hit");
    for (let i = 0; i < 5; i++) {
      const refused = await fetch(`${base}/admin/product`, { method: "POST", redirect: "manual" });
      expect(refused.status).toBe(302);
    }
    expect((await fetch(`${base}/allproduct?kept=1`)).headers.get("x-cache")).toBe("hit");
  });

  it("forgets kept pages once an admin's change has been made", async () => {
    await fetch(`${base}/allproduct`);
    expect(await (await fetch(`${base}/allproduct`)).text()).toContain("<p>Batteries</p>");
    await fetch(`${base}/admin/product`, {
      method: "POST",
      redirect: "manual",
      headers: { "x-test-admin": "yes" },
    });
    const after = await fetch(`${base}/allproduct`);
    expect(after.headers.get("x-cache")).toBe("miss");
    expect(await after.text()).toContain("<p>Changed by the admin</p>");
  });
});

describe("signed-in shoppers' pages over HTTP", () => {
  let base: string;
  let close: () => Promise<void>;
  let renders = 0;
  const carts = new Map<string, number>();
  /** As React escapes text (page-template.test.ts checks this against React's own output). */
  const htmlText = encoders.html;

  /** A page as the root would render it: the shopper's name in the header and in the data. */
  const render = (nonce: string, name: string, cart: number, status = 200) =>
    new Response(
      `<html><script nonce="${nonce}">1</script><p>Hi ${htmlText(name)}</p><p>Cart ${cart}</p>` +
        `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(${JSON.stringify(
          JSON.stringify({ name }),
        ).replace(/</g, "\\u003c")});</script></html>`,
      { status, headers: { "Content-Type": "text/html; charset=utf-8" } },
    );

  /** The shopper of a "session=<name>" cookie (an admin if the name says so); "gone": none. A
   * "Reviewer ..." has reviewed every product: a product page shows something of their own. */
  const shopperOf = (cookie: string | null, path = "") => {
    const name = /session=([^;]+)/.exec(cookie ?? "")?.[1];
    if (!name || name === "gone") return null;
    const decoded = decodeURIComponent(name);
    const role = decoded.startsWith("Admin") ? "admin" : "user";
    const user = { id: `id-${decoded}`, name: decoded, email: `${role}@example.in`, role };
    // A session due for renewal ("Renewed ..."): better-auth gives its cookie again.
    const setCookie = decoded.startsWith("Renewed") ? [`session=${name}; Max-Age=2592000`] : [];
    const ownContent = decoded.startsWith("Reviewer") && path.startsWith("/oneprod/");
    return { user, cartCount: carts.get(decoded) ?? 0, ownContent, setCookie };
  };

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.nonce = randomBytes(16).toString("base64");
      next();
    });
    const pages = new PageCache();
    app.all(
      "/{*splat}",
      createPageHandler({
        publicUrl: "http://localhost:3000",
        bodyLimit: () => 1024,
        getLoadContext: (_req, res, preread) =>
          Object.assign(new RouterContextProvider(), { nonce: res.locals.nonce, preread }),
        cache: {
          pages,
          nonce: (res) => res.locals.nonce,
          shopper: async (headers, path) => shopperOf(headers.get("cookie"), path),
        },
        async handle(request, context) {
          renders += 1;
          const { nonce, preread } = context as unknown as {
            nonce: string;
            preread?: ReturnType<typeof shopperOf>;
          };
          // As the root middleware does: the user the server read already, else the cookie's.
          const shopper = preread ?? shopperOf(request.headers.get("cookie"));
          const status = new URL(request.url).searchParams.has("missing") ? 404 : 200;
          return render(nonce, shopper?.user.name ?? "visitor", shopper?.cartCount ?? 0, status);
        },
      }),
    );
    ({ base, close } = await listen(app));
  });
  afterAll(async () => {
    await close?.();
  });

  const as = (name: string, path: string, extra = "") =>
    fetch(`${base}${path}`, {
      headers: { Cookie: `session=${encodeURIComponent(name)}${extra}`, "Accept-Encoding": "gzip" },
    });
  const NASTY = `Zoë O'Brien & <b>"Sons"</b> </script>`;

  it("renders a page once for shoppers of one role and cart size, filled in for each", async () => {
    const before = renders;
    const asha = await as("Asha Kumari", "/allproduct?capacity=35");
    const other = await as(NASTY, "/allproduct?capacity=35");
    expect(renders).toBe(before + 1);
    expect([asha.headers.get("x-cache"), other.headers.get("x-cache")]).toEqual(["miss", "hit"]);
    for (const res of [asha, other]) {
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("cdn-cache-control")).toBeNull();
    }
    const page = await other.text();
    expect(page).toContain(`<p>Hi ${htmlText(NASTY)}</p>`);
    expect(page).not.toContain("zqStandIn");
    expect(page).not.toContain("Asha");
    const data = /enqueue\(("[^)]*")\);/.exec(page)?.[1] ?? "";
    expect(JSON.parse(JSON.parse(data))).toEqual({ name: NASTY });
    expect(await asha.text()).toContain("<p>Hi Asha Kumari</p>");
  });

  it("gives a shopper the page of their cart's size, and an admin an admin's", async () => {
    await as("Ravi", "/findby");
    carts.set("Ravi", 2);
    const afterAdding = await as("Ravi", "/findby");
    expect(afterAdding.headers.get("x-cache")).toBe("miss");
    expect(await afterAdding.text()).toContain("<p>Cart 2</p>");
    const admin = await as("Admin Meera", "/findby");
    expect(admin.headers.get("x-cache")).toBe("miss");
  });

  it("keeps a product page for the role, live for a shopper whose own review it shows", async () => {
    await as("Asha Kumari", "/oneprod/DRIVE-35L");
    const kept = await as("Ravi Kumar", "/oneprod/DRIVE-35L");
    expect(kept.headers.get("x-cache")).toBe("hit");
    expect(await kept.text()).toContain("<p>Hi Ravi Kumar</p>");
    const before = renders;
    const own = await as("Reviewer Meena", "/oneprod/DRIVE-35L");
    expect(renders).toBe(before + 1);
    expect(own.headers.get("x-cache")).toBeNull();
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(await own.text()).toContain("<p>Hi Reviewer Meena</p>");
    // Their other pages are kept as anyone's.
    await as("Reviewer Meena", "/findby");
    expect((await as("Reviewer Meena", "/findby")).headers.get("x-cache")).toBe("hit");
  });

  it("renders live a product page for a pincode, a guest cart or notice cookie, and a session gone", async () => {
    await as("Asha Kumari", "/allproduct");
    for (const [name, path, extra] of [
      ["Asha Kumari", "/oneprod/DRIVE-35L", "; pincode=560001"],
      ["Asha Kumari", "/allproduct", "; cart=abc"],
      ["Asha Kumari", "/allproduct", "; flash=abc"],
      ["gone", "/allproduct", ""],
    ] as const) {
      const before = renders;
      const res = await as(name, path, extra);
      expect(renders).toBe(before + 1);
      expect(res.headers.get("x-cache")).toBeNull();
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("renders a page that cannot be kept again, live, for the shopper themself", async () => {
    const res = await as("Asha Kumari", "/allproduct?missing=1");
    expect(res.status).toBe(404);
    expect(res.headers.get("x-cache")).toBeNull();
    expect(await res.text()).toContain("<p>Hi Asha Kumari</p>");
  });

  it("sends a renewed session's cookie with the kept page, and with a live one (ADR 027)", async () => {
    await as("Asha Kumari", "/findby?renew=1");
    const kept = await as("Renewed Ravi", "/findby?renew=1");
    expect(kept.headers.get("x-cache")).toBe("hit");
    expect(kept.headers.getSetCookie()).toEqual(["session=Renewed%20Ravi; Max-Age=2592000"]);
    expect(await kept.text()).toContain("<p>Hi Renewed Ravi</p>");
    // A page that cannot be kept is rendered live: the cookie goes with it all the same.
    const live = await as("Renewed Ravi", "/findby?missing=1");
    expect(live.status).toBe(404);
    expect(live.headers.getSetCookie()).toEqual(["session=Renewed%20Ravi; Max-Age=2592000"]);
  });
});
