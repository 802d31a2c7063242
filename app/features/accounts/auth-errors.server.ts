import { APIError } from "better-auth/api";

/** The error code better-auth put on a failed call, e.g. "INVALID_EMAIL_OR_PASSWORD". */
export function authErrorCode(error: unknown): string | null {
  if (error instanceof APIError) {
    const code = (error.body as { code?: unknown } | undefined)?.code;
    return typeof code === "string" ? code : error.status.toString();
  }
  return null;
}

/** Only the Set-Cookie headers of a better-auth answer, to pass on with our own response. */
export function cookieHeaders(headers: Headers | null | undefined): Headers {
  const out = new Headers();
  for (const cookie of headers?.getSetCookie() ?? []) out.append("Set-Cookie", cookie);
  return out;
}
