import path from "node:path";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { passwordMailComposer, verificationMailComposer } from "~/features/accounts/account-mail";
import { createAuth } from "~/lib/auth.server";
import { type Env, socialCredentials } from "~/lib/env.server";
import { createMailer } from "~/lib/mailer.server";
import { createLoggingNotifier } from "~/lib/notifier.server";
import { resolveAuthSecret } from "~/lib/secret.server";

/** The process-wide services made from the environment: mail and auth (server and CLI alike). */
export function createServices(env: Env, db: Db, logger?: Pick<Logger, "info" | "error">) {
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    outboxDir: path.join(env.DATA_DIR, "outbox"),
    from: env.MAIL_FROM,
    log: logger ? (message) => logger.info(message) : undefined,
  });
  // No SMS or WhatsApp provider yet: texts are logged (lib/notifier.server.ts).
  const notifier = createLoggingNotifier((message) => logger?.info(message));
  const social = socialCredentials(env);
  const secret = resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR);
  const auth = createAuth(db, {
    baseURL: env.BETTER_AUTH_URL,
    secret,
    production: env.NODE_ENV === "production",
    passwordMail: passwordMailComposer(db),
    verificationMail: verificationMailComposer(db),
    logger,
    ...social,
  });
  return {
    mailer,
    notifier,
    auth,
    secret,
    social: { google: Boolean(social.google), apple: Boolean(social.apple) },
  };
}
