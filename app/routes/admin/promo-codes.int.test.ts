import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, promoCodes } from "~/db/schema";
import { promoAdminMessages as a } from "~/features/orders/promo-admin.messages";
import { createUser } from "../../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as promo from "./promo-codes";

let t: TestDatabase;
let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  adminCookie = (await createUser(t, { role: "admin" })).cookie;
  customerCookie = (await createUser(t)).cookie;
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string) => `http://localhost:3000${path}`;

async function post(values: Record<string, string>, cookie = adminCookie, path = "/admin/promo") {
  const request = new Request(url(path), {
    method: "POST",
    body: new URLSearchParams(values),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  return outcome(async () => promo.action((await routeArgs(t, request)) as never));
}

async function load(path: string, cookie = adminCookie) {
  const request = new Request(url(path), { headers: { Cookie: cookie } });
  return outcome(async () => promo.loader((await routeArgs(t, request)) as never));
}

type Failure = { fieldErrors: Record<string, string>; values: Record<string, string> };
const failureOf = (r: unknown) => (r as { data: Failure }).data;

const form = {
  intent: "add",
  code: "diwali10",
  kind: "percent",
  amount: "10",
  minSubtotal: "",
  startsOn: "",
  endsOn: "",
  usageLimit: "",
};

const stored = () => t.db.select().from(promoCodes).orderBy(promoCodes.id);
const byCode = async (code: string) => {
  const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, code));
  if (!row) throw new Error(`${code} was not stored`);
  return row;
};

describe("access", () => {
  it("sends a visitor to the login page and refuses a customer, loader and action", async () => {
    const visitor = await load("/admin/promo", "");
    expect(statusOf(visitor)).toBe(302);
    expect((visitor as Response).headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/admin/promo")}`,
    );
    expect(statusOf(await load("/admin/promo", customerCookie))).toBe(403);
    for (const intent of ["add", "edit", "deactivate", "reactivate"]) {
      expect(statusOf(await post({ ...form, intent, promoId: "1" }, customerCookie)), intent).toBe(
        403,
      );
      expect(statusOf(await post({ ...form, intent, promoId: "1" }, "")), intent).toBe(302);
    }
    expect(await stored()).toEqual([]);
  });
});

describe("adding a promo code", () => {
  it("adds a fixed amount typed in rupees, stored in paise, with its days in India's time", async () => {
    const result = await post({
      ...form,
      code: " flat500 ",
      kind: "fixed",
      amount: "₹1,500.50",
      minSubtotal: "5,000",
      startsOn: "2026-11-01",
      endsOn: "2026-11-30",
      usageLimit: "50",
    });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/admin/promo");
    expect(await byCode("FLAT500")).toMatchObject({
      kind: "fixed",
      amount: 150_050,
      minSubtotalPaise: 500_000,
      startsAt: new Date("2026-11-01T00:00:00+05:30"),
      endsAt: new Date("2026-11-30T23:59:59.999+05:30"),
      usageLimit: 50,
      uses: 0,
      active: true,
    });
  });

  it("answers bad values with 400, each error by its field, the values kept and nothing stored", async () => {
    const before = await stored();
    const audits = await t.db.select().from(auditLog);
    const bad = {
      ...form,
      code: "no!",
      kind: "percent",
      amount: "150",
      minSubtotal: "lots",
      startsOn: "2026-11-30",
      endsOn: "2026-11-01",
      usageLimit: "0",
    };
    const result = await post(bad);
    expect(statusOf(result)).toBe(400);
    const data = failureOf(result);
    expect(data.fieldErrors).toEqual({
      code: a.codeFormat,
      amount: a.amountPercent,
      minSubtotal: a.minSubtotalFormat,
      endsOn: a.endsBeforeStarts,
      usageLimit: a.usageLimitFormat,
    });
    expect(data.values).toMatchObject({ code: "no!", amount: "150", minSubtotal: "lots" });

    const rupees = await post({ ...form, code: "BIGOFF", kind: "fixed", amount: "five hundred" });
    expect(statusOf(rupees)).toBe(400);
    expect(failureOf(rupees).fieldErrors).toEqual({ amount: a.amountRupees });
    expect(failureOf(rupees).values.amount).toBe("five hundred");

    expect(await stored()).toEqual(before);
    expect(await t.db.select().from(auditLog)).toHaveLength(audits.length);
  });

  it("refuses a code that exists next to the code field, without a 500 or a second row", async () => {
    const before = await stored();
    const result = await post({ ...form, code: "Flat500", amount: "5" });
    expect(statusOf(result)).toBe(409);
    expect(failureOf(result).fieldErrors).toEqual({ code: a.codeTaken });
    expect(failureOf(result).values.code).toBe("Flat500");
    expect(await stored()).toEqual(before);
  });
});

