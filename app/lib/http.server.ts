import { data } from "react-router";
import { ZodError } from "zod";
import { DomainError, NotFound, TooManyRequests } from "./errors";
import { echoValues, type FieldErrors, type FormFailure, fieldErrorsOf } from "./forms";
import { stripLocale } from "./i18n/locales";

export const formUnreadableMessage = "The form could not be read";

/**
 * The posted form. A body that is not form data (JSON, plain text, broken multipart) is the
 * client's mistake: it becomes a 400 Response, never a 500. Every action reads its form here.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(formUnreadableMessage, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/** A refused form: status 400 (or the given one), field errors, and the typed values kept. */
export function formFailure(
  values: Record<string, string>,
  fieldErrors: FieldErrors,
  options: { formError?: string; status?: number; headers?: HeadersInit } = {},
) {
  const body: FormFailure = {
    ok: false,
    fieldErrors,
    values: echoValues(values),
    ...(options.formError ? { formError: options.formError } : {}),
  };
  return data(body, { status: options.status ?? 400, headers: options.headers });
}

/**
 * Turns a domain error (or a zod error) into the form response it stands for; anything else is
 * re-thrown and becomes a logged 500.
 */
export function failureFromError(error: unknown, values: Record<string, string>) {
  if (error instanceof ZodError) return formFailure(values, fieldErrorsOf(error));
  if (error instanceof DomainError) {
    return formFailure(values, error.fieldErrors, {
      formError: error.formError,
      status: error.status,
      headers:
        error instanceof TooManyRequests
          ? { "Retry-After": String(error.retryAfterSeconds) }
          : undefined,
    });
  }
  throw error;
}

/** True for a path that a browser resolves on this site: one slash, then not a slash or a
 * backslash (browsers read "\\" as "/"), and no control characters (browsers drop tabs and
 * line breaks, which could turn "/\t/x" into "//x"). */
function isLocalPath(path: string): boolean {
  const hasControl = [...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  return /^\/(?![/\\])/.test(path) && !hasControl;
}

/**
 * A same-site path to return to after sign-in; anything else becomes the fallback. The value is
 * normalised by the URL parser first and the *result* is checked again, so "/.//evil.example"
 * (which normalises to "//evil.example", a protocol-relative address) is refused.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !isLocalPath(to)) return fallback;
  try {
    const url = new URL(to, "http://same.site");
    if (url.origin !== "http://same.site") return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isLocalPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/**
 * The path of the page a form was posted from (the Referer), to go back to after a plain form
 * post; a missing, malformed or foreign-looking value gives the fallback. `withQuery` keeps the
 * page's query too (a filtered catalogue), when the Referer is this store's own address (our
 * Referrer-Policy sends the full address only to ourselves).
 */
export function refererPath(
  request: Request,
  fallback: string,
  { withQuery = false }: { withQuery?: boolean } = {},
): string {
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) return fallback;
  const from = new URL(referer);
  const sameOrigin = from.origin === new URL(request.url).origin;
  // Without the page's language prefix, as every path given to React Router (it adds it again).
  const path = sameOrigin ? stripLocale(from.pathname) : from.pathname;
  return safeRedirect(`${path}${withQuery && sameOrigin ? from.search : ""}`, fallback);
}

/** What a loader finds, or its page's 404 when the record is not there (a NotFound). */
export async function orNotFound<T>(find: () => Promise<T>): Promise<T> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 });
    throw error;
  }
}
