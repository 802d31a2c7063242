import type { HeadersFunction } from "react-router";

/**
 * A page's own answer headers: what its loader or action said (e.g. `Retry-After` on a 429,
 * a Cache-Control), on top of the parent's. Without a `headers` export React Router passes on
 * only cookies, so every page with a form action exports this as `headers`.
 */
export const passHeaders: HeadersFunction = ({
  parentHeaders,
  loaderHeaders,
  actionHeaders,
  errorHeaders,
}) => {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    for (const [key, value] of source ?? []) {
      if (key !== "set-cookie") headers.set(key, value);
    }
  }
  return headers;
};
