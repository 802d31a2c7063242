import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import type { UserRole } from "~/db/schema/enums";
import type { Auth } from "~/lib/auth.server";

export type EnsureAdminInput = { email: string; name: string; password: string };

/**
 * Makes sure an admin account exists for the e-mail: creates it with the password (hashed by
 * better-auth) or promotes the existing account and lifts any ban on it (the way back in when
 * the store's admins are locked out). An existing password is never changed.
 */
export async function ensureAdmin(
  db: Db,
  auth: Auth,
  input: EnsureAdminInput,
  { promoteExisting = true }: { promoteExisting?: boolean } = {},
): Promise<{ id: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  // The demo seed passes promoteExisting: false: it only ever creates its admin, so re-seeding
  // cannot undo a demotion or a ban, nor promote a stranger who registered that address.
  if (existing && !promoteExisting) return { id: existing.id, created: false };
  if (existing) {
    await db
      .update(user)
      .set({
        role: "admin",
        banned: false,
        banReason: null,
        banExpires: null,
        updatedAt: new Date(),
      })
      .where(eq(user.id, existing.id));
    return { id: existing.id, created: false };
  }
  const created = await createAccountWithPassword(auth, { ...input, email, role: "admin" });
  return { id: created.id, created: true };
}

/**
 * Creates an account with a password the way sign-up does (better-auth's adapter and hasher),
 * but for an address the store's operators vouch for: verified unless told otherwise, and no
 * verification mail (ADR 029). For the demo admin, `create-admin`, and test tooling.
 */
export async function createAccountWithPassword(
  auth: Auth,
  input: EnsureAdminInput & {
    role: UserRole;
    emailVerified?: boolean;
    /** A hash better-auth made of this very password before (test tooling making many accounts
     * with one password: each hash costs about 60 ms of CPU). */
    passwordHash?: string;
  },
): Promise<{ id: string }> {
  const ctx = await auth.$context;
  const hash = input.passwordHash ?? (await ctx.password.hash(input.password));
  const created = await ctx.internalAdapter.createUser(
    {
      email: input.email.trim().toLowerCase(),
      name: input.name,
      emailVerified: input.emailVerified ?? true,
      role: input.role,
    },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: hash,
  });
  return { id: created.id };
}
