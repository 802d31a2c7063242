import { existsSync } from "node:fs";
import { z } from "zod";
import type { S3Settings } from "./s3-storage.server";

const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * How many reverse proxies in front of the store to trust: "false" (none, the default), a hop
 * count ("1", "2"), or "true" meaning one (what older configurations wrote). Express then takes
 * the client address from that many entries from the right of X-Forwarded-For, never from the
 * left-most entry, which the client writes itself.
 */
const proxyHops = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(true|false|yes|no|\d{1,2})$/, "use false, true (one proxy) or a number of proxies")
  .transform((v) => {
    if (v === "true" || v === "yes") return 1;
    if (v === "false" || v === "no") return 0;
    return Number(v);
  });

/** A key prefix in the bucket: path segments ending in "/" ("shop/", "a/b/"), or empty. */
const keyPrefix = z
  .string()
  .trim()
  .regex(/^([A-Za-z0-9._-]+\/)*$/, 'use folder names ending in "/", such as shop/');

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  BETTER_AUTH_URL: z.url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TRUST_PROXY: proxyHops.default(0),
  /** A name for this process among several behind a load balancer, sent as `X-Served-By`. */
  APP_INSTANCE: z
    .string()
    .regex(/^[\w.-]{1,64}$/, "use up to 64 letters, digits, dots, dashes or underscores")
    .optional(),
  SEED_ON_START: booleanish.default(true),
  DEMO_ADMIN_EMAIL: z.email().default("admin@urjacell.in"),
  /** Unset: a documented password on localhost, a random one elsewhere (see demoAdmin). */
  DEMO_ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default("UrjaCell <no-reply@urjacell.in>"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** When set, /metrics answers only a scrape that sends it as `Authorization: Bearer` (ADR 044). */
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^\S{16,200}$/, "use 16 to 200 characters without spaces (e.g. openssl rand -hex 32)")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Uploads in an S3-compatible bucket when S3_BUCKET is set (ADR 041); DATA_DIR/uploads otherwise. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "not a bucket name (3 to 63 of a-z 0-9 . -)")
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  S3_PREFIX: keyPrefix.default(""),
});

export type Env = z.infer<typeof envSchema> & { BETTER_AUTH_URL: string };

/** Reads and validates the environment once; a bad value stops start-up with a clear sentence. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new Error(`Invalid environment configuration (${problems}). See .env.example.`);
  }
  const env = parsed.data;
  const s3Problem = s3SettingsProblem(cleaned);
  if (s3Problem) {
    throw new Error(`Invalid environment configuration (${s3Problem}). See .env.example.`);
  }
  return { ...env, BETTER_AUTH_URL: env.BETTER_AUTH_URL ?? `http://localhost:${env.PORT}` };
}

/** Reads ./.env into process.env when it exists; variables already set win over the file. */
export function loadDotEnv(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** A social provider's credentials when both its id and its secret are set. */
export function socialCredentials(env: Env) {
  const pair = (clientId?: string, clientSecret?: string) =>
    clientId && clientSecret ? { clientId, clientSecret } : undefined;
  return {
    google: pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
    apple: pair(env.APPLE_CLIENT_ID, env.APPLE_CLIENT_SECRET),
  };
}

/** True for a host name of this machine: localhost, 127.x.x.x or ::1 (brackets allowed). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/** What is wrong with the S3_* variables taken together (each alone is checked by the schema). */
function s3SettingsProblem(source: Record<string, string | undefined>): string | undefined {
  const named = Object.keys(source).filter((name) => name.startsWith("S3_"));
  if (named.length > 0 && !source.S3_BUCKET) {
    return `S3_BUCKET: required when ${named.join(", ")} ${named.length > 1 ? "are" : "is"} set`;
  }
  if (Boolean(source.S3_ACCESS_KEY_ID) !== Boolean(source.S3_SECRET_ACCESS_KEY)) {
    return "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the SDK's own credentials";
  }
  return undefined;
}

/** The bucket uploads go to, or undefined when they stay on the local disk. */
export function s3Settings(env: Env): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
  };
}
