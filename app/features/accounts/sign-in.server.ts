import { type AppLoadContext, redirect } from "react-router";
import { claimGuestCart } from "~/features/cart/claim-cart.server";
import { TooManyRequests } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms";
import { failureFromError, formFailure, safeRedirect } from "~/lib/http.server";
import { accountMessages as m } from "./accounts.messages";
import { loginSchema, signupSchema } from "./accounts.schema";
import { authErrorCode, cookieHeaders } from "./auth-errors.server";
import { clearRateLimit, clientIp, consumeRateLimits, rateRules } from "./rate-limit.server";
import { isEmailRegistered } from "./users.server";

/** Log in with e-mail and password: the same answer for an unknown e-mail and a wrong password. */
export async function signIn(
  request: Request,
  context: AppLoadContext,
  values: Record<string, string>,
) {
  const redirectTo = safeRedirect(values.redirectTo);
  const parsed = parseForm(loginSchema, values);
  if (!parsed.success) {
    // Too long to be an account's: the same answer as any wrong e-mail or password.
    if (Object.values(parsed.fieldErrors).includes(m.invalidCredentials))
      return formFailure(values, {}, { formError: m.invalidCredentials });
    return formFailure(values, parsed.fieldErrors, { formError: m.fillEveryField });
  }
  const email = parsed.data.email.toLowerCase();
  const emailKey = `sign-in:email:${email}`;
  try {
    await consumeRateLimits(context.db, [
      { key: `sign-in:ip:${clientIp(request)}`, rule: rateRules.signInPerIp },
      { key: emailKey, rule: rateRules.signInPerEmail },
    ]);
    const { headers, response } = await context.auth.api.signInEmail({
      body: { email, password: parsed.data.password },
      headers: request.headers,
      returnHeaders: true,
    });
    // The per-account count is of guesses: the right password starts it again, so an owner who
    // signs in often (several devices) is never locked out. The per-IP count is left as it is.
    await clearRateLimit(context.db, emailKey);
    const cookies = cookieHeaders(headers);
    const forgetGuestCart = await claimGuestCart(request, context.db, response.user.id);
    if (forgetGuestCart) cookies.append("Set-Cookie", forgetGuestCart);
    return redirectWithFlash(redirectTo, { type: "success", message: m.loggedIn }, cookies);
  } catch (error) {
    if (error instanceof TooManyRequests) return failureFromError(error, values);
    const code = authErrorCode(error);
    if (code === "BANNED_USER")
      return formFailure(values, {}, { formError: m.banned, status: 403 });
    if (code) return formFailure(values, {}, { formError: m.invalidCredentials });
    throw error;
  }
}

/** Start Google or Apple sign-in: better-auth gives the provider's URL and a state cookie. */
export async function signInWithProvider(
  request: Request,
  context: AppLoadContext,
  provider: "google" | "apple",
  values: Record<string, string>,
) {
  if (!context.social[provider])
    return formFailure(values, {}, { formError: m.invalidCredentials });
  const { headers, response } = await context.auth.api.signInSocial({
    body: { provider, callbackURL: safeRedirect(values.redirectTo), errorCallbackURL: "/login" },
    headers: request.headers,
    returnHeaders: true,
  });
  if (!response.url) return formFailure(values, {}, { formError: m.invalidCredentials });
  return redirect(response.url, { headers: cookieHeaders(headers) });
}

/** Register a customer. Only name, e-mail and password are read: a posted role is ignored. */
export async function signUp(
  request: Request,
  context: AppLoadContext,
  values: Record<string, string>,
) {
  const parsed = parseForm(signupSchema, values);
  if (!parsed.success) return formFailure(values, parsed.fieldErrors);
  const { name, email, password } = parsed.data;
  try {
    await consumeRateLimits(context.db, [
      { key: `sign-up:ip:${clientIp(request)}`, rule: rateRules.signUpPerIp },
      { key: `sign-up:email:${email}`, rule: rateRules.signUpPerEmail },
    ]);
    // better-auth answers a duplicate sign-up with a generic success (autoSignIn is off), so the
    // rule "e-mail not already registered" is checked here to show it next to the field.
    if (await isEmailRegistered(context.db, email)) {
      return formFailure(values, { email: m.emailTaken });
    }
    await context.auth.api.signUpEmail({
      body: { name, email, password },
      headers: request.headers,
    });
  } catch (error) {
    if (error instanceof TooManyRequests) return failureFromError(error, values);
    const code = authErrorCode(error);
    if (code?.startsWith("USER_ALREADY_EXISTS")) {
      return formFailure(values, { email: m.emailTaken });
    }
    if (code === "PASSWORD_TOO_SHORT") return formFailure(values, { password: m.passwordTooShort });
    if (code === "PASSWORD_TOO_LONG") return formFailure(values, { password: m.passwordTooLong });
    if (code === "INVALID_EMAIL") return formFailure(values, { email: m.emailInvalid });
    throw error;
  }
  const redirectTo = safeRedirect(values.redirectTo, "");
  const login = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
  return redirectWithFlash(login, { type: "success", message: m.registered });
}
