import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { session, user } from "~/db/schema";
import type { UserRole } from "~/db/schema/enums";
import { recordAudit } from "~/features/audit/audit.server";
import { Conflict, Forbidden, NotFound } from "~/lib/errors";
import { paginate } from "~/lib/paginate";
import { escapeLike } from "~/lib/sql.server";
import { accountMessages as m } from "./accounts.messages";
import type { UserListQuery } from "./accounts.schema";

export const USERS_PAGE_SIZE = 20;

const userRowColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  banned: user.banned,
  createdAt: user.createdAt,
};

export type UserRow = {
  id: string;
  name: string;
  email: string;
  role: string;
  banned: boolean;
  createdAt: Date;
};

/** One page of users, newest first, filtered by a name/e-mail search and a role. */
export async function listUsers(db: Db, query: UserListQuery, pageSize = USERS_PAGE_SIZE) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const match = or(ilike(user.name, pattern), ilike(user.email, pattern));
    if (match) conditions.push(match);
  }
  if (query.role) conditions.push(eq(user.role, query.role));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(user).where(where);
  const total = totalRow?.n ?? 0;
  const { page, pageCount, limit, offset } = paginate(total, query.page, pageSize);
  const rows: UserRow[] = await db
    .select(userRowColumns)
    .from(user)
    .where(where)
    .orderBy(desc(user.createdAt), asc(user.id))
    .limit(limit)
    .offset(offset);
  return { rows, total, page, pageCount };
}

/** One user as the admin table shows it, or null. */
export async function findUser(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select(userRowColumns).from(user).where(eq(user.id, id));
  return row ?? null;
}

/** True when an account already uses this e-mail (e-mails are stored in lower case). */
export async function isEmailRegistered(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.toLowerCase()));
  return rows.length > 0;
}

type Actor = { id: string };

type LockedRow = { id: string; role: string; name: string; banned: boolean };

const isActiveAdmin = (row: LockedRow) => row.role === "admin" && !row.banned;

/**
 * Locks the target and every admin in one statement, in id order (so that two admins acting on
 * each other at once queue up instead of deadlocking), then checks that the acting admin is
 * still an admin and not banned: the role was checked before the transaction, and another
 * admin may have demoted or banned them since.
 */
async function lockAdminsFor(tx: Tx, actor: Actor, userId: string) {
  const locked: LockedRow[] = await tx
    .select({ id: user.id, role: user.role, name: user.name, banned: user.banned })
    .from(user)
    .where(or(eq(user.id, userId), eq(user.role, "admin")))
    .orderBy(asc(user.id))
    .for("update");
  const acting = locked.find((row) => row.id === actor.id);
  if (!acting || !isActiveAdmin(acting)) throw new Forbidden(m.noLongerAdmin);
  const target = locked.find((row) => row.id === userId);
  if (!target) throw new NotFound(m.userNotFound);
  /** True when no active admin but the target would be left. */
  const isLastActiveAdmin = () =>
    isActiveAdmin(target) && !locked.some((row) => row.id !== userId && isActiveAdmin(row));
  return { target, isLastActiveAdmin };
}

/**
 * Sets a user's name and/or role under the rules: only a current admin may, nobody removes their
 * own admin role, and the last active admin cannot be demoted. Runs in a transaction that locks
 * the admin rows, so two admins demoting each other at once cannot leave the store without one.
 */
export async function updateUserByAdmin(
  db: Db,
  actor: Actor,
  userId: string,
  changes: { name?: string; role?: UserRole },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { target, isLastActiveAdmin } = await lockAdminsFor(tx, actor, userId);
    if (changes.role && changes.role !== "admin" && target.role === "admin") {
      if (target.id === actor.id) throw new Forbidden(m.cannotDemoteSelf);
      if (isLastActiveAdmin()) throw new Conflict(m.lastAdmin);
    }
    await tx
      .update(user)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(user.id, userId));
    await recordAudit(tx, actor, "user", userId, { name: target.name, role: target.role }, changes);
  });
}

/**
 * Bans (and signs out everywhere) or unbans a user. Only a current admin may; nobody can ban
 * themselves, nor the last active admin. Locks the admin rows like `updateUserByAdmin`, so two
 * admins banning each other at once cannot both succeed.
 */
export async function setUserBanned(db: Db, actor: Actor, userId: string, banned: boolean) {
  if (banned && userId === actor.id) throw new Forbidden(m.cannotBanSelf);
  await db.transaction(async (tx) => {
    const { isLastActiveAdmin } = await lockAdminsFor(tx, actor, userId);
    if (banned && isLastActiveAdmin()) throw new Conflict(m.lastAdmin);
    await tx
      .update(user)
      .set({ banned, banReason: null, banExpires: null, updatedAt: new Date() })
      .where(eq(user.id, userId));
    if (banned) await tx.delete(session).where(eq(session.userId, userId));
    await recordAudit(
      tx,
      actor,
      "user",
      userId,
      { banned: !banned },
      { banned },
      banned ? "ban" : "unban",
    );
  });
}

/**
 * Creates an account with no password yet; the caller e-mails the link to set one.
 * A duplicate e-mail is refused next to the e-mail field.
 */
export async function createUserByAdmin(
  db: Db,
  actor: Actor,
  input: { name: string; email: string; role: UserRole },
): Promise<{ id: string }> {
  if (await isEmailRegistered(db, input.email))
    throw new Conflict(m.userEmailTaken, { email: m.userEmailTaken });
  const id = crypto.randomUUID();
  const inserted = await db
    .insert(user)
    .values({ id, name: input.name, email: input.email, role: input.role })
    .onConflictDoNothing({ target: user.email })
    .returning({ id: user.id });
  // Another admin added the same e-mail a moment ago.
  if (inserted.length === 0) throw new Conflict(m.userEmailTaken, { email: m.userEmailTaken });
  await recordAudit(db, actor, "user", id, null, { email: input.email, role: input.role });
  return { id };
}
