import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "~/db/schema";
import { clientIp } from "~/lib/client-ip.server";
import { TooManyRequests } from "~/lib/errors";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { accountMessages } from "./accounts.messages";
import {
  claimTryAfterFailures,
  clearRateLimit,
  consumeRateLimits,
  type RateRule,
  recordFailureTime,
  storedRateLimitKey,
  waitAfterFailures,
} from "./rate-limit.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const tenMinutes: RateRule = { limit: 3, windowSeconds: 600 };

/** The error a call throws, or null when it is allowed. */
async function attempt(checks: Parameters<typeof consumeRateLimits>[1]) {
  try {
    await consumeRateLimits(t.db, checks);
    return null;
  } catch (error) {
    if (error instanceof TooManyRequests) return error;
    throw error;
  }
}

async function attempts(n: number, checks: Parameters<typeof consumeRateLimits>[1]) {
  const results: (TooManyRequests | null)[] = [];
  for (let i = 0; i < n; i++) results.push(await attempt(checks));
  return results;
}

/** Moves a key's window start back by the given number of seconds. */
async function ageWindow(key: string, seconds: number) {
  await t.db
    .update(rateLimits)
    .set({ windowStartedAt: sql`${rateLimits.windowStartedAt} - ${seconds} * interval '1 second'` })
    .where(eq(rateLimits.key, storedRateLimitKey(key)));
}

async function countOf(key: string) {
  const [row] = await t.db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, storedRateLimitKey(key)));
  return row?.count;
}

describe("consumeRateLimits", () => {
  it("allows `limit` attempts, then refuses with the wait and a readable message", async () => {
    const checks = [{ key: "test:basic", rule: tenMinutes }];
    const results = await attempts(3, checks);
    expect(results).toEqual([null, null, null]);

    const refused = await attempt(checks);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect(refused?.status).toBe(429);
    // Almost the whole ten-minute window is left.
    expect(refused?.retryAfterSeconds).toBeGreaterThan(590);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(refused?.message).toBe(accountMessages.tooManyAttempts(10));
    expect(refused?.message).toBe("Too many attempts. Please wait 10 minutes and try again.");

    // It keeps refusing within the window.
    expect(await attempt(checks)).toBeInstanceOf(TooManyRequests);
  });

  it("tells how long is left of the window, not the whole window", async () => {
    const key = "test:partial";
    const checks = [{ key, rule: tenMinutes }];
    await attempts(3, checks);
    await ageWindow(key, 7 * 60 + 30);
    const refused = await attempt(checks);
    // 150 s left: rounded up to 3 minutes.
    expect(refused?.retryAfterSeconds).toBeGreaterThan(140);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(150);
    expect(refused?.message).toBe(accountMessages.tooManyAttempts(3));
  });

  it("says 1 minute (singular) when less than a minute is left", async () => {
    const key = "test:last-minute";
    const checks = [{ key, rule: tenMinutes }];
    await attempts(3, checks);
    await ageWindow(key, 590);
    const refused = await attempt(checks);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(10);
    expect(refused?.message).toBe("Too many attempts. Please wait 1 minute and try again.");
  });

  it("counts each key on its own", async () => {
    const a = [{ key: "test:key-a", rule: tenMinutes }];
    const b = [{ key: "test:key-b", rule: tenMinutes }];
    await attempts(3, a);
    expect(await attempt(a)).toBeInstanceOf(TooManyRequests);
    expect(await attempts(3, b)).toEqual([null, null, null]);
    expect(await attempt(b)).toBeInstanceOf(TooManyRequests);
  });

  it("starts counting again once the window has passed", async () => {
    const key = "test:window";
    const checks = [{ key, rule: tenMinutes }];
    await attempts(3, checks);
    expect(await attempt(checks)).toBeInstanceOf(TooManyRequests);

    await ageWindow(key, 601);
    expect(await attempts(3, checks)).toEqual([null, null, null]);
    expect(await countOf(key)).toBe(3);
    const refused = await attempt(checks);
    expect(refused).toBeInstanceOf(TooManyRequests);
    // The new window started at the first attempt after the old one ended.
    expect(refused?.retryAfterSeconds).toBeGreaterThan(590);
  });

  it("does not reset a window that has not quite passed", async () => {
    const key = "test:not-yet";
    const checks = [{ key, rule: tenMinutes }];
    await attempts(3, checks);
    await ageWindow(key, 595);
    expect(await attempt(checks)).toBeInstanceOf(TooManyRequests);
  });

  it("with two checks, refuses as soon as the stricter one is over", async () => {
    const checks = [
      { key: "test:ip:10.0.0.1", rule: { limit: 10, windowSeconds: 3600 } },
      { key: "test:email:a@b.in", rule: { limit: 2, windowSeconds: 300 } },
    ];
    expect(await attempts(2, checks)).toEqual([null, null]);
    const refused = await attempt(checks);
    expect(refused).toBeInstanceOf(TooManyRequests);
    // The wait is that of the check that is over (five minutes), not the other one's hour.
    expect(refused?.retryAfterSeconds).toBeGreaterThan(290);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(300);
    expect(refused?.message).toBe(accountMessages.tooManyAttempts(5));
  });

  it("with two checks over their limits, makes the caller wait for the longer one", async () => {
    const checks = [
      { key: "test:both:long", rule: { limit: 1, windowSeconds: 3600 } },
      { key: "test:both:short", rule: { limit: 1, windowSeconds: 60 } },
    ];
    await attempt(checks);
    const refused = await attempt(checks);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(3590);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(refused?.message).toBe(accountMessages.tooManyAttempts(60));
  });

  it("counts the attempt against every key of the call", async () => {
    const checks = [
      { key: "test:every:a", rule: tenMinutes },
      { key: "test:every:b", rule: tenMinutes },
    ];
    await attempts(2, checks);
    expect(await countOf("test:every:a")).toBe(2);
    expect(await countOf("test:every:b")).toBe(2);
  });
});

