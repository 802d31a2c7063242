import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type express from "express";
import type { RouterContextProvider } from "react-router";
import { changedPublicPages } from "~/lib/public-change.server";
import type { Preread } from "~/lib/request-state.server";
import { matchedPattern } from "~/lib/route-pattern.server";
import { STAND_IN_MARK, shopperOf, standIns, standInUser } from "~/lib/shopper";
import { labelRoute, pageRoute, routeLabel } from "./metrics";
import {
  encodingIn,
  isCacheablePath,
  isCacheableRequest,
  isShopperCandidate,
  PageCache,
  sendFilled,
  setPrivateCacheHeaders,
} from "./page-cache";
import { cutTemplate, type Template } from "./page-template";

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

type BodyState = { exceeded: boolean; done: boolean };

/** The request body, cut off once it passes `limit` bytes (whatever Content-Length said). */
function limitedBody(req: express.Request, limit: number, state: BodyState) {
  let received = 0;
  return createReadableStreamFromReadable(req).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > limit) {
          state.exceeded = true;
          req.unpipe();
          req.pause();
          controller.error(new Error("request body over the limit"));
          return;
        }
        controller.enqueue(chunk);
      },
      flush() {
        state.done = true;
      },
    }),
  );
}

/**
 * Headers that say who is asking. A page rendered to be kept for many (a visitor's page, a
 * shopper's template) is rendered without them, so no loader can put one person's data into
 * everyone's page (ADR 027).
 */
const PERSONAL_HEADERS = [
  "cookie",
  "authorization",
  "proxy-authorization",
  "x-forwarded-for",
  "forwarded",
  "x-real-ip",
  "referer",
  "user-agent",
];

/** A request's headers as Fetch headers (`shared`: without the personal ones). */
function fetchHeaders(req: express.Request, shared = false): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (shared && PERSONAL_HEADERS.includes(key)) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/**
 * The Fetch request React Router sees: the path and query as the browser sent them on the
 * store's configured address (never the request's Host header, which anyone can write: a page
 * kept for everyone would otherwise carry the first asker's host in its links), and the body.
 */
