import path from "node:path";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { createAuth } from "./auth.server";
import { type Env, socialCredentials } from "./env.server";
import { createMailer } from "./mailer.server";
import { resolveAuthSecret } from "./secret.server";

/** The process-wide services made from the environment: mail and auth (server and CLI alike). */
export function createServices(env: Env, db: Db, logger?: Pick<Logger, "info" | "error">) {
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    outboxDir: path.join(env.DATA_DIR, "outbox"),
    from: env.MAIL_FROM,
    log: logger ? (message) => logger.info(message) : undefined,
  });
  const social = socialCredentials(env);
  const auth = createAuth(db, {
    baseURL: env.BETTER_AUTH_URL,
    secret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR),
    production: env.NODE_ENV === "production",
    mailer,
    logger,
    ...social,
  });
  return { mailer, auth, social: { google: Boolean(social.google), apple: Boolean(social.apple) } };
}
