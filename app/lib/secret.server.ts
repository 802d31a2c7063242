import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The auth secret: BETTER_AUTH_SECRET when set; otherwise one generated on first start and kept
 * in DATA_DIR so sessions survive restarts of a single-machine store.
 */
export function resolveAuthSecret(envSecret: string | undefined, dataDir: string): string {
  if (envSecret) return envSecret;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
