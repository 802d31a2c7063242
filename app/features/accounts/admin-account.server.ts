import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
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
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const created = await ctx.internalAdapter.createUser(
    { email, name: input.name, emailVerified: true, role: "admin" },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: hash,
  });
  return { id: created.id, created: true };
}
