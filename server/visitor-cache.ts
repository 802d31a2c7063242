import { constants, crc32, deflateRawSync } from "node:zlib";
import type express from "express";

/**
 * Visitors' pages from memory (issue 10, ADR 016). A GET of a public page by a visitor without
 * cookies is the same for everyone but its CSP nonce, so the rendered answer is kept for a short
 * while, keyed by its address, and each hit gets a fresh nonce: the body is kept cut at the nonce,
 * and its gzip form is kept as independently compressed pieces (each ends on a full flush), so a
 * hit only compresses the few bytes of the new nonce and joins the pieces into one gzip stream.
 */

/** The public pages (and their React Router data requests) a visitor's answer may be kept for. */
export const CACHEABLE_PATH =
  /^\/(?:_root\.data|allproduct(?:\.data)?|oneprod\/[^/]+?(?:\.data)?|findby(?:\.data)?)?$/;

/**
 * What a CDN in front may do with those answers (the store does the same in-process). It is sent
 * as `CDN-Cache-Control` (RFC 9213), which only CDNs read: sent as `Cache-Control`, browsers
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

/** Headers the cached answer keeps (the security headers are the current request's own). */
const KEPT_HEADERS = ["content-type", "x-robots-tag", "link"];

type Entry = {
  status: number;
  headers: [string, string][];
  /** The body cut at each occurrence of the nonce it was rendered with. */
  pieces: Buffer[];
  /** Each piece as raw deflate data ending on a full flush (the last one finished). */
  deflated: Buffer[];
  size: number;
  expires: number;
};

/** May this request be answered from (and its answer be kept in) the cache? */
export function isCacheableRequest(req: Pick<express.Request, "method" | "path" | "headers">) {
  return req.method === "GET" && !req.headers.cookie && CACHEABLE_PATH.test(req.path);
}

function split(body: Buffer, nonce: string): Buffer[] {
  const pieces: Buffer[] = [];
  const needle = Buffer.from(nonce);
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    pieces.push(body.subarray(from, at));
    from = at + needle.length;
  }
  pieces.push(body.subarray(from));
  return pieces;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

function flushed(data: Buffer, last: boolean): Buffer {
  return deflateRawSync(data, { finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH });
}

/** One gzip stream of the pieces joined by the nonce. */
export function gzipWithNonce(entry: Pick<Entry, "pieces" | "deflated">, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const nonceDeflated = flushed(nonceBytes, false);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  entry.pieces.forEach((piece, index) => {
    if (index > 0) {
      parts.push(nonceDeflated);
      crc = crc32(nonceBytes, crc);
      length += nonceBytes.length;
    }
    parts.push(entry.deflated[index] as Buffer);
    crc = crc32(piece, crc);
    length += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** The body joined by the nonce, uncompressed. */
export function bodyWithNonce(entry: Pick<Entry, "pieces">, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  return Buffer.concat(entry.pieces.flatMap((p, i) => (i === 0 ? [p] : [nonceBytes, p])));
}

export class VisitorCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private clearListeners: (() => void)[] = [];
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

  /**
   * Keeps an answer rendered with `nonce` (only a 200 without cookies is ever kept), unless the
   * cache was cleared while it rendered (`renderedAt`: the version when rendering began).
   */
  set(
    key: string,
    answer: { status: number; headers: Headers; body: Buffer },
    nonce: string,
    renderedAt = this.generation,
  ) {
    if (renderedAt !== this.generation) return;
    if (answer.status !== 200 || answer.headers.has("set-cookie")) return;
    const pieces = split(answer.body, nonce);
    const deflated = pieces.map((piece, i) => flushed(piece, i === pieces.length - 1));
    const headers = KEPT_HEADERS.flatMap((name): [string, string][] => {
      const value = answer.headers.get(name);
      return value === null ? [] : [[name, value]];
    });
    const size = answer.body.length + deflated.reduce((n, d) => n + d.length, 0);
    this.delete(key);
    this.entries.set(key, {
      status: answer.status,
      headers,
      pieces,
      deflated,
      size,
      expires: this.now() + this.options.ttlMs,
    });
    this.bytes += size;
    // The oldest answers go first when the cache is full.
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.delete(oldest);
    }
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

  /** Runs `listener` whenever the cache is emptied (what else keeps public data goes too). */
  onClear(listener: () => void) {
    this.clearListeners.push(listener);
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.size;
    this.entries.delete(key);
  }
}

/** Answers a request from a kept entry, with this response's own nonce. */
export function sendCached(
  req: express.Request,
  res: express.Response,
  entry: Entry,
  nonce: string,
) {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  setPublicCacheHeaders(res);
  res.setHeader("X-Cache", "hit");
  const gzip = /\bgzip\b/.test(req.get("accept-encoding") ?? "");
  const body = gzip ? gzipWithNonce(entry, nonce) : bodyWithNonce(entry, nonce);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
