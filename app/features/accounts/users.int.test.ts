import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, session, user } from "~/db/schema";
import type { UserRole } from "~/db/schema/enums";
import { Conflict, Forbidden, NotFound } from "~/lib/errors";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { accountMessages as m } from "./accounts.messages";
import type { UserListQuery } from "./accounts.schema";
import { ensureAdmin } from "./admin-account.server";
import {
  createUserByAdmin,
  findUser,
  listUsers,
  setUserBanned,
  USERS_PAGE_SIZE,
  updateUserByAdmin,
} from "./users.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

/** Starts every test from an empty user table (sessions and accounts cascade) and audit log. */
beforeEach(async () => {
  await t.db.delete(user);
  // The log refuses DELETE (its trigger); TRUNCATE, as the test database is emptied, is not a row change.
  await t.db.execute(sql`truncate ${auditLog}`);
});

type NewUser = { id: string; name: string; email: string; role?: UserRole; createdAt?: Date };

async function insertUsers(...rows: NewUser[]) {
  await t.db.insert(user).values(rows.map((r) => ({ role: "user", ...r })));
}

function query(q: Partial<UserListQuery> = {}): UserListQuery {
  return { q: "", role: undefined, page: 1, ...q };
}

async function roleOf(id: string) {
  return (await findUser(t.db, id))?.role;
}

async function auditRows(entityId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));
}

/** A real account with a password and one signed-in session (the sign-up's own, issue 21). */
async function signedUpUser(name: string, email: string, password = "a-good-password-1") {
  const created = await t.auth.api.signUpEmail({ body: { name, email, password } });
  return created.user.id;
}

async function sessionCount(userId: string) {
  return (await t.db.select().from(session).where(eq(session.userId, userId))).length;
}

