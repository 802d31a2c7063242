import type { Db } from "~/db/client.server";
import { getSettings } from "~/features/settings/settings.server";
import type { PasswordMailComposer, VerificationMailComposer } from "~/lib/auth.server";
import type { Mail } from "~/lib/mailer.server";

/** Marks a reset request made for a new account, so its e-mail welcomes instead of resetting. */
export const WELCOME_MARKER = "welcome=1";

export function passwordLink(baseUrl: string, token: string, welcome: boolean): string {
  const url = new URL("/reset-password", baseUrl);
  url.searchParams.set("token", token);
  if (welcome) url.searchParams.set("welcome", "1");
  return url.toString();
}

export function resetPasswordMail(to: string, name: string, link: string, brand: string): Mail {
  return {
    to,
    subject: `Reset your ${brand} password`,
    text: [
      `Hello ${name},`,
      "",
      `Someone asked to reset the password of your ${brand} account. To choose a new password, open this link:`,
      "",
      link,
      "",
      "The link works once and expires in one hour. If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}

export function welcomeMail(to: string, name: string, link: string, brand: string): Mail {
  return {
    to,
    subject: `Your ${brand} account is ready: set your password`,
    text: [
      `Hello ${name},`,
      "",
      `An account has been created for you at ${brand}. To choose your password, open this link:`,
      "",
      link,
      "",
      "The link works once and expires in one hour. After that, use 'Forgot password?' on the login page to get a new one.",
    ].join("\n"),
  };
}

/** The store's password mails, signed with its brand name (a store setting). */
export function passwordMailComposer(db: Db): PasswordMailComposer {
  return async ({ person, url, token, baseURL }) => {
    const welcome = decodeURIComponent(url).includes(WELCOME_MARKER);
    const link = passwordLink(baseURL, token, welcome);
    const { brandName } = await getSettings(db);
    return welcome
      ? welcomeMail(person.email, person.name, link, brandName)
      : resetPasswordMail(person.email, person.name, link, brandName);
  };
}

/** The store's own page that verifies an address, on the configured public address. */
export function verificationLink(baseUrl: string, token: string): string {
  const url = new URL("/verify-email", baseUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

export function verifyEmailMail(to: string, name: string, link: string, brand: string): Mail {
  return {
    to,
    subject: `Verify your e-mail address for ${brand}`,
    text: [
      `Hello ${name},`,
      "",
      `Thank you for registering at ${brand}. To verify that this address is yours, open this link:`,
      "",
      link,
      "",
      "You can browse and fill your cart already; the link is needed before your first order and before you write a review.",
      "It works for 24 hours. After that, use 'Send the link again' on your account page to get a new one.",
      "",
      "If you did not register, ignore this e-mail: nobody can order with this address until it is verified.",
    ].join("\n"),
  };
}

/** The store's verification mail, signed with its brand name, its link on the public address. */
export function verificationMailComposer(db: Db): VerificationMailComposer {
  return async ({ person, token, baseURL }) => {
    const { brandName } = await getSettings(db);
    return verifyEmailMail(person.email, person.name, verificationLink(baseURL, token), brandName);
  };
}
