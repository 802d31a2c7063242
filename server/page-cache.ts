import type express from "express";
import { cookiePairs } from "~/lib/cookie-header";
import { LANG_COOKIE } from "~/lib/i18n/language-choice";
import { stripLocale } from "~/lib/i18n/locales";
import type { Encoding, Template } from "./page-template";
import { fillTemplate, gzipTemplate } from "./page-template";

/**
 * Pages from memory (issue 10). A visitor's public page is the same for everyone but its CSP
 * nonce (ADR 016); a signed-in shopper's is the same for everyone with the same role and cart
 * size but for their name and e-mail in the header (ADR 018). So the rendered answer is kept a
 * short while as a template (page-template.ts) and each request fills in its own values.
 */

/** The public pages (and their React Router data requests) a visitor's answer may be kept for. */
export const CACHEABLE_PATH =
  /^\/(?:_root\.data|allproduct(?:\.data)?|oneprod\/[^/]+?(?:\.data)?|findby(?:\.data)?|battery-health(?:\.data)?|inverter-sizing(?:\.data)?|blog(?:\/[^/]+?)?(?:\.data)?)?$/;

/**
 * The pages a signed-in shopper's answer may be kept for: those whose loaders read nothing of
 * the shopper but what the root loader shows, and product pages, which show the shopper's own
 * review: the preread tells whether they wrote one (then the page is rendered live, ADR 045).
 * A loader added to one of these that reads the shopper must take it out.
 */
export const SHOPPER_PATH =
  /^\/(?:_root\.data|allproduct(?:\.data)?|oneprod\/[^/]+?(?:\.data)?|findby(?:\.data)?|battery-health(?:\.data)?|inverter-sizing(?:\.data)?|blog(?:\/[^/]+?)?(?:\.data)?)?$/;

/** The store's own cookies that change a page (a guest cart is merged, a notice is shown): with
 * one of them the page is rendered live. */
const LIVE_COOKIES = new Set(["cart", "flash"]);

/** A product page also shows the delivery answer for the pincode the shopper last checked. */
const PRODUCT_PATH = /^\/oneprod\//;
const LIVE_PRODUCT_COOKIES = new Set(["pincode"]);

/**
 * What a CDN in front may do with visitors' answers (the store does the same in-process). It is
 * sent as `CDN-Cache-Control` (RFC 9213), which only CDNs read: sent as `Cache-Control`, browsers
 * apply `stale-while-revalidate` too and show a visitor a page up to ten minutes old.
 */
export const PUBLIC_CACHE_CONTROL = "public, s-maxage=60, stale-while-revalidate=600";

/** A browser (and any cache that does not know CDN-Cache-Control) asks again every time. */
export const BROWSER_CACHE_CONTROL = "no-cache";

/** The caching headers of a visitor's public page, kept or freshly rendered. */
export function setPublicCacheHeaders(res: express.Response) {
  res.setHeader("Cache-Control", BROWSER_CACHE_CONTROL);
  res.setHeader("CDN-Cache-Control", PUBLIC_CACHE_CONTROL);
  res.setHeader("Vary", "Cookie, Accept-Encoding");
}

/** The caching headers of a page that is one shopper's own: no shared cache keeps it. */
export function setPrivateCacheHeaders(res: express.Response) {
  res.setHeader("Cache-Control", "private, no-store");
  res.setHeader("Vary", "Cookie");
}

/** Headers the cached answer keeps (the security headers are the current request's own). */
const KEPT_HEADERS = ["content-type", "x-robots-tag", "link"];

export type Entry = {
  status: number;
  headers: [string, string][];
  template: Template;
  expires: number;
  /** The route that rendered it (its metrics label, server/metrics.ts). */
  route?: string;
};

type Req = Pick<express.Request, "method" | "path" | "headers">;

/** A public page's address may be kept in every language: `/hi/allproduct` as `/allproduct`
 * (each language's answer is kept under its own address). */
export function isCacheablePath(path: string): boolean {
  return CACHEABLE_PATH.test(stripLocale(path));
}

/** Cookies that change nothing a page shows: the chosen language (the address carries it). */
const NEUTRAL_COOKIES = new Set([LANG_COOKIE]);

/** The request's cookies that matter to a page (all but the neutral ones). */
function pageCookies(cookie: string | undefined): string[] {
  if (!cookie) return [];
  return [...cookiePairs(cookie)].map(([name]) => name).filter((n) => !NEUTRAL_COOKIES.has(n));
}

/** May this visitor's request be answered from (and its answer be kept in) the cache? */
export function isCacheableRequest(req: Req) {
  return (
    req.method === "GET" &&
    pageCookies(req.headers.cookie).length === 0 &&
    isCacheablePath(req.path)
  );
}

/** Might this be a signed-in shopper's request whose page can be kept (if the session is
 * valid)? A cookie is needed for a session; the store's cart and notice cookies make it live. */
export function isShopperCandidate(req: Req) {
  const names = pageCookies(req.headers.cookie);
  if (req.method !== "GET" || names.length === 0) return false;
  const path = stripLocale(req.path);
  if (!SHOPPER_PATH.test(path)) return false;
  const product = PRODUCT_PATH.test(path);
  return !names.some(
    (name) => LIVE_COOKIES.has(name) || (product && LIVE_PRODUCT_COOKIES.has(name)),
  );
}

