import { z } from "zod";
import { userRoles } from "~/db/schema/enums";
import { lineField, searchField } from "~/lib/text.schema";
import { accountMessages as m } from "./accounts.messages";

const name = lineField().min(1, m.nameRequired).max(100, m.nameTooLong);

export const emailSchema = z
  .string()
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .pipe(z.email(m.emailInvalid))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string()
  .min(1, m.passwordRequired)
  .min(8, m.passwordTooShort)
  .max(128, m.passwordTooLong);

function passwordsMatch<T extends { confirmPassword: string }>(
  schema: z.ZodType<T>,
  key: keyof T & string,
) {
  return schema.refine((v) => v[key] === v.confirmPassword, {
    path: ["confirmPassword"],
    message: m.passwordsDiffer,
  });
}

export const signupSchema = passwordsMatch(
  z.object({
    name,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, m.confirmRequired),
  }),
  "password",
);
export type SignupInput = z.infer<typeof signupSchema>;

/**
 * Login only checks presence: any wrong value gets the same answer, whichever field it is. An
 * e-mail too long to be anyone's is answered like a wrong one.
 */
export const loginSchema = z.object({
  email: z.string().trim().min(1, m.fillEveryField).max(254, m.invalidCredentials),
  password: z.string().min(1, m.fillEveryField),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = passwordsMatch(
  z.object({
    token: z.string().min(1, m.resetInvalid),
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, m.confirmRequired),
  }),
  "password",
);

export const changeNameSchema = z.object({ name });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changePasswordSchema = passwordsMatch(
  z.object({
    // No account has a password longer than the new-password rule allows: a longer one is
    // wrong whatever it is (and better-auth refuses to check it).
    currentPassword: z.string().min(1, m.currentPasswordRequired).max(128, m.currentPasswordWrong),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, m.confirmRequired),
  }),
  "newPassword",
).refine((v) => v.newPassword !== v.currentPassword, {
  path: ["newPassword"],
  message: m.samePassword,
});

const role = z.enum(userRoles, { error: m.roleInvalid });

/** An admin fills these in about someone else: the messages say "their", not "your". */
const theirName = lineField().min(1, m.theirNameRequired).max(100, m.nameTooLong);
const theirEmail = z
  .string()
  .trim()
  .min(1, m.theirEmailRequired)
  .max(254, m.emailInvalid)
  .pipe(z.email(m.emailInvalid))
  .transform((email) => email.toLowerCase());

export const adminAddUserSchema = z.object({ name: theirName, email: theirEmail, role });
export const adminEditUserSchema = z.object({ userId: z.string().min(1), name: theirName, role });
export const adminRoleSchema = z.object({ userId: z.string().min(1), role });
export const adminUserIdSchema = z.object({ userId: z.string().min(1) });

export const userListQuerySchema = z.object({
  q: searchField(100),
  role: z.enum(userRoles).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
