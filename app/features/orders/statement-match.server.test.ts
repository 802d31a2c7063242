import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { paymentMatchMethods } from "~/db/schema/payments";
import { matchMethods } from "./statement.schema";
import {
  checkoutReferencesIn,
  creditOnOrderDay,
  matchStatement,
  type PendingOrder,
  placedFor,
} from "./statement-match.server";
import { readStatement, type StatementCredit } from "./statement-read.server";

const sample = readFileSync(new URL("./fixtures/sample-statement.csv", import.meta.url), "utf8");

/** An India time on a day of November 2026. */
const ist = (day: number, time = "10:00") =>
  new Date(`2026-11-${String(day).padStart(2, "0")}T${time}:00+05:30`);

function order(number: number, overrides: Partial<PendingOrder> = {}): PendingOrder {
  return {
    number,
    customerName: `Customer ${number}`,
    totalPaise: 100_000,
    reference: `UC${String(number).padStart(20, "0")}`,
    utr: null,
    createdAt: ist(22),
    ...overrides,
  };
}

function credit(line: number, overrides: Partial<StatementCredit> = {}): StatementCredit {
  return {
    line,
    date: "2026-11-22",
    amountPaise: 100_000,
    reference: `4345000${String(line).padStart(5, "0")}`,
    lineId: null,
    narration: "UPI-SOMEONE-x@ybl-Payment",
    ...overrides,
  };
}

/** The orders the sample statement is about. */
const sampleOrders = [
  order(10001, { totalPaise: 245_000, utr: "434512345678" }),
  order(10002, { totalPaise: 459_950, reference: "UC0123456789ABCDEF0123" }),
  // Placed late on the 21st (India), paid on the 22nd: the next day still fits.
  order(10003, { totalPaise: 319_900, createdAt: ist(21, "23:30") }),
  order(10004, { totalPaise: 500_000, createdAt: ist(23) }),
  order(10005, { totalPaise: 500_000, createdAt: ist(23, "11:00") }),
  order(10006, { totalPaise: 100_000, utr: "434599990000", createdAt: ist(23) }),
  // The same amount and day as 10001's credit, which is 10001's by its UTR.
  order(10007, { totalPaise: 245_000 }),
];

describe("matching the sample statement to pending orders", () => {
  const { credits } = readStatement(sample);
  const used = new Map([["434500000001", 10000]]);
  const result = matchStatement(credits, sampleOrders, used);
  const reasonOf = (line: number) => result.unmatched.find((u) => u.credit.line === line)?.reason;

  it("matches by exact UTR, reference in narration, and amount and day (flagged weak)", () => {
    expect(
      result.matches.map((x) => ({
        line: x.credit.line,
        order: x.order.number,
        by: x.by,
        weak: x.weak,
      })),
    ).toEqual([
      { line: 8, order: 10001, by: "utr", weak: false },
      { line: 9, order: 10002, by: "reference", weak: false },
      { line: 10, order: 10003, by: "amount", weak: true },
    ]);
  });

  it("never uses one credit twice, nor pays one order twice", () => {
    const lines = result.matches.map((x) => x.credit.line);
    const orders = result.matches.map((x) => x.order.number);
    expect(new Set(lines).size).toBe(lines.length);
    expect(new Set(orders).size).toBe(orders.length);
    // 10007 has 10001's amount and day, but that credit is 10001's.
    expect(orders).not.toContain(10007);
    expect(reasonOf(19)).toBe("Same UTR as line 8 of this statement");
    expect(reasonOf(15)).toBe("Names order #10002, which line 9 already pays: was it paid twice?");
    // Every credit is either matched or told why not.
    expect(result.conflicts).toEqual([]);
    expect(result.matches.length + result.unmatched.length).toBe(credits.length);
  });

  it("reports an ambiguous amount, a UTR with another amount, a used credit and no match", () => {
    expect(reasonOf(11)).toContain("fits several orders of that day (#10004, #10005)");
    expect(reasonOf(13)).toBe("UTR of order #10006, but ₹900 was credited and the order is ₹1,000");
    expect(result.unmatched.find((u) => u.credit.line === 13)?.order).toBe(10006);
    expect(reasonOf(14)).toBe("Already used: this credit paid order #10000");
    expect(reasonOf(18)).toContain("No pending order");
  });
});

