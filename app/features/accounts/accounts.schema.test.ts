import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/forms";
import { accountMessages as m } from "./accounts.messages";
import {
  adminAddUserSchema,
  changePasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  userListQuerySchema,
} from "./accounts.schema";

const validSignup = {
  name: "Asha Rao",
  email: "asha@example.in",
  password: "correct-horse-1",
  confirmPassword: "correct-horse-1",
};

/** The field errors a schema gives for the values, as the forms show them (first per field). */
function errorsOf(schema: Parameters<typeof parseForm>[0], values: Record<string, unknown>) {
  const result = parseForm(schema, values);
  if (result.success) throw new Error(`expected a refusal, got ${JSON.stringify(result.data)}`);
  return result.fieldErrors;
}

describe("signupSchema", () => {
  it("accepts a complete form and returns only its fields", () => {
    const result = parseForm(signupSchema, { ...validSignup, role: "admin" });
    expect(result).toEqual({ success: true, data: validSignup });
  });

  it("requires every field, each with its own message", () => {
    expect(
      errorsOf(signupSchema, { name: "", email: "", password: "", confirmPassword: "" }),
    ).toEqual({
      name: m.nameRequired,
      email: m.emailRequired,
      password: m.passwordRequired,
      confirmPassword: m.confirmRequired,
    });
  });

  it("treats a name of only spaces as missing", () => {
    expect(errorsOf(signupSchema, { ...validSignup, name: "   " })).toEqual({
      name: m.nameRequired,
    });
  });

  it("refuses a name longer than 100 characters", () => {
    expect(errorsOf(signupSchema, { ...validSignup, name: "a".repeat(101) })).toEqual({
      name: m.nameTooLong,
    });
    expect(signupSchema.safeParse({ ...validSignup, name: "a".repeat(100) }).success).toBe(true);
  });

  it.each(["asha", "asha@", "@example.in", "asha@example", "asha example@x.in", "a@b..in"])(
    "refuses the invalid e-mail %j",
    (email) => {
      expect(errorsOf(signupSchema, { ...validSignup, email })).toEqual({ email: m.emailInvalid });
    },
  );

  it("lower-cases and trims the e-mail", () => {
    const result = signupSchema.parse({ ...validSignup, email: "  Asha.Rao@Example.IN " });
    expect(result.email).toBe("asha.rao@example.in");
  });

  it("needs a password of 8 to 128 characters", () => {
    const at = (password: string) => ({ ...validSignup, password, confirmPassword: password });
    expect(errorsOf(signupSchema, at("1234567"))).toEqual({ password: m.passwordTooShort });
    expect(errorsOf(signupSchema, at("x".repeat(129)))).toEqual({ password: m.passwordTooLong });
    expect(signupSchema.safeParse(at("12345678")).success).toBe(true);
    expect(signupSchema.safeParse(at("x".repeat(128))).success).toBe(true);
  });

  it("puts a mismatched confirmation on confirmPassword", () => {
    expect(errorsOf(signupSchema, { ...validSignup, confirmPassword: "correct-horse-2" })).toEqual({
      confirmPassword: m.passwordsDiffer,
    });
  });

  it("does not trim passwords (spaces are part of them)", () => {
    expect(
      errorsOf(signupSchema, { ...validSignup, confirmPassword: ` ${validSignup.password}` }),
    ).toEqual({ confirmPassword: m.passwordsDiffer });
    const result = signupSchema.parse({
      ...validSignup,
      password: " spaced pass ",
      confirmPassword: " spaced pass ",
    });
    expect(result.password).toBe(" spaced pass ");
  });
});

describe("loginSchema", () => {
  it("asks to fill in every field when one is empty", () => {
    expect(errorsOf(loginSchema, { email: "", password: "" })).toEqual({
      email: m.fillEveryField,
      password: m.fillEveryField,
    });
    expect(errorsOf(loginSchema, { email: "  ", password: "secret-pass" })).toEqual({
      email: m.fillEveryField,
    });
  });

  it("does not judge the values themselves (a wrong one gets the same answer as any other)", () => {
    expect(loginSchema.safeParse({ email: "not-an-email", password: "x" }).success).toBe(true);
  });

  it("refuses an e-mail longer than 254 characters as a wrong login", () => {
    const long = `${"a".repeat(245)}@example.in`;
    expect(errorsOf(loginSchema, { email: long, password: "x" })).toEqual({
      email: m.invalidCredentials,
    });
    expect(loginSchema.safeParse({ email: long.slice(2), password: "x" }).success).toBe(true);
  });
});

