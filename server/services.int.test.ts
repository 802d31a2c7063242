import { scryptSync } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, user } from "~/db/schema";
import { loadEnv } from "~/lib/env.server";
import {
  createTestDatabase,
  type TestDatabase,
  testPasswordHashing,
} from "../tests/helpers/test-db";
import { createServices } from "./services";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

async function storedHash(email: string): Promise<string> {
  const [row] = await t.db
    .select({ password: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(eq(user.email, email));
  return row?.password ?? "";
}

describe("the server's and scripts' password hashing", () => {
  it("is better-auth's scrypt at full cost (N = 16384, r = 16), never the tests' cheap one", async () => {
    const env = loadEnv({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "store-services-")),
      BETTER_AUTH_SECRET: "services-test-secret-0123456789abcdef",
    });
    const { auth } = createServices(env, t.db);
    const password = "Production-cost-1";
    await auth.api.signUpEmail({
      body: { name: "Cost Check", email: "cost@example.in", password },
    });

    const stored = await storedHash("cost@example.in");
    const [salt, key] = stored.split(":");
    expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    // The key is exactly scrypt at better-auth's cost: a cheaper setting gives another key.
    const expected = scryptSync(password.normalize("NFKC"), salt ?? "", 64, {
      N: 16384,
      r: 16,
      p: 1,
      maxmem: 128 * 16384 * 16 * 2,
    });
    expect(key).toBe(expected.toString("hex"));
    expect(await verifyPassword({ hash: stored, password })).toBe(true);

    // Neither hashing accepts the other's hashes.
    expect(await testPasswordHashing.verify({ hash: stored, password })).toBe(false);
    const cheap = await testPasswordHashing.hash(password);
    expect(cheap).toMatch(/^test:/);
    await expect(verifyPassword({ hash: cheap, password })).resolves.toBe(false);
  });
});
