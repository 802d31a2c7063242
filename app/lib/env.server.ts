import { existsSync } from "node:fs";
import { z } from "zod";

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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
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
