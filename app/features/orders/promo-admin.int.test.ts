import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, promoCodes } from "~/db/schema";
import { Conflict, NotFound, ValidationError } from "~/lib/errors";
import { createUser, type TestUser } from "../../../tests/factories";
import { outcome } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { checkPromoCode } from "./promo.server";
import { promoAdminMessages as a } from "./promo-admin.messages";
import {
  getPromoCode,
  listPromoCodes,
  PROMO_CODES_PAGE_SIZE,
  savePromoCode,
  setPromoCodeActive,
} from "./promo-admin.server";
import type { PromoCodeInput } from "./promo-form.schema";

let t: TestDatabase;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin" });
});
afterAll(async () => {
  await t?.close();
});

const base: PromoCodeInput = {
  code: "WELCOME",
  kind: "percent",
  amount: 10,
  minSubtotalPaise: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
};

const add = (input: Partial<PromoCodeInput>) =>
  savePromoCode(t.db, { ...base, ...input, id: null }, admin);

const auditOf = (id: number) =>
  t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.entityId, String(id)))
    .orderBy(auditLog.id);

describe("adding and editing a promo code", () => {
  it("adds a code, recorded in the audit log", async () => {
    const id = await add({
      code: "DIWALI10",
      minSubtotalPaise: 200_000,
      startsAt: new Date("2026-10-31T18:30:00.000Z"),
      endsAt: new Date("2026-11-30T18:29:59.999Z"),
      usageLimit: 100,
    });
    expect(await getPromoCode(t.db, id)).toMatchObject({
      code: "DIWALI10",
      kind: "percent",
      amount: 10,
      minSubtotalPaise: 200_000,
      usageLimit: 100,
      uses: 0,
      active: true,
    });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: "promo_code.create",
      actorId: admin.id,
      details: { to: { code: "DIWALI10", endsAt: "2026-11-30T18:29:59.999Z", usageLimit: 100 } },
    });
  });

  it("edits every field but the uses and the active flag, keeping the before and after", async () => {
    const id = await add({ code: "FLAT500", kind: "fixed", amount: 50_000 });
    await t.db.update(promoCodes).set({ uses: 4 }).where(eq(promoCodes.id, id));
    await savePromoCode(
      t.db,
      { ...base, id, code: "FLAT750", kind: "fixed", amount: 75_000, usageLimit: 4 },
      admin,
    );
    expect(await getPromoCode(t.db, id)).toMatchObject({
      code: "FLAT750",
      amount: 75_000,
      usageLimit: 4,
      uses: 4,
      active: true,
    });
    const entries = await auditOf(id);
    expect(entries.at(-1)).toMatchObject({
      action: "promo_code.update",
      details: { from: { code: "FLAT500", amount: 50_000 }, to: { code: "FLAT750" } },
    });
  });

  it("refuses a code that exists with an error on the code field, and stores nothing", async () => {
    const before = await t.db.select().from(promoCodes);
    const audits = await t.db.select().from(auditLog);
    const duplicate = await outcome(() => add({ code: "DIWALI10", amount: 20 }));
    expect(duplicate).toBeInstanceOf(Conflict);
    expect((duplicate as Conflict).fieldErrors).toEqual({ code: a.codeTaken });

    // Renaming another code to a taken one is refused the same way.
    const other = before.find((row) => row.code === "FLAT750");
    if (!other) throw new Error("FLAT750 missing");
    const renamed = await outcome(() =>
      savePromoCode(t.db, { ...base, id: other.id, code: "DIWALI10" }, admin),
    );
    expect((renamed as Conflict).fieldErrors).toEqual({ code: a.codeTaken });
    expect(await t.db.select().from(promoCodes)).toEqual(before);
    expect(await t.db.select().from(auditLog)).toHaveLength(audits.length);
  });

  it("refuses a usage limit below the uses already made, next to the field", async () => {
    const id = await add({ code: "USED3", usageLimit: 10 });
    await t.db.update(promoCodes).set({ uses: 3 }).where(eq(promoCodes.id, id));
    const refused = await outcome(() =>
      savePromoCode(t.db, { ...base, id, code: "USED3", usageLimit: 2 }, admin),
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fieldErrors).toEqual({
      usageLimit: a.usageLimitBelowUses(3),
    });
    expect(await getPromoCode(t.db, id)).toMatchObject({ usageLimit: 10, uses: 3 });
    // Down to exactly the uses made is allowed (it is now used up), and so is no limit.
    await savePromoCode(t.db, { ...base, id, code: "USED3", usageLimit: 3 }, admin);
    expect(await checkPromoCode(t.db, "USED3", 100_000)).toEqual({
      ok: false,
      message: "This promo code has been used up.",
    });
    await savePromoCode(t.db, { ...base, id, code: "USED3", usageLimit: null }, admin);
    expect(await getPromoCode(t.db, id)).toMatchObject({ usageLimit: null, uses: 3 });
  });

  it("answers an edit of a code that does not exist with NotFound", async () => {
    expect(
      await outcome(() => savePromoCode(t.db, { ...base, id: 999_999 }, admin)),
    ).toBeInstanceOf(NotFound);
  });
});

