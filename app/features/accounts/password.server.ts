import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { account, user, verification } from "~/db/schema";
import type { Auth } from "~/lib/auth.server";
import { clientIp } from "~/lib/client-ip.server";
import { TooManyRequests, ValidationError } from "~/lib/errors";
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
 * True for an account made without a password (added by an admin, or brought over from the old
 * site by `npm run import:legacy`) that has not set one yet nor signed in with Google or Apple,
 * and is not banned: its sign-in cannot work until it sets a password.
 */
export async function awaitsFirstPassword(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .leftJoin(account, eq(account.userId, user.id))
    .where(and(eq(user.email, email), eq(user.banned, false), isNull(account.id)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Mails such an account the link to set its first password, within the reset form's limits: a
 * try beyond them sends nothing (the link mailed a moment ago still works).
 */
export async function mailFirstPasswordLink(
  { db, auth }: AccountServices,
  email: string,
  client: Client,
): Promise<void> {
  try {
    await consumeRateLimits(db, [
      { key: `reset:ip:${clientIp(client)}`, rule: rateRules.resetPerIp },
      { key: `reset:email:${email}`, rule: rateRules.resetPerEmail },
    ]);
  } catch (error) {
    if (error instanceof TooManyRequests) return;
    throw error;
  }
  await sendSetPasswordLink(auth, email);
}

/**
 * True while a reset (or set-password) link can still be used: better-auth keeps its token until
 * it is used or expires. The page says so when the link is opened, not after the form is filled.
 */
export async function isResetLinkUsable(db: Db, token: string): Promise<boolean> {
  // A NUL is in no token, and PostgreSQL cannot compare text with one (issue 27: a 500).
  if (!token || token.includes("\0")) return false;
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
