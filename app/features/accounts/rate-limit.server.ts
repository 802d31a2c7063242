import { createHash } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { clientIp } from "~/lib/client-ip.server";
import { TooManyRequests } from "~/lib/errors";
import { accountMessages } from "./accounts.messages";

export type RateRule = { limit: number; windowSeconds: number };

/**
 * Attempts allowed per window. Counted per IP, per e-mail or per account, shared by all app
 * processes.
 */
export const rateRules = {
  signInPerIp: { limit: 30, windowSeconds: 15 * 60 },
  /** Wrong passwords for one e-mail from one address: then that address is stopped. */
  signInPerEmailAndIp: { limit: 8, windowSeconds: 15 * 60 },
  /** Wrong passwords for one e-mail from anywhere: from this many the e-mail is "under attack"
   * and an address that has failed for it waits before each next try (signInWaitUnderAttack); a
   * fresh address may try at once. */
  signInPerEmail: { limit: 8, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  signUpPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  resetPerIp: { limit: 10, windowSeconds: 60 * 60 },
  resetPerEmail: { limit: 3, windowSeconds: 60 * 60 },
  changePasswordPerUser: { limit: 5, windowSeconds: 15 * 60 },
  /** "Send the link again" (e-mail verification), per account. */
  verificationMailPerUser: { limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

/**
 * While an e-mail is under attack, the wait before an address that has failed for it may try
 * again, counted from its last try: a minute after its first wrong password, four times longer
 * after each further one, never longer than the window (ADR 014, amended in issue 20). An address
 * whose wrong passwords are older than the window counts as fresh again.
 */
export const signInWaitUnderAttack = { firstSeconds: 60, factor: 4, windowSeconds: 15 * 60 };

/** The wait (seconds) before the next try of an address with this many recent wrong passwords. */
export function waitAfterFailures(failures: number): number {
  const { firstSeconds, factor, windowSeconds } = signInWaitUnderAttack;
  return Math.min(firstSeconds * factor ** Math.max(failures - 1, 0), windowSeconds);
}

export type RateCheck = { key: string; rule: RateRule };

/**
 * The row key of a logical key (e.g. "sign-in:email:<address>"): its SHA-256 in hex, 64
 * characters whatever the caller put in, so no input can overflow the primary-key index.
 */
export function storedRateLimitKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The window's count of a key after counting one more attempt, and the seconds it has left. */
async function countAttempt(db: Db, logicalKey: string, rule: RateRule) {
  const key = storedRateLimitKey(logicalKey);
  const expired = sql`${rateLimits.windowStartedAt} <= now() - ${rule.windowSeconds} * interval '1 second'`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      elapsed: sql<number>`extract(epoch from now() - ${rateLimits.windowStartedAt})::float8`,
    });
  return {
    count: row?.count ?? 1,
    secondsLeft: Math.ceil(rule.windowSeconds - (row?.elapsed ?? 0)),
  };
}

/** The refusal of an attempt, saying when to try again. */
export function tooManyAttempts(retryAfterSeconds: number): TooManyRequests {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new TooManyRequests(accountMessages.tooManyAttempts(minutes), retryAfterSeconds);
}

/**
 * Counts one attempt against each key (a fixed window per key, atomically in one statement) and
 * throws TooManyRequests when any key is over its limit. Returns each key's count.
 */
export async function consumeRateLimits(db: Db, checks: RateCheck[]): Promise<number[]> {
  let retryAfter = 0;
  const counts: number[] = [];
  for (const { key, rule } of checks) {
    const { count, secondsLeft } = await countAttempt(db, key, rule);
    counts.push(count);
    if (count > rule.limit) retryAfter = Math.max(retryAfter, secondsLeft);
  }
  if (Math.random() < 0.01) {
    await db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStartedAt, sql`now() - interval '1 day'`));
  }
  if (retryAfter > 0) throw tooManyAttempts(retryAfter);
  return counts;
}