describe("the statement matcher's rules", () => {
  it("does not match a UTR or a reference whose amount differs, not even by amount elsewhere", () => {
    const orders = [
      order(1, { utr: "434500000001", totalPaise: 100_000 }),
      order(2, { totalPaise: 90_000 }),
      order(3, { reference: "UC00000000000000000AB3", totalPaise: 100_000 }),
    ];
    const result = matchStatement(
      [
        credit(1, { reference: "434500000001", amountPaise: 90_000 }),
        credit(2, { narration: "UPI/434500000002/UC00000000000000000AB3", amountPaise: 99_999 }),
      ],
      orders,
      new Map(),
    );
    expect(result.matches).toEqual([]);
    expect(result.unmatched.map((u) => u.order)).toEqual([1, 3]);
    expect(result.unmatched[1]?.reason).toContain("Reference of order #3 in the narration");
  });

  it("finds the order's reference in a narration that split or lower-cased it", () => {
    const result = matchStatement(
      [credit(1, { narration: "UPI/434500000001/uc0000000000-0000000ab3/x@ybl" })],
      [order(3, { reference: "UC00000000000000000AB3" })],
      new Map(),
    );
    expect(result.matches).toMatchObject([{ by: "reference", weak: false }]);
  });

  it("leaves an order that two credits of its amount and day could pay", () => {
    const result = matchStatement([credit(1), credit(2)], [order(1)], new Map());
    expect(result.matches).toEqual([]);
    expect(result.unmatched[0]?.reason).toContain("Several credits of that amount and day");
  });

  it("matches by amount only on the order's day or the next", () => {
    const orders = [order(1, { createdAt: ist(20) })];
    expect(matchStatement([credit(1, { date: "2026-11-22" })], orders, new Map()).matches).toEqual(
      [],
    );
    expect(
      matchStatement([credit(1, { date: "2026-11-21" })], orders, new Map()).matches,
    ).toMatchObject([{ by: "amount", weak: true }]);
  });

  it("prefers the strong match when a credit could also fit by amount", () => {
    // Credit 1 fits order 2 by amount, but its narration names order 1: it is order 1's.
    const result = matchStatement(
      [credit(1, { narration: "UPI/x/UC00000000000000000001" }), credit(2)],
      [order(1), order(2)],
      new Map(),
    );
    expect(result.matches.map((x) => [x.credit.line, x.order.number, x.by])).toEqual([
      [1, 1, "reference"],
      [2, 2, "amount"],
    ]);
  });

  it("cannot record a credit without a reference", () => {
    const result = matchStatement([credit(1, { reference: null })], [order(1)], new Map());
    expect(result.matches).toEqual([]);
    expect(result.unmatched[0]?.reason).toContain("No UTR or bank reference");
  });
});

describe("a credit's UTR against the checkout reference in its narration", () => {
  // Customer A typed the UTR of B's payment; the bank's line carries B's checkout reference.
  const a = order(1, { utr: "434512345678" });
  const b = order(2, { reference: "UC0123456789ABCDEF0123" });
  const paidByB = credit(7, {
    reference: "434512345678",
    narration: "UPI-RAVI SHAH-ravi@oksbi-434512345678-UC0123456789ABCDEF0123",
  });

  it("matches neither order: the line is a conflict naming both, and why", () => {
    const result = matchStatement([paidByB], [a, b], new Map());
    expect(result.matches).toEqual([]);
    expect(result.unmatched).toEqual([]);
    expect(result.conflicts).toEqual([
      {
        credit: paidByB,
        utrOrder: a,
        referenceOrder: b,
        reason: "The UTR is on order #1 but the narration names order #2's payment",
      },
    ]);
  });

  it("keeps the conflict whichever order the amount fits", () => {
    const result = matchStatement(
      [{ ...paidByB, amountPaise: 90_000 }],
      [a, { ...b, totalPaise: 90_000 }],
      new Map(),
    );
    expect(result.matches).toEqual([]);
    expect(result.conflicts.map((c) => [c.utrOrder.number, c.referenceOrder.number])).toEqual([
      [1, 2],
    ]);
  });

  it("still matches by UTR, strong, when the UTR and the narration name the same order", () => {
    const agreeing = credit(8, {
      reference: "434512345678",
      narration: `UPI-ASHA-asha@okaxis-434512345678-${a.reference}`,
    });
    const result = matchStatement([agreeing], [a, b], new Map());
    expect(result.conflicts).toEqual([]);
    expect(result.matches).toMatchObject([{ order: { number: 1 }, by: "utr", weak: false }]);
  });

  it("matches by reference when the UTR is on no pending order", () => {
    const result = matchStatement([paidByB], [b], new Map());
    expect(result.conflicts).toEqual([]);
    expect(result.matches).toMatchObject([{ order: { number: 2 }, by: "reference" }]);
  });
});

