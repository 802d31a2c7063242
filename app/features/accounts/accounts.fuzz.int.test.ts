import * as users from "~/routes/admin/users";
import * as forgotPassword from "~/routes/auth/forgot-password";
import * as login from "~/routes/auth/login";
import * as resetPassword from "~/routes/auth/reset-password";
import * as signup from "~/routes/auth/signup";
import * as account from "~/routes/site/account";
import { createUser } from "../../../tests/factories";
import { fuzzForms } from "../../../tests/helpers/fuzz";

const password = "fuzz-password-1";

fuzzForms(
  "account forms",
  async ({ t }) => ({
    // Its own account for the password form: a changed password must not sign out the others.
    changer: await createUser(t, { name: "Password Changer", password }),
    member: await createUser(t, { name: "Fuzz Member" }),
  }),
  [
    {
      name: "admin: the user list's search (GET)",
      loader: users.loader,
      as: "admin",
      path: "/admin/user",
      fields: () => ({ q: "Fuzz", role: "user", page: "1" }),
    },
    {
      name: "sign-up",
      action: signup.action,
      as: "visitor",
      path: "/signup",
      fields: () => ({
        name: "Asha Patel",
        email: "asha.fuzz@example.in",
        password: "a-long-password",
        confirmPassword: "a-long-password",
        redirectTo: "/cart",
      }),
    },
    {
      name: "log in",
      action: login.action,
      as: "visitor",
      path: "/login",
      intent: "password",
      fields: ({ member }) => ({
        email: member.email,
        password: member.password,
        redirectTo: "/account",
      }),
    },
    {
      // Google and Apple are not configured in tests: the answer says so, whatever is sent.
      name: "log in with Google (not configured)",
      action: login.action,
      as: "visitor",
      path: "/login",
      intent: "google",
      control: false,
      fields: () => ({ redirectTo: "/account" }),
    },
    {
      name: "forgot password",
      action: forgotPassword.action,
      as: "visitor",
      path: "/forgot-password",
      // No account has it: a reset link is mailed in the background, after the answer.
      fields: () => ({ email: "nobody.fuzz@example.in" }),
    },
    {
      name: "reset password (a made-up link)",
      action: resetPassword.action,
      as: "visitor",
      path: "/reset-password",
      control: false,
      fields: () => ({
        token: "made-up-token-000000",
        password: "new-password-1",
        confirmPassword: "new-password-1",
      }),
    },
    {
      name: "account: change the name",
      action: account.action,
      as: "shopper",
      path: "/account",
      intent: "name",
      fields: () => ({ name: "Asha Kumari" }),
    },
    {
      name: "account: change the password",
      action: account.action,
      as: ({ changer }) => changer.cookie,
      path: "/account",
      intent: "password",
      fields: () => ({
        currentPassword: password,
        newPassword: "another-password-2",
        confirmPassword: "another-password-2",
      }),
    },
    {
      name: "admin: add a user",
      action: users.action,
      as: "admin",
      path: "/admin/user",
      intent: "add",
      mailsInBackground: true,
      fields: () => ({ name: "New Staff", email: "new.staff@example.in", role: "user" }),
    },
    {
      name: "admin: edit a user",
      action: users.action,
      as: "admin",
      path: "/admin/user",
      intent: "edit",
      fields: ({ member }) => ({ userId: member.id, name: "Member Renamed", role: "user" }),
    },
    {
      name: "admin: change a role",
      action: users.action,
      as: "admin",
      path: "/admin/user",
      intent: "role",
      fields: ({ member }) => ({ userId: member.id, role: "user" }),
    },
    ...(["ban", "unban"] as const).map((intent) => ({
      name: `admin: ${intent} a user`,
      action: users.action,
      as: "admin" as const,
      path: "/admin/user",
      intent,
      fields: ({ member }: { member: { id: string } }) => ({ userId: member.id }),
    })),
  ],
);
