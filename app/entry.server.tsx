import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Whole documents for search engines, and for a page kept for many (ADR 027): it is
    // buffered whole anyway, and rendered without the asker's User-Agent.
    const waitForAll =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext.sharedRender;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const onReady = () => {
      shellRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          callback();
        },
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // Pages carry the visitor's name and cart: never stored by shared caches.
      if (!responseHeaders.has("Cache-Control")) {
        responseHeaders.set("Cache-Control", "private, no-cache");
      }
      pipe(body);
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: onReady } : { onShellReady: onReady }),
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.logger.error({ err: error }, "render error");
        },
      },
    );
  });
}

/**
 * Logs what went wrong in a loader or action. A visitor's mistake answered with a 4xx (a POST to
 * a page without a form, 405; a page that is not there, 404) is not the store's error: it is
 * logged at the info level, so the error log holds only what needs a developer.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    context.logger.info({ status: error.status, url: request.url }, "request refused");
    return;
  }
  context.logger.error({ err: error, url: request.url }, "unhandled error in loader or action");
};
