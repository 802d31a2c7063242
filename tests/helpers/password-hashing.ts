import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHashing } from "~/lib/auth.server";

/**
 * Password hashing at a test's cost: scrypt with N = 2^10 instead of better-auth's 2^14 and
 * r = 1 instead of 16, about 0.1 ms instead of 60 ms a hash. The stored form says so ("test:"),
 * so a hash made here never passes for production's (auth-cost.int.test.ts proves the server
 * keeps better-auth's own). Only the test helpers and the crash and soak scripts (whose
 * accounts are signed in by session, never by password) pass this to `createAuth`; no Vitest
 * here, so plain scripts can import it.
 */
export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `test:${salt}:${(await testKey(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [kind, salt, key] = hash.split(":");
    if (kind !== "test" || !salt || !key) return false;
    return timingSafeEqual(await testKey(password, salt), Buffer.from(key, "hex"));
  },
};

function testKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 64, { N: 1024, r: 1, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}
