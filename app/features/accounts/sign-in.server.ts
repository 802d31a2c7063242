import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { session } from "~/db/schema";
import type { Auth } from "~/lib/auth.server";
import { clientIp } from "~/lib/client-ip.server";
import { Forbidden, ValidationError } from "~/lib/errors";
import type { Locale } from "~/lib/i18n/locales";
import { accountMessages as m } from "./accounts.messages";
import type { LoginInput, SignupInput } from "./accounts.schema";
import { authErrorCode, cookieHeaders } from "./auth-errors.server";
import { awaitsFirstPassword, mailFirstPasswordLink } from "./password.server";
import {
  attemptsInWindow,
  claimTryAfterFailures,
  clearRateLimit,
  consumeRateLimits,
  rateRules,
  recordFailure,
  recordFailureTime,
  tooManyAttempts,
} from "./rate-limit.server";
import { isEmailRegistered } from "./users.server";

/** The services the account functions use. */
export type AccountServices = { db: Db; auth: Auth };
/** The browser making the request: its headers (session cookie, client address). */
export type Client = { headers: Headers };

/** The sign-in counters of an e-mail and a client address (rate_limits keys). */
export function signInKeys(email: string, ip: string) {
  return {
    /** Every try from the address, right or wrong. */
    ip: `sign-in:ip:${ip}`,
    /** Tries at the e-mail from the address, until the right password. */
    pair: `sign-in:email-ip:${email}|${ip}`,
    /** Wrong passwords for the e-mail from anywhere. */
    email: `sign-in:email:${email}`,
    /** The address's recent wrong passwords for the e-mail, and when its last try was. */
    lastFailure: `sign-in:email-ip-failed:${email}|${ip}`,
  };
}

/**
 * Log in with e-mail and password: the same answer for an unknown e-mail and a wrong password.
 * Returns the signed-in user's id and the session cookies to send; a session this browser
 * already had (another account, or the same) is ended.
 *
 * Guessing is braked without letting anyone lock the owner out (ADR 014, amended in issue 20):
 * 30 attempts per address, 8 tries at one e-mail from one address; and while an e-mail has had 8
 * wrong passwords from anywhere, an address that has failed for it waits before each next try (a
 * minute after one wrong password, growing with each further one), while an address that has not
 * failed tries at once. Failures elsewhere never refuse the owner's right password: from a fresh
 * address it is checked at once, and after their own typo they wait a minute, not the window.
 */
export async function signIn(
  { db, auth }: AccountServices,
  input: LoginInput,
  client: Client,
): Promise<{ userId: string; cookies: Headers }> {
  const email = input.email.toLowerCase();
  const keys = signInKeys(email, clientIp(client));
  await consumeRateLimits(db, [
    { key: keys.ip, rule: rateRules.signInPerIp },
    { key: keys.pair, rule: rateRules.signInPerEmailAndIp },
  ]);
  const failuresAnywhere = await attemptsInWindow(db, keys.email, rateRules.signInPerEmail);
  if (failuresAnywhere.count >= rateRules.signInPerEmail.limit) {
    const wait = await claimTryAfterFailures(db, keys.lastFailure);
    if (wait > 0) throw tooManyAttempts(wait);
  }
  const endPrevious = await previousSessionEnder({ db, auth }, client);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password: input.password },
      headers: client.headers,
      returnHeaders: true,
    });
    // The counts are of wrong guesses: the right password starts them again, so an owner who
    // signs in often (several devices) is never locked out. The per-address count stays.
    await Promise.all(
      [keys.pair, keys.email, keys.lastFailure].map((key) => clearRateLimit(db, key)),
    );
    await endPrevious();
    return { userId: response.user.id, cookies: cookieHeaders(headers) };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "BANNED_USER") throw new Forbidden(m.banned);
    // An account with no password yet (added by an admin, or imported from the old site): no
    // password can be right, so say so and mail the link to set one. (Sign-up already tells
    // anyone that an address has an account; this says no more than that.)
    if (code && (await awaitsFirstPassword(db, email))) {
      await mailFirstPasswordLink({ db, auth }, email, client);
      throw new ValidationError(m.noPasswordYet);
    }
    if (code) {
      await recordFailure(db, keys.email, rateRules.signInPerEmail);
      await recordFailureTime(db, keys.lastFailure);
      throw new ValidationError(m.invalidCredentials);
    }
    throw error;
  }
}

/**
 * One account per browser: the session the browser had before signing in (or up) is ended once
 * the new one is made, not left to expire. Read first, ended by the returned function.
 */
async function previousSessionEnder({ db, auth }: AccountServices, client: Client) {
  const previous = await auth.api.getSession({ headers: client.headers }).catch(() => null);
  return async () => {
    if (previous) await db.delete(session).where(eq(session.id, previous.session.id));
  };
}

/** Starts Google or Apple sign-in: the provider's address and better-auth's state cookie. */
export async function startProviderSignIn(
  { auth }: Pick<AccountServices, "auth">,
  input: {
    provider: "google" | "apple";
    configured: boolean;
    returnTo: string;
    /** Where a refused sign-in comes back to (the sign-in page, in its language). */
    errorReturnTo?: string;
  },
  client: Client,
): Promise<{ url: string; cookies: Headers }> {
  if (!input.configured) throw new ValidationError(m.invalidCredentials);
  const { headers, response } = await auth.api.signInSocial({
    body: {
      provider: input.provider,
      callbackURL: input.returnTo,
      errorCallbackURL: input.errorReturnTo ?? "/login",
    },
    headers: client.headers,
    returnHeaders: true,
  });
  if (!response.url) throw new ValidationError(m.invalidCredentials);
  return { url: response.url, cookies: cookieHeaders(headers) };
}

/**
 * Registers a customer and signs them in (issue 21): returns the new user's id and the session
 * cookies to send. The address is not verified yet: the account shops, but its first order and
 * its reviews wait for the mailed link (ADR 029). Only name, e-mail and password are read: a
 * posted role is ignored.
 */
export async function signUp(
  { db, auth }: AccountServices,
  input: SignupInput & { locale?: Locale },
  client: Client,
): Promise<{ userId: string; cookies: Headers }> {
  const { name, email, password, locale = "en" } = input;
  await consumeRateLimits(db, [
    { key: `sign-up:ip:${clientIp(client)}`, rule: rateRules.signUpPerIp },
    { key: `sign-up:email:${email}`, rule: rateRules.signUpPerEmail },
  ]);
  // Checked here first to show it next to the field without hashing a password (better-auth
  // also refuses it, USER_ALREADY_EXISTS, for two sign-ups at the same moment).
  if (await isEmailRegistered(db, email)) {
    throw new ValidationError(m.emailTaken, { email: m.emailTaken });
  }
  const endPrevious = await previousSessionEnder({ db, auth }, client);
  try {
    const { headers, response } = await auth.api.signUpEmail({
      body: { name, email, password, locale },
      headers: client.headers,
      returnHeaders: true,
    });
    await endPrevious();
    return { userId: response.user.id, cookies: cookieHeaders(headers) };
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