describe("the wait after wrong passwords (an e-mail under attack)", () => {
  it("grows from a minute, four times with each wrong password, up to the window", () => {
    expect([0, 1, 2, 3, 4, 8].map(waitAfterFailures)).toEqual([60, 60, 240, 900, 900, 900]);
  });

  it("lets a fresh key try at once and holds the next try back until the first one ends", async () => {
    const key = "test:wait:fresh";
    expect(await claimTryAfterFailures(t.db, key)).toBe(0);
    const held = await claimTryAfterFailures(t.db, key);
    expect(held).toBeGreaterThan(55);
    expect(held).toBeLessThanOrEqual(60);
    // The try succeeded: the caller clears the key, and the next try goes at once.
    await clearRateLimit(t.db, key);
    expect(await claimTryAfterFailures(t.db, key)).toBe(0);
  });

  it("counts the wait from the last wrong password, and forgets failures older than the window", async () => {
    const key = "test:wait:failures";
    await recordFailureTime(t.db, key);
    await recordFailureTime(t.db, key);
    expect(await countOf(key)).toBe(2);
    expect(await claimTryAfterFailures(t.db, key)).toBeGreaterThan(235);
    await ageWindow(key, 240);
    expect(await claimTryAfterFailures(t.db, key)).toBe(0);
    // Fifteen minutes after the last try the address counts as fresh: one wrong password is one.
    await ageWindow(key, 900);
    await recordFailureTime(t.db, key);
    expect(await countOf(key)).toBe(1);
  });
});

describe("rate-limit keys", () => {
  it("counts and clears a key of any length (stored as a fixed-length digest)", async () => {
    // Random text does not compress: stored as it is, it would overflow the primary-key index.
    const key = `test:long:${randomBytes(6000).toString("base64")}`;
    const checks = [{ key, rule: tenMinutes }];
    expect(await attempts(3, checks)).toEqual([null, null, null]);
    expect(await attempt(checks)).toBeInstanceOf(TooManyRequests);
    await clearRateLimit(t.db, key);
    expect(await attempt(checks)).toBeNull();
    const stored = await t.db.select({ key: rateLimits.key }).from(rateLimits);
    for (const row of stored) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps different logical keys apart", () => {
    expect(storedRateLimitKey("sign-in:email:a@b.in")).not.toBe(
      storedRateLimitKey("sign-in:email:a@b.in "),
    );
    expect(storedRateLimitKey("x")).toBe(storedRateLimitKey("x"));
  });
});

describe("clientIp", () => {
  it("takes the first address of x-forwarded-for", () => {
    const request = new Request("http://localhost/", {
      headers: { "x-forwarded-for": " 203.0.113.7 , 10.0.0.1" },
    });
    expect(clientIp(request)).toBe("203.0.113.7");
  });

  const from = (address: string) =>
    clientIp(new Request("http://localhost/", { headers: { "x-forwarded-for": address } }));

  it("keeps an IPv4 address as it is, also when written as IPv6", () => {
    expect(from("198.51.100.23")).toBe("198.51.100.23");
    expect(from("::ffff:198.51.100.23")).toBe("198.51.100.23");
  });

  it("keys an IPv6 client by its /64, however the address is written", () => {
    const key = from("2001:db8:aa:bb:1:2:3:4");
    expect(key).toBe("2001:db8:aa:bb::/64");
    expect(from("2001:0db8:00aa:00BB:ffff::1")).toBe(key);
    expect(from("2001:db8:aa:bb::")).toBe(key);
    expect(from("2001:db8:aa:bb:1::9%eth0")).toBe(key);
    expect(from("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(from("::1")).toBe("0:0:0:0::/64");
    expect(from("2001:db8:aa:bc::1")).not.toBe(key);
  });

  it("falls back to 'unknown' without the header", () => {
    expect(clientIp(new Request("http://localhost/"))).toBe("unknown");
  });
});
