import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { account, session, user, verification } from "~/db/schema";
import { queueMail } from "./mail-outbox.server";
import type { Mail } from "./mailer.server";

/** Writes the mail that carries a password link (reset, or a new account's first password). */
export type PasswordMailComposer = (link: {
  /** `locale`: the account's language (issue 26), its mails' language. */
  person: { email: string; name: string; locale?: string | null };
  /** better-auth's link, whose callback says which kind it is. */
  url: string;
  token: string;
  baseURL: string;
}) => Promise<Mail>;

/** Writes the mail that carries an e-mail verification link (ADR 029). */
export type VerificationMailComposer = (link: {
  person: { email: string; name: string; locale?: string | null };
  token: string;
  /** The configured public address of the store, never a request's Host. */
  baseURL: string;
}) => Promise<Mail>;

export type SocialCredentials = { clientId: string; clientSecret: string };

export type AuthOptions = {
  /** The browser origin of the store, port included (better-auth refuses other origins). */
  baseURL: string;
  secret: string;
  production: boolean;
  /** The accounts feature's password mails (features/accounts/account-mail.ts). */
  passwordMail: PasswordMailComposer;
  /** The accounts feature's verification mail (features/accounts/account-mail.ts). */
  verificationMail: VerificationMailComposer;
  /** Where a mail that could not be sent is reported (the process's logger; stderr if none). */
  logger?: { error: (details: object, message: string) => void };
  google?: SocialCredentials;
  apple?: SocialCredentials;
  /**
   * How passwords are hashed and checked. Unset (the server, the CLI scripts): better-auth's
   * scrypt at its full cost, about 60 ms a hash here. Only the integration tests pass a cheaper
   * one (tests/helpers/test-db.ts), so signing up hundreds of test users stays fast.
   */
  passwordHashing?: PasswordHashing;
};

/** better-auth's password hooks: make a stored hash, and check a password against one. */
export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
};

/** Lifetime of a password-reset (and set-password) link. */
export const RESET_TOKEN_SECONDS = 60 * 60;

/** Lifetime of an e-mail verification link: a day, for a mail read later (ADR 029). */
export const VERIFY_TOKEN_SECONDS = 24 * 60 * 60;

/** The one better-auth instance of a process; the server makes it and hands it to routes. */
export function createAuth(db: Db, options: AuthOptions) {
  const logger = options.logger ?? {
    error: (details: object, message: string) => console.error(message, details),
  };
  /**
   * Queues a password mail (the outbox sends it, ADR 026) without holding up the answer: the form
   * answers at once and alike for known and unknown addresses; a failure is logged, never a 500.
   */
  function sendInBackground(userId: string, compose: () => Promise<Mail>) {
    void compose()
      .then((mail) => queueMail(db, mail))
      .catch((error: unknown) => logger.error({ err: error, userId }, "password mail not sent"));
  }

  return betterAuth({
    appName: "Battery store",
    baseURL: options.baseURL,
    secret: options.secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // A new customer is signed in by the sign-up itself (issue 21): no second trip through the
      // login form. An unverified account shops; its first order waits for the link (ADR 029).
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      ...(options.passwordHashing ? { password: options.passwordHashing } : {}),
      async sendResetPassword({ user: person, url, token }) {
        sendInBackground(person.id, () =>
          options.passwordMail({ person, url, token, baseURL: options.baseURL }),
        );
      },
      // A reset (or an added user's set-password) link was mailed to the address and opened:
      // that proves the address as well as a verification link does (ADR 029).
      async onPasswordReset({ user: person }) {
        await db
          .update(user)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(and(eq(user.id, person.id), eq(user.emailVerified, false)));
      },
    },
    emailVerification: {
      // Sign-up queues the mail (and a Google/Apple sign-up whose provider did not vouch for
      // the address); /account's "Send the link again" asks through sendVerificationEmail.
      sendOnSignUp: true,
      expiresIn: VERIFY_TOKEN_SECONDS,
      autoSignInAfterVerification: false,
      // Queued in the outbox (ADR 026), awaited: the mail is in the database when the sign-up
      // answers, and a background job sends it. The link is built from baseURL, not the request.
      async sendVerificationEmail({ user: person, token }) {
        const mail = await options.verificationMail({ person, token, baseURL: options.baseURL });
        await queueMail(db, mail);
      },
    },
    // The account's language (issue 26): the sign-up page's, given by signUp; its mails
    // (verification, password) are written in it.
    user: {
      additionalFields: {
        locale: { type: "string", required: false, defaultValue: "en", input: true },
      },
    },
    socialProviders: {
      ...(options.google ? { google: { ...options.google, prompt: "select_account" } } : {}),
      ...(options.apple ? { apple: options.apple } : {}),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
    advanced: {
      useSecureCookies: options.production && options.baseURL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    // Our own forms call auth.api.* with their own per-IP and per-e-mail limits (database-backed);
    // the HTTP endpoints are closed except the OAuth callbacks (routes/api/auth.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