describe("editing a promo code", () => {
  it("opens the dialog on ?edit= and saves the changes", async () => {
    const row = await byCode("FLAT500");
    const page = (await load(`/admin/promo?edit=${row.id}`)) as Awaited<
      ReturnType<typeof promo.loader>
    >;
    expect(page.editing).toMatchObject({ id: row.id, code: "FLAT500" });
    expect(page.closeHref).toBe("/admin/promo");

    const result = await post({
      ...form,
      intent: "edit",
      promoId: String(row.id),
      code: "FLAT600",
      kind: "fixed",
      amount: "600",
      startsOn: "2026-11-01",
      endsOn: "",
      usageLimit: "",
    });
    expect(statusOf(result)).toBe(302);
    expect(await byCode("FLAT600")).toMatchObject({
      id: row.id,
      amount: 60_000,
      minSubtotalPaise: 0,
      endsAt: null,
      usageLimit: null,
    });
  });

  it("refuses a usage limit below the uses made, next to the field, changing nothing", async () => {
    const row = await byCode("FLAT600");
    await t.db.update(promoCodes).set({ uses: 7 }).where(eq(promoCodes.id, row.id));
    const before = await byCode("FLAT600");
    const result = await post({
      ...form,
      intent: "edit",
      promoId: String(row.id),
      code: "FLAT600",
      kind: "fixed",
      amount: "700",
      usageLimit: "5",
    });
    expect(statusOf(result)).toBe(400);
    expect(failureOf(result).fieldErrors).toEqual({ usageLimit: a.usageLimitBelowUses(7) });
    expect(failureOf(result).values).toMatchObject({ amount: "700", usageLimit: "5" });
    expect(await byCode("FLAT600")).toEqual(before);
  });

  it("answers an edit of an unknown or made-up id with 404", async () => {
    for (const promoId of ["999999", "abc", ""]) {
      const result = await post({ ...form, intent: "edit", promoId });
      expect(statusOf(result), promoId).toBe(404);
    }
  });
});

describe("deactivating and reactivating", () => {
  it("switches a code off and on, and never deletes it", async () => {
    const row = await byCode("FLAT600");
    expect(statusOf(await post({ intent: "deactivate", promoId: String(row.id) }))).toBe(302);
    expect(await byCode("FLAT600")).toMatchObject({ active: false });

    const inactive = (await load("/admin/promo?status=inactive")) as Awaited<
      ReturnType<typeof promo.loader>
    >;
    expect(inactive.list.rows.map((r) => r.code)).toEqual(["FLAT600"]);

    expect(statusOf(await post({ intent: "reactivate", promoId: String(row.id) }))).toBe(302);
    expect(await byCode("FLAT600")).toMatchObject({ active: true });
  });

  it("answers an unknown or made-up id with 404", async () => {
    for (const promoId of ["999999", "1e3", ""]) {
      expect(statusOf(await post({ intent: "deactivate", promoId })), promoId).toBe(404);
    }
  });
});

describe("the list", () => {
  it("searches by code and filters by status from the address", async () => {
    await post({ ...form, code: "MONSOON15", amount: "15" });
    const found = (await load("/admin/promo?q=mons&status=active")) as Awaited<
      ReturnType<typeof promo.loader>
    >;
    expect(found.query).toEqual({ q: "mons", status: "active", page: 1 });
    expect(found.list.rows.map((r) => r.code)).toEqual(["MONSOON15"]);
    const odd = (await load("/admin/promo?status=bogus&page=x")) as Awaited<
      ReturnType<typeof promo.loader>
    >;
    expect(odd.query).toEqual({ q: "", status: undefined, page: 1 });
    expect(odd.list.rows.map((r) => r.code)).toEqual(["MONSOON15", "FLAT600"]);
  });
});
