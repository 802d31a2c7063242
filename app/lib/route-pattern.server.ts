import type { MiddlewareFunction, RouterContextProvider } from "react-router";

/**
 * Notes the route pattern React Router matched (`/oneprod/:model`, `/*` for an unknown address)
 * on the request's context, first of the root middleware, so the server can label the request in
 * its metrics by the route and never by the address a visitor typed (which has no bound).
 */
export const routePatternMiddleware: MiddlewareFunction<Response> = (
  { context, pattern },
  next,
) => {
  if (context.matched) context.matched.pattern = pattern;
  return next();
};

/** The pattern the root middleware noted for this request; null when no route ran. */
export function matchedPattern(context: Readonly<RouterContextProvider>): string | null {
  return context.matched?.pattern ?? null;
}
