import type { Db } from "~/db/client.server";
import { getSettings } from "~/features/settings/settings.server";
import type { PasswordMailComposer, VerificationMailComposer } from "~/lib/auth.server";
import { translatorFor } from "~/lib/i18n/catalogue.server";
import { isLocale, type Locale } from "~/lib/i18n/locales";
import { composeMail, mailLink } from "~/lib/mail-layout.server";
import type { Mail } from "~/lib/mailer.server";

/** Marks a reset request made for a new account, so its e-mail welcomes instead of resetting. */
export const WELCOME_MARKER = "welcome=1";

export function passwordLink(
  baseUrl: string,
  token: string,
  welcome: boolean,
  locale: Locale = "en",
): string {
  const url = new URL(mailLink(baseUrl, locale, "/reset-password"));
  url.searchParams.set("token", token);
  if (welcome) url.searchParams.set("welcome", "1");
  return url.toString();
}

/** The account's language; English for one made before languages, or by the back office. */
function accountLocale(person: { locale?: string | null }): Locale {
  return isLocale(person.locale) ? person.locale : "en";
}

/** The mail that carries a password link: a reset, or (`welcome`) a new account's first
 * password. */
export function passwordMail(
  welcome: boolean,
  person: { to: string; name: string },
  link: string,
  brand: string,
  locale: Locale = "en",
): Mail {
  const { t } = translatorFor(locale, "mail");
  const [subject, intro, closing] = welcome
    ? [
        t("Your {brand} account is ready: set your password", { brand }),
        t(
          "An account has been created for you at {brand}. To choose your password, open this link:",
          { brand },
        ),
        t(
          "The link works once and expires in one hour. After that, use 'Forgot password?' on the login page to get a new one.",
        ),
      ]
    : [
        t("Reset your {brand} password", { brand }),
        t(
          "Someone asked to reset the password of your {brand} account. To choose a new password, open this link:",
          { brand },
        ),
        t(
          "The link works once and expires in one hour. If you did not ask for this, ignore this e-mail: your password stays as it is.",
        ),
      ];
  return composeMail(locale, {
    to: person.to,
    subject,
    lines: [t("Hello {name},", { name: person.name }), "", intro, "", link, "", closing],
  });
}

/** The store's password mails, signed with its brand name (a store setting), in the account's
 * language. */
export function passwordMailComposer(db: Db): PasswordMailComposer {
  return async ({ person, url, token, baseURL }) => {
    const welcome = decodeURIComponent(url).includes(WELCOME_MARKER);
    const locale = accountLocale(person);
    const link = passwordLink(baseURL, token, welcome, locale);
    const { brandName } = await getSettings(db);
    return passwordMail(welcome, { to: person.email, name: person.name }, link, brandName, locale);
  };
}

/** The store's own page that verifies an address, on the configured public address. */
export function verificationLink(baseUrl: string, token: string, locale: Locale = "en"): string {
  const url = new URL(mailLink(baseUrl, locale, "/verify-email"));
  url.searchParams.set("token", token);
  return url.toString();
}

export function verifyEmailMail(
  to: string,
  name: string,
  link: string,
  brand: string,
  locale: Locale = "en",
): Mail {
  const { t } = translatorFor(locale, "mail");
  return composeMail(locale, {
    to,
    subject: t("Verify your e-mail address for {brand}", { brand }),
    lines: [
      t("Hello {name},", { name }),
      "",
      t(
        "Thank you for registering at {brand}. To verify that this address is yours, open this link:",
        {
          brand,
        },
      ),
      "",
      link,
      "",
      t(
        "You can browse and fill your cart already; the link is needed before your first order and before you write a review.",
      ),
      t(
        "It works for 24 hours. After that, use 'Send the link again' on your account page to get a new one.",
      ),
      "",
      t(
        "If you did not register, ignore this e-mail: nobody can order with this address until it is verified.",
      ),
    ],
  });
}

/** The store's verification mail, signed with its brand name, its link on the public address,
 * in the account's language. */
export function verificationMailComposer(db: Db): VerificationMailComposer {
  return async ({ person, token, baseURL }) => {
    const { brandName } = await getSettings(db);
    const locale = accountLocale(person);
    return verifyEmailMail(
      person.email,
      person.name,
      verificationLink(baseURL, token, locale),
      brandName,
      locale,
    );
  };
}
