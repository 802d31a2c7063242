import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { verification } from "~/db/schema";
import type { Auth } from "~/lib/auth.server";
import { clientIp } from "~/lib/client-ip.server";
import { ValidationError } from "~/lib/errors";
import { WELCOME_MARKER } from "./account-mail";
import { accountMessages as m } from "./accounts.messages";
import { authErrorCode } from "./auth-errors.server";
import { consumeRateLimits, rateRules } from "./rate-limit.server";
import type { AccountServices, Client } from "./sign-in.server";

/**
 * Sends a reset link when the account exists. The answer is the same either way, so the form
 * cannot be used to find out who has an account.
 */
export async function requestPasswordReset(
  { db, auth }: AccountServices,
  input: { email: string },
  client: Client,
): Promise<void> {
  await consumeRateLimits(db, [
    { key: `reset:ip:${clientIp(client)}`, rule: rateRules.resetPerIp },
    { key: `reset:email:${input.email}`, rule: rateRules.resetPerEmail },
  ]);
  await auth.api.requestPasswordReset({
    body: { email: input.email, redirectTo: "/reset-password" },
  });
}

/** Sends a new account the link to choose its first password (the reset flow, welcome text). */
export async function sendSetPasswordLink(auth: Auth, email: string) {
  await auth.api.requestPasswordReset({
    body: { email, redirectTo: `/reset-password?${WELCOME_MARKER}` },
  });
}

/**
 * True while a reset (or set-password) link can still be used: better-auth keeps its token until
 * it is used or expires. The page says so when the link is opened, not after the form is filled.
 */
export async function isResetLinkUsable(db: Db, token: string): Promise<boolean> {
  if (!token) return false;
  const rows = await db
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, `reset-password:${token}`),
        gt(verification.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Sets a new password from a reset link; the link works once and expires. */
export async function resetPassword(
  { auth }: Pick<AccountServices, "auth">,
  input: { token: string; password: string },
): Promise<void> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (authErrorCode(error)) throw new ValidationError(m.resetInvalid);
    throw error;
  }
}
