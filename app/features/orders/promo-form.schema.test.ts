import { describe, expect, it } from "vitest";
import { promoAdminMessages as m } from "./promo-admin.messages";
import {
  indiaDay,
  indiaDayInput,
  promoAmount,
  promoFormSchema,
  promoListSchema,
} from "./promo-form.schema";

const valid = {
  code: "DIWALI10",
  kind: "percent",
  amount: "10",
  minSubtotal: "",
  startsOn: "",
  endsOn: "",
  usageLimit: "",
};

const errorsOf = (values: Record<string, string | undefined>) => {
  const result = promoFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
  );
};

describe("admin promo code form", () => {
  it("saves the code upper-case and a blank optional field as none", () => {
    expect(promoFormSchema.parse({ ...valid, code: "  diwali10 " })).toEqual({
      code: "DIWALI10",
      kind: "percent",
      amount: 10,
      minSubtotalPaise: 0,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
    });
  });

  it("turns an amount off and the minimum subtotal typed in rupees into paise", () => {
    expect(
      promoFormSchema.parse({
        ...valid,
        kind: "fixed",
        amount: "₹ 1,250.50",
        minSubtotal: "2,000",
        usageLimit: "100",
      }),
    ).toMatchObject({ amount: 125_050, minSubtotalPaise: 200_000, usageLimit: 100 });
  });

  it("reads the days as India's: from 00:00 of the first to the last millisecond of the last", () => {
    const data = promoFormSchema.parse({ ...valid, startsOn: "2026-11-01", endsOn: "2026-11-30" });
    expect(data.startsAt?.toISOString()).toBe("2026-10-31T18:30:00.000Z");
    expect(data.endsAt?.toISOString()).toBe("2026-11-30T18:29:59.999Z");
    // A one-day code.
    const oneDay = promoFormSchema.parse({
      ...valid,
      startsOn: "2026-11-14",
      endsOn: "2026-11-14",
    });
    expect(oneDay.endsAt && oneDay.startsAt && oneDay.endsAt > oneDay.startsAt).toBe(true);
  });

  it("refuses a bad code, kind, amount, minimum, day or limit next to its field", () => {
    for (const [field, value, message] of [
      ["code", "AB", m.codeFormat],
      ["code", "DIWALI-10", m.codeFormat],
      ["code", "A".repeat(21), m.codeFormat],
      ["code", "", m.codeFormat],
      ["kind", "", m.kindRequired],
      ["kind", "free", m.kindRequired],
      ["amount", "", m.amountRequired],
      ["amount", "0", m.amountPercent],
      ["amount", "101", m.amountPercent],
      ["amount", "12.5", m.amountPercent],
      ["minSubtotal", "lots", m.minSubtotalFormat],
      ["minSubtotal", "12.345", m.minSubtotalFormat],
      ["startsOn", "2026-02-30", m.dateFormat],
      ["endsOn", "30/11/2026", m.dateFormat],
      ["usageLimit", "0", m.usageLimitFormat],
      ["usageLimit", "2.5", m.usageLimitFormat],
      ["usageLimit", "-1", m.usageLimitFormat],
      ["usageLimit", "10000000", m.usageLimitFormat],
    ] as const) {
      expect(errorsOf({ ...valid, [field]: value }), `${field}=${value}`).toEqual({
        [field]: message,
      });
    }
    for (const amount of ["0", "abc", "12.345", "10000000.01"]) {
      expect(errorsOf({ ...valid, kind: "fixed", amount }), amount).toEqual({
        amount: m.amountRupees,
      });
    }
    expect(errorsOf({ code: undefined, kind: undefined, amount: undefined })).toEqual({
      code: m.codeFormat,
      kind: m.kindRequired,
      amount: m.amountRequired,
    });
  });

  it("refuses a last day before the first, and shows every field's error at once", () => {
    expect(errorsOf({ ...valid, startsOn: "2026-11-30", endsOn: "2026-11-29" })).toEqual({
      endsOn: m.endsBeforeStarts,
    });
    expect(
      errorsOf({
        ...valid,
        code: "x",
        amount: "150",
        startsOn: "2026-11-30",
        endsOn: "2026-11-01",
      }),
    ).toEqual({ code: m.codeFormat, amount: m.amountPercent, endsOn: m.endsBeforeStarts });
  });
});

describe("days and amounts", () => {
  it("shows a stored instant as its day in India", () => {
    expect(indiaDayInput(new Date("2026-10-31T18:30:00.000Z"))).toBe("2026-11-01");
    expect(indiaDayInput(new Date("2026-11-30T18:29:59.999Z"))).toBe("2026-11-30");
    expect(indiaDayInput("2026-11-30T18:29:59.999Z")).toBe("2026-11-30");
    expect(indiaDayInput(null)).toBe("");
    const start = indiaDay("2026-03-01", "start");
    expect(start && indiaDayInput(start)).toBe("2026-03-01");
    expect(indiaDay("2026-13-01", "start")).toBeNull();
  });

  it("reads a percentage as a whole number and an amount off as paise", () => {
    expect(promoAmount("percent", "100")).toBe(100);
    expect(promoAmount("percent", "1,0")).toBeNull();
    expect(promoAmount("fixed", "500")).toBe(50_000);
    expect(promoAmount("fixed", "0.50")).toBe(50);
  });
});

describe("promo list query", () => {
  it("falls back to the whole first page for odd values", () => {
    expect(promoListSchema.parse({ q: " diwali ", status: "inactive", page: "2" })).toEqual({
      q: "diwali",
      status: "inactive",
      page: 2,
    });
    expect(promoListSchema.parse({ status: "bogus", page: "-3" })).toEqual({
      q: "",
      status: undefined,
      page: 1,
    });
  });
});
