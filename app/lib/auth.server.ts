import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import type { Db } from "~/db/client.server";
import { account, session, user, verification } from "~/db/schema";

export type AuthOptions = {
  /** The browser origin of the store, port included (better-auth refuses other origins). */
  baseURL: string;
  secret: string;
  production: boolean;
};

/** The one better-auth instance of a process; the server makes it and hands it to routes. */
export function createAuth(db: Db, options: AuthOptions) {
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
      autoSignIn: false,
    },
    user: {
      additionalFields: {
        role: { type: "string", input: false, defaultValue: "user" },
      },
    },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
    advanced: {
      useSecureCookies: options.production && options.baseURL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
