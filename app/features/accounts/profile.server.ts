import { type AppLoadContext, data } from "react-router";
import { TooManyRequests } from "~/lib/errors";
import { parseForm } from "~/lib/forms";
import { failureFromError, formFailure } from "~/lib/http.server";
import type { SessionUser } from "~/lib/session.server";
import { accountMessages as m } from "./accounts.messages";
import { changeNameSchema, changePasswordSchema } from "./accounts.schema";
import { authErrorCode, cookieHeaders } from "./auth-errors.server";
import { clearRateLimit, consumeRateLimits, rateRules } from "./rate-limit.server";

type Values = Record<string, string>;

export async function changeName(request: Request, context: AppLoadContext, values: Values) {
  const parsed = parseForm(changeNameSchema, values);
  if (!parsed.success) return formFailure(values, parsed.fieldErrors);
  await context.auth.api.updateUser({ body: { name: parsed.data.name }, headers: request.headers });
  return data({ ok: true as const, intent: "name", message: m.nameChanged });
}

/**
 * Needs the current password; ends every other session of the user and renews this one. Wrong
 * current passwords are counted per account (a stolen session cannot guess it at leisure); the
 * right one starts the count again.
 */
export async function changePassword(
  request: Request,
  context: AppLoadContext,
  person: Pick<SessionUser, "id">,
  values: Values,
) {
  const parsed = parseForm(changePasswordSchema, values);
  if (!parsed.success) return formFailure(values, parsed.fieldErrors);
  const limitKey = `change-password:user:${person.id}`;
  try {
    await consumeRateLimits(context.db, [{ key: limitKey, rule: rateRules.changePasswordPerUser }]);
    const { headers } = await context.auth.api.changePassword({
      body: {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
        revokeOtherSessions: true,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    await clearRateLimit(context.db, limitKey);
    return data(
      { ok: true as const, intent: "password", message: m.passwordChanged },
      { headers: cookieHeaders(headers) },
    );
  } catch (error) {
    if (error instanceof TooManyRequests) return failureFromError(error, values);
    const code = authErrorCode(error);
    if (code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
      return formFailure(values, { currentPassword: m.currentPasswordWrong });
    }
    throw error;
  }
}
