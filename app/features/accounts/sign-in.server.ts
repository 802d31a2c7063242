import type { Db } from "~/db/client.server";
import type { Auth } from "~/lib/auth.server";
import { clientIp } from "~/lib/client-ip.server";
import { Forbidden, ValidationError } from "~/lib/errors";
import { accountMessages as m } from "./accounts.messages";
import type { LoginInput, SignupInput } from "./accounts.schema";
import { authErrorCode, cookieHeaders } from "./auth-errors.server";
import { clearRateLimit, consumeRateLimits, rateRules } from "./rate-limit.server";
import { isEmailRegistered } from "./users.server";

/** The services the account functions use. */
export type AccountServices = { db: Db; auth: Auth };
/** The browser making the request: its headers (session cookie, client address). */
export type Client = { headers: Headers };

/**
 * Log in with e-mail and password: the same answer for an unknown e-mail and a wrong password.
 * Returns the signed-in user's id and the session cookies to send.
 */
export async function signIn(
  { db, auth }: AccountServices,
  input: LoginInput,
  client: Client,
): Promise<{ userId: string; cookies: Headers }> {
  const email = input.email.toLowerCase();
  const emailKey = `sign-in:email:${email}`;
  await consumeRateLimits(db, [
    { key: `sign-in:ip:${clientIp(client)}`, rule: rateRules.signInPerIp },
    { key: emailKey, rule: rateRules.signInPerEmail },
  ]);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password: input.password },
      headers: client.headers,
      returnHeaders: true,
    });
    // The per-account count is of guesses: the right password starts it again, so an owner who
    // signs in often (several devices) is never locked out. The per-IP count is left as it is.
    await clearRateLimit(db, emailKey);
    return { userId: response.user.id, cookies: cookieHeaders(headers) };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "BANNED_USER") throw new Forbidden(m.banned);
    if (code) throw new ValidationError(m.invalidCredentials);
    throw error;
  }
}

/** Starts Google or Apple sign-in: the provider's address and better-auth's state cookie. */
export async function startProviderSignIn(
  { auth }: Pick<AccountServices, "auth">,
  input: { provider: "google" | "apple"; configured: boolean; returnTo: string },
  client: Client,
): Promise<{ url: string; cookies: Headers }> {
  if (!input.configured) throw new ValidationError(m.invalidCredentials);
  const { headers, response } = await auth.api.signInSocial({
    body: { provider: input.provider, callbackURL: input.returnTo, errorCallbackURL: "/login" },
    headers: client.headers,
    returnHeaders: true,
  });
  if (!response.url) throw new ValidationError(m.invalidCredentials);
  return { url: response.url, cookies: cookieHeaders(headers) };
}

/** Registers a customer. Only name, e-mail and password are read: a posted role is ignored. */
export async function signUp(
  { db, auth }: AccountServices,
  input: SignupInput,
  client: Client,
): Promise<void> {
  const { name, email, password } = input;
  await consumeRateLimits(db, [
    { key: `sign-up:ip:${clientIp(client)}`, rule: rateRules.signUpPerIp },
    { key: `sign-up:email:${email}`, rule: rateRules.signUpPerEmail },
  ]);
  // better-auth answers a duplicate sign-up with a generic success (autoSignIn is off), so the
  // rule "e-mail not already registered" is checked here to show it next to the field.
  if (await isEmailRegistered(db, email)) {
    throw new ValidationError(m.emailTaken, { email: m.emailTaken });
  }
  try {
    await auth.api.signUpEmail({ body: { name, email, password }, headers: client.headers });
  } catch (error) {
    const code = authErrorCode(error);
    if (code?.startsWith("USER_ALREADY_EXISTS")) {
      throw new ValidationError(m.emailTaken, { email: m.emailTaken });
    }
    if (code === "PASSWORD_TOO_SHORT") {
      throw new ValidationError(m.passwordTooShort, { password: m.passwordTooShort });
    }
    if (code === "PASSWORD_TOO_LONG") {
      throw new ValidationError(m.passwordTooLong, { password: m.passwordTooLong });
    }
    if (code === "INVALID_EMAIL") {
      throw new ValidationError(m.emailInvalid, { email: m.emailInvalid });
    }
    throw error;
  }
}

/** Ends the client's session on the server; returns the headers that clear its cookie. */
export async function signOut({ auth }: Pick<AccountServices, "auth">, client: Client) {
  try {
    const { headers } = await auth.api.signOut({ headers: client.headers, returnHeaders: true });
    return cookieHeaders(headers);
  } catch (error) {
    // No session (already signed out): nothing to end.
    if (authErrorCode(error)) return new Headers();
    throw error;
  }
}
