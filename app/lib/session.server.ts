import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { session, user } from "~/db/schema";
import type { Auth } from "./auth.server";
import { cookiePairs } from "./cookie-header";

export type SessionUser = { id: string; name: string; email: string; role: string };

/** The value of one cookie in a Cookie header, decoded; null if it is not there. */
function cookieValue(header: string | null, name: string): string | null {
  for (const [key, value] of cookiePairs(header)) {
    if (key !== name) continue;
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The session token of a cookie signed the way better-auth signs it (`token.base64(HMAC-SHA256)`),
 * or null when it is missing or its signature does not match.
 */
export function verifiedToken(signed: string | null, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The signed-in user of a request's headers (or null), and the cookies the answer must carry:
 * when better-auth renewed the session (it is a day old), its cookie is sent again with the new
 * expiry, so the browser keeps the session as long as the database does (ADR 027). Called once
 * per request, by the root middleware (request-state.server.ts); the page cache reads the same
 * with the cart's size (features/cart/preread.server.ts). Everything else reads the context.
 */
export async function readSignedIn(
  services: { auth: Auth; db: Db },
  headers: Headers,
): Promise<{ user: SessionUser | null; setCookie: string[] }> {
  const read = await readSession(services, headers, () => ({}));
  return { user: read?.user ?? null, setCookie: read?.setCookie ?? [] };
}

type Values<E> = { [K in keyof E]: E[K] extends SQL<infer T> ? T : never };

/**
 * `readSignedIn`, with more about the user read in the same query: `extra` gives SQL of the
 * user's id column. Its values are null when better-auth was asked instead (the caller reads
 * them itself then).
 *
 * Most requests carry a valid session that needs nothing done: for those it is one query (a
 * session joined to its user), where better-auth's getSession costs several times more (issue
 * 10). Anything else is left to better-auth, which knows what to do: no such session, an expired
 * one (deleted), or one due for renewal (its expiry moved on).
 */
export async function readSession<E extends Record<string, SQL>>(
  services: { auth: Auth; db: Db },
  headers: Headers,
  /** More columns read in the same query, of the user (and their session's token). */
  extra: (userId: typeof user.id, token: string) => E,
): Promise<{ user: SessionUser; extra: Values<E> | null; setCookie: string[] } | null> {
  const auth = await services.auth.$context;
  const token = verifiedToken(
    cookieValue(headers.get("cookie"), auth.authCookies.sessionToken.name),
    auth.secret,
  );
  if (!token) return null;
  const more = extra(user.id, token);
  const [found] = await services.db
    .select({
      user: { id: user.id, name: user.name, email: user.email, role: user.role },
      expiresAt: session.expiresAt,
      ...(Object.keys(more).length > 0 ? { extra: more } : {}),
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token));
  const now = Date.now();
  const { expiresIn, updateAge } = auth.sessionConfig;
  if (found && found.expiresAt.getTime() > now) {
    // better-auth renews a session once it is `updateAge` old: its expiry is then pushed on.
    const renewedAt = found.expiresAt.getTime() - expiresIn * 1000;
    if (renewedAt + updateAge * 1000 > now) {
      const values = ("extra" in found ? found.extra : {}) as Values<E>;
      return { user: found.user, extra: values, setCookie: [] };
    }
  }
  const read = await readThroughBetterAuth(services.auth, headers);
  return read && { user: read.user, extra: null, setCookie: read.setCookie };
}

/** better-auth's own read, for everything but a valid session that needs nothing done: it
 * deletes an expired one and renews one due for it, whose new cookie it gives back. */
async function readThroughBetterAuth(auth: Auth, headers: Headers) {
  const { headers: answer, response } = await auth.api.getSession({
    headers,
    returnHeaders: true,
  });
  if (!response) return null;
  const { id, name, email, role } = response.user as typeof response.user & {
    role?: string | null;
  };
  return { user: { id, name, email, role: role ?? "user" }, setCookie: answer.getSetCookie() };
}
