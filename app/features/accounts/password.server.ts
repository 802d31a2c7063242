import type { AppLoadContext } from "react-router";
import { data } from "react-router";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms";
import { failureFromError, formFailure } from "~/lib/http.server";
import { WELCOME_MARKER } from "./account-mail";
import { accountMessages as m } from "./accounts.messages";
import { forgotPasswordSchema, resetPasswordSchema } from "./accounts.schema";
import { authErrorCode } from "./auth-errors.server";
import { clientIp, consumeRateLimits, rateRules } from "./rate-limit.server";

/**
 * Sends a reset link when the account exists. The answer is the same either way, so the form
 * cannot be used to find out who has an account.
 */
export async function requestPasswordReset(
  request: Request,
  context: AppLoadContext,
  values: Record<string, string>,
) {
  const parsed = parseForm(forgotPasswordSchema, values);
  if (!parsed.success) return formFailure(values, parsed.fieldErrors);
  const { email } = parsed.data;
  try {
    await consumeRateLimits(context.db, [
      { key: `reset:ip:${clientIp(request)}`, rule: rateRules.resetPerIp },
      { key: `reset:email:${email}`, rule: rateRules.resetPerEmail },
    ]);
  } catch (error) {
    return failureFromError(error, values);
  }
  await context.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
  return data({ ok: true as const, message: m.resetSent });
}

/** Sends a new account the link to choose its first password (the reset flow, welcome text). */
export async function sendSetPasswordLink(context: AppLoadContext, email: string) {
  await context.auth.api.requestPasswordReset({
    body: { email, redirectTo: `/reset-password?${WELCOME_MARKER}` },
  });
}

/** Sets a new password from a reset link; the link works once and expires. */
export async function resetPassword(context: AppLoadContext, values: Record<string, string>) {
  const parsed = parseForm(resetPasswordSchema, values);
  if (!parsed.success) {
    const { token, ...fieldErrors } = parsed.fieldErrors;
    return formFailure(values, fieldErrors, { formError: token });
  }
  try {
    await context.auth.api.resetPassword({
      body: { token: parsed.data.token, newPassword: parsed.data.password },
    });
  } catch (error) {
    if (authErrorCode(error)) return formFailure(values, {}, { formError: m.resetInvalid });
    throw error;
  }
  return redirectWithFlash("/login", { type: "success", message: m.passwordReset });
}