describe("listUsers", () => {
  beforeEach(async () => {
    await insertUsers(
      { id: "u-asha", name: "Asha Rao", email: "asha@example.in" },
      { id: "u-ravi", name: "Ravi Kumar", email: "ravi.kumar@shop.in", role: "admin" },
      { id: "u-pct", name: "Deal 50% Off", email: "deals@example.in" },
      { id: "u-under", name: "Plain Name", email: "a_b@example.in" },
      { id: "u-aXb", name: "Other Name", email: "axb@example.in" },
      { id: "u-meena", name: "Meena Iyer", email: "MEENA.IYER@mail.in" },
    );
  });

  const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

  it("lists everyone without filters", async () => {
    const result = await listUsers(t.db, query());
    expect(result.total).toBe(6);
    expect(result.page).toBe(1);
    expect(result.pageCount).toBe(1);
    expect(result.rows).toHaveLength(6);
  });

  it("finds users by part of the name, ignoring case", async () => {
    const result = await listUsers(t.db, query({ q: "ASHA r" }));
    expect(ids(result.rows)).toEqual(["u-asha"]);
    expect(result.total).toBe(1);
  });

  it("finds users by part of the e-mail, ignoring case", async () => {
    expect(ids((await listUsers(t.db, query({ q: "Shop.IN" }))).rows)).toEqual(["u-ravi"]);
    expect(ids((await listUsers(t.db, query({ q: "meena.iyer@" }))).rows)).toEqual(["u-meena"]);
  });

  it("treats % in the search as the character, not a wildcard", async () => {
    expect(ids((await listUsers(t.db, query({ q: "50%" }))).rows)).toEqual(["u-pct"]);
    expect((await listUsers(t.db, query({ q: "%" }))).rows.map((r) => r.id)).toEqual(["u-pct"]);
  });

  it("treats _ in the search as the character, not a wildcard", async () => {
    expect(ids((await listUsers(t.db, query({ q: "a_b" }))).rows)).toEqual(["u-under"]);
  });

  it("treats a backslash in the search literally", async () => {
    expect((await listUsers(t.db, query({ q: "\\" }))).total).toBe(0);
  });

  it("filters by role, together with the search", async () => {
    expect(ids((await listUsers(t.db, query({ role: "admin" }))).rows)).toEqual(["u-ravi"]);
    expect((await listUsers(t.db, query({ role: "user" }))).total).toBe(5);
    expect((await listUsers(t.db, query({ role: "admin", q: "asha" }))).total).toBe(0);
  });

  it("returns an empty first page when nothing matches", async () => {
    expect(await listUsers(t.db, query({ q: "nobody-like-this", page: 4 }))).toEqual({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });
});

describe("listUsers pagination", () => {
  const total = USERS_PAGE_SIZE * 2 + 5;
  const base = Date.UTC(2025, 0, 1);

  beforeEach(async () => {
    // User n was created n minutes after the base time, so the newest is the highest n.
    await insertUsers(
      ...Array.from({ length: total }, (_, n) => ({
        id: `p-${String(n).padStart(3, "0")}`,
        name: `Paged ${n}`,
        email: `paged${n}@example.in`,
        createdAt: new Date(base + n * 60_000),
      })),
    );
  });

  it("shows USERS_PAGE_SIZE users a page, newest first", async () => {
    const first = await listUsers(t.db, query());
    expect(first.total).toBe(total);
    expect(first.pageCount).toBe(3);
    expect(first.rows).toHaveLength(USERS_PAGE_SIZE);
    expect(first.rows[0]?.id).toBe(`p-${String(total - 1).padStart(3, "0")}`);
    const times = first.rows.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("shows every user exactly once across the pages", async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const result = await listUsers(t.db, query({ page }));
      expect(result.page).toBe(page);
      seen.push(...result.rows.map((r) => r.id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it("has the remainder on the last page", async () => {
    const last = await listUsers(t.db, query({ page: 3 }));
    expect(last.rows.map((r) => r.id)).toEqual(["p-004", "p-003", "p-002", "p-001", "p-000"]);
  });

  it("clamps a page beyond the last to the last page", async () => {
    const beyond = await listUsers(t.db, query({ page: 99 }));
    const last = await listUsers(t.db, query({ page: 3 }));
    expect(beyond.page).toBe(3);
    expect(beyond.rows).toEqual(last.rows);
  });

  it("counts pages of the filtered result", async () => {
    // "Paged 1", "Paged 10".."Paged 19" match "Paged 1": 11 users, one page.
    const result = await listUsers(t.db, query({ q: "Paged 1", page: 2 }));
    expect(result.total).toBe(11);
    expect(result.pageCount).toBe(1);
    expect(result.page).toBe(1);
  });
});

describe("updateUserByAdmin", () => {
  const admin = { id: "admin-1" };

  beforeEach(async () => {
    await insertUsers(
      { id: "admin-1", name: "First Admin", email: "admin1@example.in", role: "admin" },
      { id: "cust-1", name: "Customer One", email: "cust1@example.in" },
    );
  });

  it("promotes a user to admin and back, writing who did it to the audit log", async () => {
    await updateUserByAdmin(t.db, admin, "cust-1", { role: "admin" });
    expect(await roleOf("cust-1")).toBe("admin");
    await updateUserByAdmin(t.db, admin, "cust-1", { role: "user" });
    expect(await roleOf("cust-1")).toBe("user");

    const log = await auditRows("cust-1");
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      actorId: "admin-1",
      action: "user.update",
      entity: "user",
      details: { from: { role: "user", name: "Customer One" }, to: { role: "admin" } },
    });
    expect(log[1]).toMatchObject({
      actorId: "admin-1",
      action: "user.update",
      details: { from: { role: "admin" }, to: { role: "user" } },
    });
  });

  it("changes the name", async () => {
    await updateUserByAdmin(t.db, admin, "cust-1", { name: "Customer Renamed" });
    expect((await findUser(t.db, "cust-1"))?.name).toBe("Customer Renamed");
    expect(await roleOf("cust-1")).toBe("user");
    expect(await auditRows("cust-1")).toHaveLength(1);
  });

  it("does not let an admin remove their own admin role", async () => {
    // A second admin exists, so this is refused for being oneself, not for being the last one.
    await insertUsers({ id: "admin-2", name: "Second", email: "admin2@example.in", role: "admin" });
    const attempt = updateUserByAdmin(t.db, admin, "admin-1", { role: "user" });
    await expect(attempt).rejects.toBeInstanceOf(Forbidden);
    await expect(attempt).rejects.toThrow(m.cannotDemoteSelf);
    expect(await roleOf("admin-1")).toBe("admin");
    expect(await auditRows("admin-1")).toEqual([]);
  });

  it("lets an admin rename themselves while keeping the role", async () => {
    await updateUserByAdmin(t.db, admin, "admin-1", { name: "Renamed Admin", role: "admin" });
    expect(await findUser(t.db, "admin-1")).toMatchObject({ name: "Renamed Admin", role: "admin" });
  });

  it("lets one of two admins demote the other", async () => {
    await insertUsers({ id: "admin-2", name: "Second", email: "admin2@example.in", role: "admin" });
    await updateUserByAdmin(t.db, admin, "admin-2", { role: "user" });
    expect(await roleOf("admin-2")).toBe("user");
    expect(await auditRows("admin-2")).toMatchObject([{ actorId: "admin-1" }]);
  });

  it("refuses an actor who is no longer an admin (demoted since the page was checked)", async () => {
    await insertUsers({ id: "admin-2", name: "Second", email: "admin2@example.in", role: "admin" });
    // Two admins demoting each other one after the other: the second demotion must fail.
    await updateUserByAdmin(t.db, { id: "admin-2" }, "admin-1", { role: "user" });
    const attempt = updateUserByAdmin(t.db, admin, "admin-2", { role: "user" });
    await expect(attempt).rejects.toBeInstanceOf(Forbidden);
    await expect(attempt).rejects.toThrow(m.noLongerAdmin);
    // Nor any other change, such as a rename or a promotion.
    await expect(
      updateUserByAdmin(t.db, admin, "cust-1", { name: "Renamed", role: "admin" }),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(await findUser(t.db, "cust-1")).toMatchObject({ name: "Customer One", role: "user" });
    expect(await roleOf("admin-2")).toBe("admin");
    expect(await auditRows("admin-2")).toEqual([]);
  });

  it("refuses a banned admin", async () => {
    await insertUsers({ id: "admin-2", name: "Second", email: "admin2@example.in", role: "admin" });
    await setUserBanned(t.db, { id: "admin-2" }, "admin-1", true);
    await expect(
      updateUserByAdmin(t.db, admin, "cust-1", { role: "admin" }),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(await roleOf("cust-1")).toBe("user");
  });

  it("lets only one of two admins demoting each other at once succeed (PGlite: a smoke check; CI proves the race on PostgreSQL)", async () => {
    await insertUsers({ id: "admin-2", name: "Second", email: "admin2@example.in", role: "admin" });
    const results = await Promise.allSettled([
      updateUserByAdmin(t.db, admin, "admin-2", { role: "user" }),
      updateUserByAdmin(t.db, { id: "admin-2" }, "admin-1", { role: "user" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const roles = [await roleOf("admin-1"), await roleOf("admin-2")];
    expect(roles.filter((role) => role === "admin")).toHaveLength(1);
  });

  it("answers NotFound for a user that does not exist", async () => {
    await expect(updateUserByAdmin(t.db, admin, "ghost", { role: "admin" })).rejects.toBeInstanceOf(
      NotFound,
    );
  });
});

describe("setUserBanned", () => {
  const admin = { id: "admin-1" };
  const password = "customer-pass-1";
  let customerId: string;
  let otherId: string;

  beforeEach(async () => {
    await insertUsers({
      id: "admin-1",
      name: "First Admin",
      email: "admin1@example.in",
      role: "admin",
    });
    customerId = await signedUpUser("Banned Soon", "banme@example.in", password);
    otherId = await signedUpUser("Bystander", "bystander@example.in");
  });

  it("bans a user and ends all of that user's sessions only", async () => {
    await t.auth.api.signInEmail({ body: { email: "banme@example.in", password } });
    expect(await sessionCount(customerId)).toBe(2);

    await setUserBanned(t.db, admin, customerId, true);

    expect((await findUser(t.db, customerId))?.banned).toBe(true);
    expect(await sessionCount(customerId)).toBe(0);
    expect(await sessionCount(otherId)).toBe(1);
    expect(await auditRows(customerId)).toMatchObject([
      { actorId: "admin-1", action: "user.ban", entity: "user" },
    ]);
  });

  it("keeps a banned user from signing in until unbanned", async () => {
    await setUserBanned(t.db, admin, customerId, true);
    await expect(
      t.auth.api.signInEmail({ body: { email: "banme@example.in", password } }),
    ).rejects.toMatchObject({ body: { code: "BANNED_USER" } });
    expect(await sessionCount(customerId)).toBe(0);

    await setUserBanned(t.db, admin, customerId, false);
    expect((await findUser(t.db, customerId))?.banned).toBe(false);
    const signedIn = await t.auth.api.signInEmail({
      body: { email: "banme@example.in", password },
    });
    expect(signedIn.user.id).toBe(customerId);
    expect((await auditRows(customerId)).map((r) => [r.actorId, r.action])).toEqual([
      ["admin-1", "user.ban"],
      ["admin-1", "user.unban"],
    ]);
  });

  it("does not let an admin ban themselves", async () => {
    const attempt = setUserBanned(t.db, admin, "admin-1", true);
    await expect(attempt).rejects.toBeInstanceOf(Forbidden);
    await expect(attempt).rejects.toThrow(m.cannotBanSelf);
    expect((await findUser(t.db, "admin-1"))?.banned).toBe(false);
    expect(await auditRows("admin-1")).toEqual([]);
  });

  it("answers NotFound for a user that does not exist, and logs nothing", async () => {
    await expect(setUserBanned(t.db, admin, "ghost", true)).rejects.toBeInstanceOf(NotFound);
    expect(await auditRows("ghost")).toEqual([]);
  });

  it("lets one admin ban another, who then can no longer ban or unban anyone", async () => {
    await insertUsers({ id: "admin-2", name: "Second", email: "admin2@example.in", role: "admin" });
    await setUserBanned(t.db, admin, "admin-2", true);
    for (const [target, banned] of [
      ["admin-1", true],
      [customerId, true],
      ["admin-2", false],
    ] as const) {
      const attempt = setUserBanned(t.db, { id: "admin-2" }, target, banned);
      await expect(attempt).rejects.toBeInstanceOf(Forbidden);
      await expect(attempt).rejects.toThrow(m.noLongerAdmin);
    }
    expect((await findUser(t.db, "admin-1"))?.banned).toBe(false);
    expect((await findUser(t.db, "admin-2"))?.banned).toBe(true);
  });

  it("refuses a demoted admin", async () => {
    await insertUsers({ id: "admin-2", name: "Second", email: "admin2@example.in", role: "admin" });
    await updateUserByAdmin(t.db, admin, "admin-2", { role: "user" });
    await expect(setUserBanned(t.db, { id: "admin-2" }, customerId, true)).rejects.toBeInstanceOf(
      Forbidden,
    );
    expect((await findUser(t.db, customerId))?.banned).toBe(false);
  });

  it("never leaves the store without an active admin when two admins ban each other at once (PGlite: a smoke check; CI proves the race on PostgreSQL)", async () => {
    await insertUsers({ id: "admin-2", name: "Second", email: "admin2@example.in", role: "admin" });
    const results = await Promise.allSettled([
      setUserBanned(t.db, admin, "admin-2", true),
      setUserBanned(t.db, { id: "admin-2" }, "admin-1", true),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const banned = [
      (await findUser(t.db, "admin-1"))?.banned,
      (await findUser(t.db, "admin-2"))?.banned,
    ];
    expect(banned.filter((b) => b === false)).toHaveLength(1);
  });
});

describe("ensureAdmin (npm run create-admin)", () => {
  it("promotes an existing account, lifts its ban and keeps its password", async () => {
    const password = "locked-out-pass-1";
    const id = await signedUpUser("Locked Out", "lockedout@example.in", password);
    await t.db
      .update(user)
      .set({ banned: true, banReason: "spam", banExpires: new Date(Date.now() + 86_400_000) })
      .where(eq(user.id, id));

    const result = await ensureAdmin(t.db, t.auth, {
      email: " LockedOut@example.in ",
      name: "Ignored",
      password: "another-password-9",
    });
    expect(result).toEqual({ id, created: false });
    const [row] = await t.db.select().from(user).where(eq(user.id, id));
    expect(row).toMatchObject({ role: "admin", banned: false, banReason: null, banExpires: null });
    const signedIn = await t.auth.api.signInEmail({
      body: { email: "lockedout@example.in", password },
    });
    expect(signedIn.user.id).toBe(id);
  });
});

describe("createUserByAdmin", () => {
  const admin = { id: "admin-1" };

  beforeEach(async () => {
    await insertUsers(
      { id: "admin-1", name: "First Admin", email: "admin1@example.in", role: "admin" },
      { id: "cust-1", name: "Customer One", email: "taken@example.in" },
    );
  });

  it("creates the account with the role and logs it", async () => {
    const { id } = await createUserByAdmin(t.db, admin, {
      name: "New Staff",
      email: "staff@example.in",
      role: "admin",
    });
    expect(await findUser(t.db, id)).toMatchObject({
      name: "New Staff",
      email: "staff@example.in",
      role: "admin",
      banned: false,
    });
    expect(await auditRows(id)).toMatchObject([
      {
        actorId: "admin-1",
        action: "user.create",
        details: { to: { email: "staff@example.in", role: "admin" } },
      },
    ]);
  });

  it("refuses an e-mail already in use, next to the e-mail field", async () => {
    const attempt = createUserByAdmin(t.db, admin, {
      name: "Copy",
      email: "taken@example.in",
      role: "user",
    });
    await expect(attempt).rejects.toBeInstanceOf(Conflict);
    await expect(attempt).rejects.toMatchObject({ fieldErrors: { email: m.userEmailTaken } });
    expect((await listUsers(t.db, query({ q: "taken@" }))).total).toBe(1);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  it("refuses the same e-mail written in another case", async () => {
    await expect(
      createUserByAdmin(t.db, admin, { name: "Copy", email: "Taken@Example.IN", role: "user" }),
    ).rejects.toMatchObject({ status: 409, fieldErrors: { email: m.userEmailTaken } });
  });
});
