import { ValidationError } from "~/lib/errors";
import { accountMessages as m } from "./accounts.messages";
import type { ChangePasswordInput } from "./accounts.schema";
import { authErrorCode, cookieHeaders } from "./auth-errors.server";
import { clearRateLimit, consumeRateLimits, rateRules } from "./rate-limit.server";
import type { AccountServices, Client } from "./sign-in.server";

/** Renames the signed-in user of the client's session. */
export async function changeName(
  { auth }: Pick<AccountServices, "auth">,
  input: { name: string },
  client: Client,
): Promise<void> {
  await auth.api.updateUser({ body: { name: input.name }, headers: client.headers });
}

/**
 * Needs the current password; ends every other session of the user and renews this one (the
 * returned cookies). Wrong current passwords are counted per account (a stolen session cannot
 * guess it at leisure); the right one starts the count again.
 */
export async function changePassword(
  { db, auth }: AccountServices,
  input: ChangePasswordInput,
  actor: { id: string },
  client: Client,
): Promise<{ cookies: Headers }> {
  const limitKey = `change-password:user:${actor.id}`;
  await consumeRateLimits(db, [{ key: limitKey, rule: rateRules.changePasswordPerUser }]);
  try {
    const { headers } = await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: client.headers,
      returnHeaders: true,
    });
    await clearRateLimit(db, limitKey);
    return { cookies: cookieHeaders(headers) };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
      throw new ValidationError(m.currentPasswordWrong, {
        currentPassword: m.currentPasswordWrong,
      });
    }
    throw error;
  }
}