/**
 * A public form's limit per connection (contact, newsletter, "Notify me"): counts this client's
 * attempt under `scope` and refuses one over `rule` in the form's own words ("Please try again
 * in N minutes").
 */
export async function limitPerConnection(
  db: Db,
  scope: string,
  rule: RateRule,
  client: { headers: Headers },
  tooMany: (minutes: number) => string,
): Promise<void> {
  try {
    await consumeRateLimits(db, [{ key: `${scope}:ip:${clientIp(client)}`, rule }]);
  } catch (error) {
    if (error instanceof TooManyRequests) {
      throw new TooManyRequests(
        tooMany(Math.max(1, Math.ceil(error.retryAfterSeconds / 60))),
        error.retryAfterSeconds,
      );
    }
    throw error;
  }
}

/** Counts a failure against a key without refusing anything (see consumeRateLimits). */
export async function recordFailure(db: Db, key: string, rule: RateRule): Promise<void> {
  await countAttempt(db, key, rule);
}

/** A key's count in its current window (0 when none or expired), and the seconds left. */
export async function attemptsInWindow(db: Db, logicalKey: string, rule: RateRule) {
  const [row] = await db
    .select({
      count: rateLimits.count,
      elapsed: sql<number>`extract(epoch from now() - ${rateLimits.windowStartedAt})::float8`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, storedRateLimitKey(logicalKey)));
  if (!row || row.elapsed >= rule.windowSeconds) return { count: 0, secondsLeft: 0 };
  return { count: row.count, secondsLeft: Math.ceil(rule.windowSeconds - row.elapsed) };
}

/** Seconds since a key's row was last stamped, as the database measures it. */
const elapsedSeconds = sql<number>`extract(epoch from now() - ${rateLimits.windowStartedAt})::float8`;

/**
 * Records one more wrong password against a key that keeps when the last one came: its count goes
 * up (starting again when the last one is older than the wait's window) and its time is now.
 */
export async function recordFailureTime(db: Db, logicalKey: string): Promise<void> {
  const { windowSeconds } = signInWaitUnderAttack;
  const expired = sql`${rateLimits.windowStartedAt} <= now() - ${windowSeconds} * interval '1 second'`;
  await db
    .insert(rateLimits)
    .values({ key: storedRateLimitKey(logicalKey), count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`now()`,
      },
    });
}

/**
 * Claims the next try of a key kept by `recordFailureTime`, atomically, so that simultaneous
 * requests from one address get one try between them: allowed (0) when the key has no recent
 * wrong password or its wait since the last try has passed, and the try's time is stamped;
 * otherwise the seconds still to wait. A fresh key's claim also holds the next one back for the
 * first wait, until its try succeeds (the caller clears the key) or fails (recorded).
 */
export async function claimTryAfterFailures(db: Db, logicalKey: string): Promise<number> {
  const { firstSeconds, factor, windowSeconds } = signInWaitUnderAttack;
  const key = storedRateLimitKey(logicalKey);
  const expired = sql`${elapsedSeconds} >= ${windowSeconds}`;
  const wait = sql`least(${firstSeconds} * power(${factor}, greatest(${rateLimits.count} - 1, 0)), ${windowSeconds})`;
  const claimed = await db
    .insert(rateLimits)
    .values({ key, count: 0, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 0 else ${rateLimits.count} end`,
        windowStartedAt: sql`now()`,
      },
      setWhere: sql`${expired} or ${elapsedSeconds} >= ${wait}`,
    })
    .returning({ key: rateLimits.key });
  if (claimed.length > 0) return 0;
  const [row] = await db
    .select({ count: rateLimits.count, elapsed: elapsedSeconds })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  // Cleared meanwhile (the owner signed in): nothing to wait for.
  if (!row) return 0;
  return Math.max(1, Math.ceil(waitAfterFailures(row.count) - row.elapsed));
}

/** Forgets a key's count, e.g. an account's failed sign-ins once the right password is given. */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, storedRateLimitKey(key)));
}
