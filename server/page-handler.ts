import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type express from "express";
import type { RouterContextProvider } from "react-router";
import {
  CACHEABLE_PATH,
  isCacheableRequest,
  sendCached,
  setPublicCacheHeaders,
  type VisitorCache,
} from "./visitor-cache";

/** Posts that change what visitors see (an admin's change, a review): the cache is dropped. */
const CHANGES_PUBLIC_PAGES = /^\/(?:admin|oneprod)(?:\/|\.data$|$)/i;

/** Bytes a request body may have: form posts are small; a product photo is the one exception. */
export type BodyLimit = (req: express.Request) => number;

/** The answer to a body over the limit (the store's forms never come near it). */
function tooLarge(res: express.Response, limit: number) {
  const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KB`;
  res
    .status(413)
    .set({ Connection: "close", "Cache-Control": "no-store" })
    .type("text/plain")
    .send(`The form is too large: at most ${size} can be sent.`);
}

/** The request body, cut off once it passes `limit` bytes (whatever Content-Length said). */
function limitedBody(req: express.Request, limit: number, cut: { exceeded: boolean }) {
  let received = 0;
  return createReadableStreamFromReadable(req).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > limit) {
          cut.exceeded = true;
          req.unpipe();
          req.pause();
          controller.error(new Error("request body over the limit"));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

/** The Fetch request React Router sees: the address as the browser used it, and the body. */
function fetchRequest(req: express.Request, res: express.Response, body?: ReadableStream) {
  const host = req.get("host") ?? "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(body ? { body, duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * React Router behind Express, like `@react-router/express`, plus what that adapter cannot do:
 * every body is limited while it streams (a 100 MB post is cut at the limit and answered 413,
 * not buffered), and a Cache-Control set by an Express middleware (the back office's no-store)
 * is kept instead of being sent twice.
 */
export function createPageHandler(options: {
  /** React Router's handler: `createRequestHandler(build, mode)`. */
  handle: (request: Request, context: RouterContextProvider) => Promise<Response>;
  bodyLimit: BodyLimit;
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
  /** Visitors' public pages from memory (see visitor-cache.ts), with this response's nonce. */
  cache?: { pages: VisitorCache; nonce: (res: express.Response) => string };
}): express.RequestHandler {
  const { handle, cache } = options;
  return async (req, res, next) => {
    try {
      const cacheable = Boolean(cache) && isCacheableRequest(req);
      const renderedAt = cache?.pages.version;
      if (cache && cacheable) {
        const hit = cache.pages.get(req.originalUrl);
        if (hit) {
          sendCached(req, res, hit, cache.nonce(res));
          return;
        }
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const limit = options.bodyLimit(req);
      if (hasBody && Number(req.get("content-length") ?? 0) > limit) {
        tooLarge(res, limit);
        return;
      }
      const cut = { exceeded: false };
      const request = fetchRequest(req, res, hasBody ? limitedBody(req, limit, cut) : undefined);
      const response = await handle(request, options.getLoadContext(req, res));
      if (cut.exceeded) {
        await response.body?.cancel();
        tooLarge(res, limit);
        return;
      }
      // React Router's data requests (/x.data) of pages carry the visitor's name, cart and
      // reviews: never kept by a shared cache unless a route says otherwise.
      if (cache && req.method !== "GET" && req.method !== "HEAD" && response.status < 400) {
        if (CHANGES_PUBLIC_PAGES.test(req.path)) cache.pages.clear();
      }
      if (cache && cacheable && response.status === 200 && !response.headers.has("set-cookie")) {
        // Kept whole (not streamed) so the next visitor gets it from memory.
        const body = Buffer.from(await response.arrayBuffer());
        cache.pages.set(
          req.originalUrl,
          { status: response.status, headers: response.headers, body },
          cache.nonce(res),
          renderedAt,
        );
        setPublicCacheHeaders(res);
        res.setHeader("X-Cache", "miss");
        await send(res, new Response(body, response));
        return;
      }
      if (cache && CACHEABLE_PATH.test(req.path) && req.method === "GET") {
        // The same page for a signed-in customer (or a visitor with a cart) is theirs alone.
        res.setHeader("Cache-Control", "private, no-store");
        res.setHeader("Vary", "Cookie");
      } else if (/\.data$/.test(req.path) && !response.headers.has("Cache-Control")) {
        res.setHeader("Cache-Control", "private, no-store");
      }
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

async function send(res: express.Response, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    if (key === "cache-control" && res.hasHeader("cache-control")) continue;
    res.setHeader(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