const STREAM_SCRIPT = "window.__reactRouterContext.streamController.enqueue(";

/**
 * How a value is written at an offset of an answer to `path`: in a data request, as a JSON
 * string; in a page, as React writes text, or inside React Router's hydration data (a JSON string
 * in a JavaScript string). Null inside any other script: nothing of a shopper may go there.
 */
export function encodingIn(path: string) {
  return (field: string, text: string, at: number): Encoding | null => {
    if (field === "nonce") return "raw";
    if (path.endsWith(".data")) return "json";
    const open = text.lastIndexOf("<script", at);
    if (open <= text.lastIndexOf("</script>", at)) return "html";
    return text.startsWith(STREAM_SCRIPT, text.indexOf(">", open) + 1) ? "script" : null;
  };
}

export class PageCache {
  private entries = new Map<string, Entry>();
  /** Answers being rendered, by key: asked for again meanwhile, they are waited for. */
  private rendering = new Map<string, Promise<Entry | null>>();
  private bytes = 0;
  private clearListeners: (() => void)[] = [];
  /** Tells the store's other processes of a change made in this one (ADR 040); none alone. */
  private announce: (() => Promise<void>) | null = null;
  /** Counts the clears: a page rendered before the latest one may show what changed since. */
  private generation = 0;

  constructor(
    private readonly options: { ttlMs: number; maxBytes: number } = {
      ttlMs: 30_000,
      maxBytes: 64 * 1024 * 1024,
    },
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** Taken before rendering a page, and given back to `set` with the rendered answer. */
  get version() {
    return this.generation;
  }

  /** May this rendered answer be kept? Only a 200 that sets no cookie. */
  static keepable(answer: { status: number; headers: Headers }) {
    return answer.status === 200 && !answer.headers.has("set-cookie");
  }

  /**
   * Keeps a rendered answer's template under `key` (only a 200 without cookies), unless the
   * cache was cleared while it rendered (`renderedAt`: the version when rendering began). Gives
   * back the entry, kept or not, to answer the request that rendered it.
   */
  keep(
    key: string,
    answer: { status: number; headers: Headers; template: Template; route?: string },
    renderedAt = this.generation,
  ): Entry {
    const entry: Entry = {
      status: answer.status,
      headers: KEPT_HEADERS.flatMap((name): [string, string][] => {
        const value = answer.headers.get(name);
        return value === null ? [] : [[name, value]];
      }),
      template: answer.template,
      expires: this.now() + this.options.ttlMs,
      route: answer.route,
    };
    if (renderedAt !== this.generation || !PageCache.keepable(answer)) return entry;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.template.size;
    // The oldest answers go first when the cache is full.
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.delete(oldest);
    }
    return entry;
  }

  /**
   * The kept answer for `key`, else the one `render` makes (null: it could not be kept), made
   * once however many requests ask for it meanwhile: when a page expires under load, one request
   * renders it and the others wait for it, instead of all of them rendering it at once.
   */
  async getOrRender(
    key: string,
    render: () => Promise<Entry | null>,
  ): Promise<{ entry: Entry | null; rendered: boolean }> {
    const kept = this.get(key);
    if (kept) return { entry: kept, rendered: false };
    const pending = this.rendering.get(key);
    if (pending) return { entry: await pending, rendered: false };
    const rendering = render().finally(() => this.rendering.delete(key));
    this.rendering.set(key, rendering);
    return { entry: await rendering, rendered: true };
  }

  /** A kept answer that has not expired. */
  get(key: string): Entry | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expires <= this.now()) {
      this.delete(key);
      return null;
    }
    return entry;
  }

  /** Forget everything: the catalogue, a vehicle or the settings changed. */
  clear() {
    this.entries.clear();
    this.bytes = 0;
    this.generation += 1;
    for (const listener of this.clearListeners) listener();
  }

  /**
   * Something visitors' pages show changed in this process (and is committed): forget
   * everything, and tell the store's other processes to forget theirs. Resolves once told.
   */
  async changed(): Promise<void> {
    this.clear();
    await this.announce?.();
  }

  /** How `changed` tells the other processes (several processes on one PostgreSQL). */
  announceChangesWith(announce: () => Promise<void>) {
    this.announce = announce;
  }

  /** Runs `listener` whenever the cache is emptied (what else keeps public data goes too). */
  onClear(listener: () => void) {
    this.clearListeners.push(listener);
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.template.size;
    this.entries.delete(key);
  }
}

/** Answers a request from a kept (or just rendered) answer, with this request's values. */
export function sendFilled(
  req: express.Request,
  res: express.Response,
  entry: Pick<Entry, "status" | "headers" | "template">,
  fill: {
    values: Record<string, string>;
    /** The same for every visitor (a CDN may keep it), or one shopper's own. */
    shared: boolean;
  },
  cached: "hit" | "miss",
): true {
  const { values } = fill;
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  if (fill.shared) setPublicCacheHeaders(res);
  else setPrivateCacheHeaders(res);
  res.setHeader("X-Cache", cached);
  const gzip = /\bgzip\b/.test(req.get("accept-encoding") ?? "");
  const body = gzip ? gzipTemplate(entry.template, values) : fillTemplate(entry.template, values);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(body);
  return true;
}