describe("deactivating and reactivating", () => {
  it("makes the cart refuse a deactivated code and accept it again once reactivated", async () => {
    const id = await add({ code: "PAUSE5", amount: 5 });
    expect(await checkPromoCode(t.db, "pause5", 100_000)).toMatchObject({ ok: true, id });

    expect(await setPromoCodeActive(t.db, { id, active: false }, admin)).toMatchObject({
      active: false,
    });
    expect(await checkPromoCode(t.db, "PAUSE5", 100_000)).toEqual({
      ok: false,
      message: "That promo code is not valid.",
    });

    await setPromoCodeActive(t.db, { id, active: true }, admin);
    expect(await checkPromoCode(t.db, "PAUSE5", 100_000)).toMatchObject({ ok: true });

    // Asking for the state it is in changes nothing and records nothing.
    await setPromoCodeActive(t.db, { id, active: true }, admin);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual([
      "promo_code.create",
      "promo_code.deactivate",
      "promo_code.reactivate",
    ]);
    expect(await getPromoCode(t.db, id)).not.toBeNull();
  });

  it("answers an unknown code with NotFound", async () => {
    expect(
      await outcome(() => setPromoCodeActive(t.db, { id: 999_999, active: false }, admin)),
    ).toBeInstanceOf(NotFound);
  });
});

describe("the list", () => {
  const total = PROMO_CODES_PAGE_SIZE + 5;

  beforeAll(async () => {
    const start = new Date("2026-01-01T00:00:00Z").getTime();
    await t.db.insert(promoCodes).values(
      Array.from({ length: total }, (_, i) => ({
        code: `LIST${String(i + 1).padStart(2, "0")}`,
        kind: "fixed" as const,
        amount: 100 * (i + 1),
        // Every third is inactive; each made a minute after the one before.
        active: i % 3 !== 0,
        createdAt: new Date(start + i * 60_000),
      })),
    );
  });

  const codes = (rows: { code: string }[]) => rows.map((row) => row.code);

  it("finds codes by part of the code, in any case, newest first, a page at a time", async () => {
    const first = await listPromoCodes(t.db, { q: "list", page: 1 });
    expect(first).toMatchObject({ total, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(PROMO_CODES_PAGE_SIZE);
    expect(codes(first.rows).slice(0, 3)).toEqual(["LIST25", "LIST24", "LIST23"]);
    const second = await listPromoCodes(t.db, { q: "List", page: 2 });
    expect(codes(second.rows)).toEqual(["LIST05", "LIST04", "LIST03", "LIST02", "LIST01"]);
    // A page past the end shows the last one.
    expect((await listPromoCodes(t.db, { q: "LIST", page: 9 })).page).toBe(2);
    expect(codes((await listPromoCodes(t.db, { q: "ST1", page: 1 })).rows)).toEqual([
      "LIST19",
      "LIST18",
      "LIST17",
      "LIST16",
      "LIST15",
      "LIST14",
      "LIST13",
      "LIST12",
      "LIST11",
      "LIST10",
    ]);
    // LIKE's wildcards are text.
    expect((await listPromoCodes(t.db, { q: "LIST%", page: 1 })).total).toBe(0);
  });

  it("filters active and inactive codes, or shows all", async () => {
    const stored = await t.db
      .select({ active: promoCodes.active })
      .from(promoCodes)
      .where(like(promoCodes.code, "LIST%"));
    const inactive = stored.filter((row) => !row.active).length;
    expect(inactive).toBe(9);
    const onlyInactive = await listPromoCodes(t.db, { q: "LIST", status: "inactive", page: 1 });
    expect(onlyInactive.total).toBe(inactive);
    expect(onlyInactive.rows.every((row) => !row.active)).toBe(true);
    const onlyActive = await listPromoCodes(t.db, { q: "LIST", status: "active", page: 1 });
    expect(onlyActive.total).toBe(total - inactive);
    expect(onlyActive.rows.every((row) => row.active)).toBe(true);
    const all = await listPromoCodes(t.db, { q: "", page: 1 });
    expect(all.total).toBeGreaterThan(total);
  });
});