describe("a credit's bank line id", () => {
  it("counts as already used, like its UTR, naming the order it paid", () => {
    const withLineId = credit(3, { reference: "434512345678", lineId: "S12345678" });
    const result = matchStatement(
      [withLineId],
      [order(1, { utr: "434512345678" })],
      new Map([["S12345678", 10000]]),
    );
    expect(result.matches).toEqual([]);
    expect(result.unmatched).toEqual([
      { credit: withLineId, reason: "Already used: this credit paid order #10000", order: 10000 },
    ]);
  });

  it("is one credit when two lines of a statement carry it", () => {
    const result = matchStatement(
      [
        credit(3, { reference: "434512345678", lineId: "S12345678" }),
        credit(4, { reference: "434512345679", lineId: "S12345678" }),
      ],
      [order(1, { utr: "434512345678" }), order(2, { utr: "434512345679" })],
      new Map(),
    );
    expect(result.matches).toMatchObject([{ credit: { line: 3 }, order: { number: 1 } }]);
    expect(result.unmatched.map((u) => u.reason)).toEqual([
      "Same bank line id as line 3 of this statement",
    ]);
  });
});

describe("matching's own rules", () => {
  it("places an order for a credit's day from the day before's midnight (India) up to the next day's", () => {
    expect(placedFor("2026-11-22")).toEqual({
      from: Date.parse("2026-11-21T00:00:00+05:30"),
      to: Date.parse("2026-11-23T00:00:00+05:30"),
    });
    const { from, to } = placedFor("2026-11-22");
    for (const [at, fits] of [
      [from - 1, false],
      [from, true],
      [to - 1, true],
      [to, false],
    ] as const) {
      expect(creditOnOrderDay("2026-11-22", new Date(at))).toBe(fits);
    }
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, "0")}`);
    const instant = fc.integer({
      min: Date.parse("2026-01-30T00:00:00Z"),
      max: Date.parse("2026-03-02T00:00:00Z"),
    });
    fc.assert(
      fc.property(day, instant, (creditedOn, at) => {
        const { from, to } = placedFor(creditedOn);
        expect(at >= from && at < to).toBe(creditOnOrderDay(creditedOn, new Date(at)));
      }),
    );
  });

  it("counts the order's day in India and the next one", () => {
    const late = new Date("2026-11-21T18:30:00Z"); // 00:00 on the 22nd in India
    expect(creditOnOrderDay("2026-11-22", late)).toBe(true);
    expect(creditOnOrderDay("2026-11-23", late)).toBe(true);
    expect(creditOnOrderDay("2026-11-21", late)).toBe(false);
    expect(creditOnOrderDay("2026-11-24", late)).toBe(false);
    expect(creditOnOrderDay("2026-12-01", ist(30))).toBe(true);
  });

  it("answers the same whatever order the pending orders come in (the database sends them unsorted)", () => {
    const { credits } = readStatement(sample);
    const used = new Map([["434500000001", 10000]]);
    const expected = matchStatement(credits, sampleOrders, used);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(sampleOrders, {
          minLength: sampleOrders.length,
          maxLength: sampleOrders.length,
        }),
        (pending) => {
          expect(matchStatement(credits, pending, used)).toEqual(expected);
        },
      ),
    );
  });

  it("names the same match methods as the payment_credits table", () => {
    expect([...matchMethods]).toEqual([...paymentMatchMethods]);
  });
});

describe("the checkout references a narration holds", () => {
  const a = "UC0123456789ABCDEF0123";
  it("finds them lower-cased, split by separators, after a false start, and only whole", () => {
    expect(checkoutReferencesIn(`UPI/${a.toLowerCase()}/x`)).toEqual([a]);
    expect(checkoutReferencesIn(`UPI-${a.slice(0, 7)}-${a.slice(7)}-PAY`)).toEqual([a]);
    // A "UC" not followed by 20 hexadecimal digits, then one that is; two in one narration.
    const b = `UC${"1".repeat(20)}`;
    expect(checkoutReferencesIn(`UC000-${b}`)).toEqual([b]);
    expect(checkoutReferencesIn(`${a}/${b}`)).toEqual([a, b]);
    expect(checkoutReferencesIn("UUC0123456789ABCDEF0123")).toEqual([a]);
    expect(checkoutReferencesIn(`${a.slice(0, 21)} Payment`)).toEqual([]);
    expect(checkoutReferencesIn("UC0123456789ABCDEFG123")).toEqual([]);
  });
});

describe("finding the orders a narration names", () => {
  it("finds references of other forms and lengths, wherever they begin", () => {
    const legacy = order(1, { reference: "LEGACY12", totalPaise: 50_000 });
    const checkout = order(2, { reference: "UC0123456789ABCDEF0123", totalPaise: 60_000 });
    const { matches } = matchStatement(
      [
        credit(1, {
          reference: "534500000001",
          amountPaise: 50_000,
          narration: "NEFT L-LEGACY-12 paid",
        }),
        credit(2, {
          reference: "534500000002",
          amountPaise: 60_000,
          narration: "UUUC0123456789abcdef0123",
        }),
      ],
      [legacy, checkout],
      new Map(),
    );
    expect(matches.map((x) => [x.credit.line, x.order.number, x.by])).toEqual([
      [1, 1, "reference"],
      [2, 2, "reference"],
    ]);
  });
});