function fetchRequest(
  req: express.Request,
  res: express.Response,
  origin: string,
  { body, shared = false }: { body?: ReadableStream; shared?: boolean } = {},
) {
  const url = new URL(req.originalUrl, origin);
  const headers = fetchHeaders(req, shared);
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
 * not buffered), a Cache-Control set by an Express middleware (the back office's no-store) is
 * kept instead of being sent twice, and pages are answered from memory (page-cache.ts).
 */
export function createPageHandler(options: {
  /** React Router's handler: `createRequestHandler(build, mode)`. */
  handle: (request: Request, context: RouterContextProvider) => Promise<Response>;
  /** The store's address as browsers use it (BETTER_AUTH_URL): every request's URL is on it. */
  publicUrl: string;
  bodyLimit: BodyLimit;
  /** Called once a request that may change something (not GET or HEAD) has been answered. */
  afterChange?: () => void;
  /** The request's context; `preread`: who is signed in, when the cache read it already. */
  getLoadContext: (
    req: express.Request,
    res: express.Response,
    preread?: Preread,
    rendering?: { shared: boolean },
  ) => RouterContextProvider;
  /** Pages from memory (see page-cache.ts), with this response's nonce. */
  cache?: {
    pages: PageCache;
    nonce: (res: express.Response) => string;
    /** The signed-in shopper of a request and their cart's size; null for anyone else. Without
     * it, only visitors' pages are kept. */
    shopper?: (headers: Headers, path: string) => Promise<Preread | null>;
  };
}): express.RequestHandler {
  const { cache } = options;
  const origin = new URL(options.publicUrl).origin;
  /** React Router's answer; the request is labelled with the route that answered (metrics). */
  const handle = async (
    req: express.Request,
    res: express.Response,
    request: Request,
    context: RouterContextProvider,
  ) => {
    const response = await options.handle(request, context);
    labelRoute(res, pageRoute(req.path, matchedPattern(context)));
    return response;
  };
  /** Renders a page to be kept for many: without personal headers, marked as such. */
  const renderShared = (req: express.Request, res: express.Response, preread?: Preread) =>
    handle(
      req,
      res,
      fetchRequest(req, res, origin, { shared: true }),
      options.getLoadContext(req, res, preread, { shared: true }),
    );
  /** Renders one person's page, live. */
  const render = (req: express.Request, res: express.Response, preread?: Preread) =>
    handle(req, res, fetchRequest(req, res, origin), options.getLoadContext(req, res, preread));

  /**
   * The kept answer for `key`, or the one this request renders (rendered once for all the
   * requests that ask meanwhile, see PageCache.getOrRender); null when it could not be kept.
   * `rendering` gives the answer rendered with stand-ins and how to cut it. A kept answer keeps
   * the route that rendered it, to label the requests it answers (metrics).
   */
  async function keptAnswer(
    res: express.Response,
    pages: PageCache,
    key: string,
    rendering: () => Promise<Response>,
    cut: (body: Buffer) => Template | null,
  ) {
    const renderedAt = pages.version;
    let own = null as Response | null;
    const { entry, rendered } = await pages.getOrRender(key, async () => {
      const response = await rendering();
      if (!PageCache.keepable(response)) {
        own = response;
        return null;
      }
      // Kept whole (not streamed) so the next request gets it from memory.
      const template = cut(Buffer.from(await response.arrayBuffer()));
      if (!template) return null;
      const { status, headers } = response;
      return pages.keep(key, { status, headers, template, route: routeLabel(res) }, renderedAt);
    });
    if (entry?.route) labelRoute(res, entry.route);
    return { entry, cached: rendered ? ("miss" as const) : ("hit" as const), own };
  }

  /** Answers a GET from the cache, or renders and keeps it; false: render it live instead. */
  async function fromCache(
    req: express.Request,
    res: express.Response,
    { pages, ...cache }: NonNullable<typeof options.cache>,
  ) {
    const nonce = cache.nonce(res);
    if (isCacheableRequest(req)) {
      const values = { nonce };
      // Cut at the nonce only, which needs no escaping: it always can be.
      const kept = await keptAnswer(
        res,
        pages,
        req.originalUrl,
        () => renderShared(req, res),
        (body) => cutTemplate(body, values, () => "raw"),
      );
      if (kept.entry)
        return sendFilled(req, res, kept.entry, { values, shared: true }, kept.cached);
      // Not a page that can be kept (a redirect, a 404): sent as it is, to this visitor only.
      setPrivateCacheHeaders(res);
      await send(res, kept.own ?? (await render(req, res)));
      return true;
    }
    if (!cache.shopper || !isShopperCandidate(req)) return false;
    const read = await cache.shopper(fetchHeaders(req), req.path);
    if (!read) return false;
    // A renewed session's cookie goes with whatever answers this request (ADR 027).
    const { setCookie = [], ...preread } = read;
    for (const cookie of setCookie) res.append("Set-Cookie", cookie);
    /** This shopper's own page, rendered live with what the preread found. */
    const renderOwn = async () => {
      setPrivateCacheHeaders(res);
      await send(res, await render(req, res, preread));
      return true;
    };
    // Their own review on the page: theirs alone.
    if (preread.ownContent) return renderOwn();
    const { user, cartCount } = preread;
    const shopper = shopperOf(user);
    if (!shopper.initials) return false; // drawn as an icon: not what the stand-in draws
    const { id, name, email, initials } = shopper;
    const values = { nonce, id, name, email, initials };
    const kept = await keptAnswer(
      res,
      pages,
      `${user.role}:${cartCount}:${req.originalUrl}`,
      () => renderShared(req, res, { user: standInUser(user.role), cartCount }),
      (body) => cutTemplate(body, { nonce, ...standIns }, encodingIn(req.path), STAND_IN_MARK),
    );
    if (kept.entry) return sendFilled(req, res, kept.entry, { values, shared: false }, kept.cached);
    // Not a page that can be kept (a redirect, an error): this shopper's own, rendered live.
    await kept.own?.body?.cancel();
    return renderOwn();
  }

  return async (req, res, next) => {
    try {
      if (cache && req.method === "GET" && (await fromCache(req, res, cache))) return;
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const limit = options.bodyLimit(req);
      if (hasBody && Number(req.get("content-length") ?? 0) > limit) {
        tooLarge(res, limit);
        return;
      }
      const body: BodyState = { exceeded: false, done: !hasBody };
      const request = fetchRequest(req, res, origin, {
        body: hasBody ? limitedBody(req, limit, body) : undefined,
      });
      const context = options.getLoadContext(req, res);
      const response = await handle(req, res, request, context);
      if (body.exceeded) {
        await response.body?.cancel();
        tooLarge(res, limit);
        return;
      }
      // Only a change that really happened empties the kept pages (ADR 027), in every process
      // (ADR 040): told before the answer goes, so the next page, from any process, shows it.
      if (cache && changedPublicPages(context)) await cache.pages.changed();
      // Answered without reading the whole body (a form refused by its size before reading
      // it): the rest of the body must not be read as the next request on this connection.
      if (!body.done) res.setHeader("Connection", "close");
      if (cache && isCacheablePath(req.path) && req.method === "GET") {
        // The same page for a signed-in customer (or a visitor with a cart) is theirs alone.
        setPrivateCacheHeaders(res);
      } else if (/\.data$/.test(req.path) && !response.headers.has("Cache-Control")) {
        // React Router's data requests (/x.data) of pages carry the visitor's name, cart and
        // reviews: never kept by a shared cache unless a route says otherwise.
        res.setHeader("Cache-Control", "private, no-store");
      }
      await send(res, response);
      if (hasBody) options.afterChange?.();
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
  // Cookies the server set already (a renewed session's) are kept beside the page's own.
  const set = res.getHeader("Set-Cookie");
  const already = set === undefined ? [] : Array.isArray(set) ? set : [String(set)];
  const cookies = [...already, ...response.headers.getSetCookie()];
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
