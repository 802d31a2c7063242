/**
 * `npm run create-admin -- --email x --name y [--password p]`: creates an admin account, or
 * gives an existing account the admin role. Without --password a strong one-time password is
 * generated and printed once.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { z } from "zod";
import { emailSchema, newPasswordSchema } from "~/features/accounts/accounts.schema";
import { ensureAdmin } from "~/features/accounts/admin-account.server";
import { openCliDatabase, runCli } from "./lib/cli-database";

const argsSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, "--name is required").max(100),
  password: newPasswordSchema.optional(),
});

runCli(async () => {
  const { values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" } },
  });
  const parsed = argsSchema.safeParse({
    email: values.email ?? "",
    name: values.name ?? "",
    password: values.password,
  });
  if (!parsed.success) {
    throw new Error(
      `Usage: npm run create-admin -- --email admin@example.in --name "Full Name" [--password ...]\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  }
  const password = parsed.data.password ?? randomBytes(12).toString("base64url");
  const { database, auth, close } = await openCliDatabase();
  try {
    await database.exclusive(() => database.migrate());
    const result = await ensureAdmin(database.db, auth, { ...parsed.data, password });
    if (!result.created) {
      process.stdout.write(
        `${parsed.data.email} already had an account; it is now an admin (password unchanged).\n`,
      );
    } else if (parsed.data.password) {
      process.stdout.write(`Admin ${parsed.data.email} created with the given password.\n`);
    } else {
      process.stdout.write(
        `Admin ${parsed.data.email} created.\nOne-time password (shown only now; change it under View Profile): ${password}\n`,
      );
    }
  } finally {
    await close();
  }
});