describe("resetPasswordSchema", () => {
  const valid = { token: "tok123", password: "new-password-1", confirmPassword: "new-password-1" };

  it("accepts a token with a matching new password", () => {
    expect(resetPasswordSchema.parse(valid)).toEqual(valid);
  });

  it("refuses a missing token as an invalid link", () => {
    expect(errorsOf(resetPasswordSchema, { ...valid, token: "" })).toEqual({
      token: m.resetInvalid,
    });
  });

  it("applies the new-password rules and the confirmation", () => {
    expect(
      errorsOf(resetPasswordSchema, { ...valid, password: "short", confirmPassword: "short" }),
    ).toEqual({ password: m.passwordTooShort });
    expect(errorsOf(resetPasswordSchema, { ...valid, confirmPassword: "" })).toEqual({
      confirmPassword: m.confirmRequired,
    });
    expect(errorsOf(resetPasswordSchema, { ...valid, confirmPassword: "new-password-2" })).toEqual({
      confirmPassword: m.passwordsDiffer,
    });
  });
});

describe("changePasswordSchema", () => {
  const valid = {
    currentPassword: "old-password-1",
    newPassword: "new-password-1",
    confirmPassword: "new-password-1",
  };

  it("accepts a different, confirmed new password", () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it("requires the current password", () => {
    expect(errorsOf(changePasswordSchema, { ...valid, currentPassword: "" })).toEqual({
      currentPassword: m.currentPasswordRequired,
    });
  });

  it("refuses a current password longer than any password can be (128)", () => {
    expect(errorsOf(changePasswordSchema, { ...valid, currentPassword: "x".repeat(129) })).toEqual({
      currentPassword: m.currentPasswordWrong,
    });
    expect(changePasswordSchema.parse({ ...valid, currentPassword: "x".repeat(128) })).toEqual({
      ...valid,
      currentPassword: "x".repeat(128),
    });
  });

  it("refuses a new password equal to the current one", () => {
    expect(
      errorsOf(changePasswordSchema, {
        currentPassword: "same-password-1",
        newPassword: "same-password-1",
        confirmPassword: "same-password-1",
      }),
    ).toEqual({ newPassword: m.samePassword });
  });

  it("puts a mismatched confirmation on confirmPassword", () => {
    expect(errorsOf(changePasswordSchema, { ...valid, confirmPassword: "new-password-2" })).toEqual(
      { confirmPassword: m.passwordsDiffer },
    );
  });

  it("applies the length rules to the new password", () => {
    expect(
      errorsOf(changePasswordSchema, { ...valid, newPassword: "short", confirmPassword: "short" }),
    ).toEqual({ newPassword: m.passwordTooShort });
  });
});

describe("adminAddUserSchema", () => {
  it("accepts the user and admin roles", () => {
    for (const role of ["user", "admin"]) {
      const result = adminAddUserSchema.parse({ name: "Ravi", email: " Ravi@Shop.IN", role });
      expect(result).toEqual({ name: "Ravi", email: "ravi@shop.in", role });
    }
  });

  it.each(["", "superadmin", "Admin"])("refuses the role %j", (role) => {
    expect(errorsOf(adminAddUserSchema, { name: "Ravi", email: "ravi@shop.in", role })).toEqual({
      role: m.roleInvalid,
    });
  });

  it("needs a name and a valid e-mail, and says so about the person being added", () => {
    expect(errorsOf(adminAddUserSchema, { name: "", email: "ravi", role: "user" })).toEqual({
      name: "Enter their full name",
      email: m.emailInvalid,
    });
    expect(errorsOf(adminAddUserSchema, { name: "Ravi", email: "", role: "user" })).toEqual({
      email: "Enter their e-mail address",
    });
  });
});

describe("userListQuerySchema", () => {
  it("reads a good query", () => {
    expect(userListQuerySchema.parse({ q: "  asha ", role: "admin", page: "3" })).toEqual({
      q: "asha",
      role: "admin",
      page: 3,
    });
  });

  it("gives the defaults for an empty query", () => {
    expect(userListQuerySchema.parse({})).toEqual({ q: "", role: undefined, page: 1 });
  });

  it.each(["0", "-2", "abc", "1.5", "10001", ""])("falls back to page 1 for page=%j", (page) => {
    expect(userListQuerySchema.parse({ page }).page).toBe(1);
  });

  it("ignores an unknown role instead of failing", () => {
    expect(userListQuerySchema.parse({ role: "root", page: "2" })).toEqual({
      q: "",
      role: undefined,
      page: 2,
    });
  });

  it("searches an over-long search by its first 100 characters, never the whole list", () => {
    expect(userListQuerySchema.parse({ q: "x".repeat(101) }).q).toBe("x".repeat(100));
  });
});
