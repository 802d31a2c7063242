import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderEvents, orders, paymentCredits } from "~/db/schema";
import { createOrder, createUser, type TestUser } from "../../../tests/factories";
import { orderOptions } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { listPendingPayments } from "./order-read.server";
import { changeOrderStatus } from "./orders.server";
import { statementMessages } from "./statement.messages";
import type { StatementSelection } from "./statement.schema";
import { confirmStatementMatches } from "./statement-confirm.server";
import {
  arrayParam,
  matchStatement,
  namedByCredits,
  previewStatement,
  usedCreditsOf,
} from "./statement-match.server";
import { readStatement } from "./statement-read.server";

let t: TestDatabase;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin" });
  customer = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

let utrSerial = 0;
/** A UTR no other test uses. */
function newUtr(): string {
  utrSerial += 1;
  return `4345${String(Date.now() % 100_000).padStart(5, "0")}${String(utrSerial).padStart(3, "0")}`;
}

/** A pending order placed on 22 Nov 2026 (India), as placing one writes it. */
async function pendingOrder(totalPaise: number, options: { utr?: string } = {}) {
  return createOrder(t, {
    userId: customer.id,
    totalPaise,
    utr: options.utr ?? null,
    createdAt: new Date("2026-11-22T10:00:00+05:30"),
  });
}

const statusOf = async (number: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.number, number)))[0]
    ?.status;

const creditsFor = (numbers: number[]) =>
  t.db
    .select({
      number: orders.number,
      bankReference: paymentCredits.bankReference,
      amountPaise: paymentCredits.amountPaise,
      creditedOn: paymentCredits.creditedOn,
      matchedBy: paymentCredits.matchedBy,
      actorId: paymentCredits.actorId,
      bankLineId: paymentCredits.bankLineId,
    })
    .from(paymentCredits)
    .innerJoin(orders, eq(orders.id, paymentCredits.orderId))
    .where(inArray(orders.number, numbers));

/** A match as the preview offers it to the confirm form. */
function selectionOf(match: {
  credit: {
    reference: string | null;
    lineId: string | null;
    amountPaise: number;
    date: string;
    narration: string;
  };
  order: { number: number };
  by: StatementSelection["by"];
}): StatementSelection {
  return {
    order: match.order.number,
    reference: match.credit.reference ?? "",
    lineId: match.credit.lineId,
    amountPaise: match.credit.amountPaise,
    creditedOn: match.credit.date,
    narration: match.credit.narration,
    by: match.by,
  };
}

let lineSerial = 0;
/** A bank's own line id ("S" and 8 digits) no other test uses. */
function newLineId(): string {
  lineSerial += 1;
  return `S${String(Date.now() % 100_000).padStart(5, "0")}${String(lineSerial).padStart(3, "0")}`;
}

/** The statement previewed again lists the credit as already used for the order, matching nothing. */
async function expectUsedAgain(csv: string, reference: string, paidOrder: number) {
  const again = await previewStatement(t.db, csv);
  expect(again.matches.map((x) => x.order.number)).not.toContain(paidOrder);
  expect(again.conflicts).toEqual([]);
  expect(again.unmatched.find((u) => u.credit.reference === reference)?.reason).toBe(
    `Already used: this credit paid order #${paidOrder}`,
  );
}

const header = "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance";
const line = (utr: string, rupees: string, narration = `UPI-ASHA-asha@okaxis-${utr}-Payment`) =>
  `22/11/26,${narration},0000${utr},22/11/26,,"${rupees}",0`;

describe("reconciling a bank statement", () => {
  it("previews without marking anything, then marks the confirmed orders paid", async () => {
    const byUtr = newUtr();
    const a = await pendingOrder(245_000, { utr: byUtr });
    const b = await pendingOrder(459_950);
    const c = await pendingOrder(123_456);
    const bUtr = newUtr();
    const cUtr = newUtr();
    const csv = [
      "HDFC BANK Ltd.",
      header,
      line(byUtr, "2,450.00"),
      line(bUtr, "4,599.50", `UPI-RAVI-ravi@oksbi-${bUtr}-${b.reference}`),
      line(cUtr, "1,234.56"),
    ].join("\n");

    const preview = await previewStatement(t.db, csv);
    const mine = preview.matches.filter((x) => [a, b, c].some((o) => o.number === x.order.number));
    expect(mine.map((x) => [x.order.number, x.by, x.weak])).toEqual([
      [a.number, "utr", false],
      [b.number, "reference", false],
      [c.number, "amount", true],
    ]);
    // Nothing is marked by a preview.
    for (const o of [a, b, c]) expect(await statusOf(o.number)).toBe("payment_pending");
    expect(await creditsFor([a.number, b.number, c.number])).toEqual([]);

    // The admin confirms the strong matches and leaves the weak one unticked.
    const outcome = await confirmStatementMatches(
      t.db,
      mine.filter((x) => !x.weak).map(selectionOf),
      admin,
      orderOptions,
    );
    expect(outcome.refused).toEqual([]);
    expect(outcome.marked.map((x) => x.order)).toEqual([a.number, b.number]);
    expect(await statusOf(a.number)).toBe("paid");
    expect(await statusOf(b.number)).toBe("paid");
    expect(await statusOf(c.number)).toBe("payment_pending");

    const stored = await creditsFor([a.number, b.number, c.number]);
    expect(stored).toEqual(
      expect.arrayContaining([
        {
          number: a.number,
          bankReference: byUtr,
          bankLineId: null,
          amountPaise: 245_000,
          creditedOn: "2026-11-22",
          matchedBy: "utr",
          actorId: admin.id,
        },
        expect.objectContaining({ number: b.number, bankReference: bUtr, matchedBy: "reference" }),
      ]),
    );
    expect(stored).toHaveLength(2);

    const paidEvent = async (number: number) => {
      const [event] = await t.db
        .select({
          from: orderEvents.fromStatus,
          to: orderEvents.toStatus,
          note: orderEvents.note,
          internalNote: orderEvents.internalNote,
        })
        .from(orderEvents)
        .innerJoin(orders, eq(orders.id, orderEvents.orderId))
        .where(and(eq(orders.number, number), eq(orderEvents.toStatus, "paid")));
      return event;
    };
    // The customer reads that the money arrived; how it was matched is for staff (issue 21).
    expect(await paidEvent(a.number)).toEqual({
      from: "payment_pending",
      to: "paid",
      note: `We received your payment of ₹2,450 on 22 Nov 2026 (UPI transaction ID ${byUtr}).`,
      internalNote: `Paid: bank credit ₹2,450 on 22 Nov 2026, UTR ${byUtr} (matched by UTR)`,
    });
    const byReference = await paidEvent(b.number);
    expect(byReference?.internalNote).toContain("matched by the order reference in the narration");
    expect(byReference?.note).not.toMatch(/narration|matched/);
    const audit = await t.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(b.number))));
    expect(audit).toEqual([
      {
        action: "order.reconcile",
        actorId: admin.id,
        details: expect.objectContaining({
          to: expect.objectContaining({ status: "paid", bankReference: bUtr }),
        }),
      },
    ]);

    // The same statement again: the used credits are reported as used, not matched.
    await expectUsedAgain(csv, byUtr, a.number);
  });

  it("refuses a credit already used, whether for the same order or another", async () => {
    const utr = newUtr();
    const first = await pendingOrder(100_000, { utr });
    const second = await pendingOrder(100_000);
    const selection: StatementSelection = {
      order: first.number,
      reference: `0000${utr}`,
      amountPaise: 100_000,
      creditedOn: "2026-11-22",
      narration: `UPI/${utr}/Payment`,
      by: "utr",
    };
    expect(
      (await confirmStatementMatches(t.db, [selection], admin, orderOptions)).marked,
    ).toHaveLength(1);

    const twice = await confirmStatementMatches(t.db, [selection], admin, orderOptions);
    expect(twice.marked).toEqual([]);
    expect(twice.refused).toEqual([
      {
        order: first.number,
        reference: utr,
        reason: "The order is paid now, no longer waiting for payment",
      },
    ]);

    const elsewhere = await confirmStatementMatches(
      t.db,
      [{ ...selection, order: second.number, by: "amount" }],
      admin,
      orderOptions,
    );
    expect(elsewhere.refused).toEqual([
      {
        order: second.number,
        reference: utr,
        reason: `This credit has already been used for order #${first.number}`,
      },
    ]);
    expect(await statusOf(second.number)).toBe("payment_pending");
  });

  it("refuses one credit chosen for two orders in one confirmation, marking only the first", async () => {
    const utr = newUtr();
    const first = await pendingOrder(50_000);
    const second = await pendingOrder(50_000);
    const row = {
      reference: utr,
      amountPaise: 50_000,
      creditedOn: "2026-11-23",
      narration: `UPI/${utr}/x`,
      by: "amount" as const,
    };
    const outcome = await confirmStatementMatches(
      t.db,
      [
        { ...row, order: first.number },
        { ...row, order: second.number },
      ],
      admin,
      orderOptions,
    );
    expect(outcome.marked.map((x) => x.order)).toEqual([first.number]);
    expect(outcome.refused).toEqual([
      { order: second.number, reference: utr, reason: "Chosen twice in this confirmation" },
    ]);
    expect(await statusOf(second.number)).toBe("payment_pending");
  });

  it.each([
    ["one credit", false],
    ["one bank line id beside two UTRs", true],
  ])(
    "keeps one winner when two confirmations race for %s (a smoke check on PGlite)",
    async (_, byLineId) => {
      const utr = newUtr();
      const lineId = byLineId ? newLineId() : null;
      const [first, second] = [await pendingOrder(70_000), await pendingOrder(70_000)];
      const row = (order: number): StatementSelection => ({
        order,
        // Two UTRs when the line id is the one credit.
        reference: lineId === null ? utr : newUtr(),
        lineId,
        amountPaise: 70_000,
        creditedOn: "2026-11-22",
        narration: "",
        by: "amount",
      });
      const outcomes = await Promise.all([
        confirmStatementMatches(t.db, [row(first.number)], admin, orderOptions),
        confirmStatementMatches(t.db, [row(second.number)], admin, orderOptions),
      ]);
      const marked = outcomes.flatMap((o) => o.marked);
      expect(marked).toHaveLength(1);
      expect(outcomes.flatMap((o) => o.refused.map((r) => r.reason))).toEqual([
        `This credit has already been used for order #${marked[0]?.order}`,
      ]);
      expect(await creditsFor([first.number, second.number])).toHaveLength(1);
    },
  );

  it("re-checks each match: the order still pending, its total, its UTR, its reference, its day", async () => {
    const utr = newUtr();
    const cancelled = await pendingOrder(80_000);
    await changeOrderStatus(
      t.db,
      { number: cancelled.number, to: "cancelled" },
      {
        id: admin.id,
        as: "admin",
      },
      orderOptions,
    );
    const pending = await pendingOrder(80_000, { utr: newUtr() });
    const base = {
      reference: utr,
      amountPaise: 80_000,
      creditedOn: "2026-11-22",
      narration: `UPI/${utr}/Payment`,
    };
    const outcome = await confirmStatementMatches(
      t.db,
      [
        { ...base, order: cancelled.number, by: "amount" },
        { ...base, reference: newUtr(), order: pending.number, amountPaise: 1, by: "amount" },
        { ...base, reference: newUtr(), order: 1, by: "amount" },
      ],
      admin,
      orderOptions,
    );
    expect(outcome.marked).toEqual([]);
    expect(outcome.refused.map((r) => r.reason)).toEqual([
      "The order is cancelled now, no longer waiting for payment",
      "The credit of ₹0.01 is not the order's total of ₹800",
      "There is no such order",
    ]);
    for (const [by, changes, reason] of [
      ["utr", {}, "The credit's UTR is not the one the customer gave"],
      ["reference", {}, "The order's reference is not in the credit's narration"],
      [
        "amount",
        { creditedOn: "2026-11-25" },
        "The credit is not from the order's day or the next",
      ],
    ] as const) {
      const single = await confirmStatementMatches(
        t.db,
        [{ ...base, reference: newUtr(), order: pending.number, by, ...changes }],
        admin,
        orderOptions,
      );
      expect(
        single.refused.map((r) => r.reason),
        by,
      ).toEqual([reason]);
    }
    expect(await statusOf(pending.number)).toBe("payment_pending");
    expect(await statusOf(cancelled.number)).toBe("cancelled");
    expect(await creditsFor([pending.number, cancelled.number])).toEqual([]);
  });
});

describe("a credit whose UTR is on one order and whose narration names another's", () => {
  it("is matched to neither, refused unless chosen, and marks only the order the admin chose", async () => {
    // Customer A typed the UTR of B's payment; the bank's line carries B's checkout reference.
    const utr = newUtr();
    const a = await pendingOrder(131_300, { utr });
    const b = await pendingOrder(131_300);
    const other = await pendingOrder(131_300);
    const csv = [header, line(utr, "1,313.00", `UPI-RAVI-ravi@oksbi-${utr}-${b.reference}`)].join(
      "\n",
    );
    const preview = await previewStatement(t.db, csv);
    expect(preview.matches).toEqual([]);
    expect(
      preview.conflicts.map((c) => [c.utrOrder.number, c.referenceOrder.number, c.reason]),
    ).toEqual([
      [
        a.number,
        b.number,
        `The UTR is on order #${a.number} but the narration names order #${b.number}'s payment`,
      ],
    ]);
    const [conflict] = preview.conflicts;
    if (!conflict) throw new Error("no conflict");
    const credit = { ...conflict, order: a };

    // Not chosen (a posted row, whatever it says), or an order not one of the two: refused.
    const conflictNotChosen = `The UTR is on order #${a.number} but the narration names order #${b.number}'s payment: choose one of the two on the preview`;
    for (const [selection, reason] of [
      [selectionOf({ ...credit, by: "utr" }), conflictNotChosen],
      [
        { ...selectionOf({ ...credit, order: b, by: "reference" }), chosen: false },
        conflictNotChosen,
      ],
      [
        { ...selectionOf({ ...credit, order: other, by: "reference" }), chosen: true },
        "The order's reference is not in the credit's narration",
      ],
      [
        { ...selectionOf({ ...credit, order: other, by: "utr" }), chosen: true },
        "The credit's UTR is not the one the customer gave",
      ],
    ] as const) {
      const outcome = await confirmStatementMatches(t.db, [selection], admin, orderOptions);
      expect(outcome.marked).toEqual([]);
      expect(outcome.refused.map((r) => [r.order, r.reason])).toEqual([[selection.order, reason]]);
    }
    for (const o of [a, b, other]) expect(await statusOf(o.number)).toBe("payment_pending");

    // The admin chooses B: only B is paid, by the credit's UTR, matched by its reference.
    const chosen = await confirmStatementMatches(
      t.db,
      [{ ...selectionOf({ ...credit, order: b, by: "reference" }), chosen: true }],
      admin,
      orderOptions,
    );
    expect(chosen.refused).toEqual([]);
    expect(chosen.marked.map((x) => [x.order, x.by])).toEqual([[b.number, "reference"]]);
    expect(await statusOf(b.number)).toBe("paid");
    expect(await statusOf(a.number)).toBe("payment_pending");
    expect(await creditsFor([a.number, b.number])).toEqual([
      expect.objectContaining({ number: b.number, bankReference: utr, matchedBy: "reference" }),
    ]);

    // The statement again: the credit is used, for B.
    await expectUsedAgain(csv, utr, b.number);
  });

  it("may go to the UTR's order when the admin chooses it", async () => {
    const utr = newUtr();
    const a = await pendingOrder(131_400, { utr });
    const b = await pendingOrder(131_400);
    const csv = [header, line(utr, "1,314.00", `UPI-ASHA-${utr}-${b.reference}`)].join("\n");
    const [conflict] = (await previewStatement(t.db, csv)).conflicts;
    if (!conflict) throw new Error("no conflict");
    const outcome = await confirmStatementMatches(
      t.db,
      [{ ...selectionOf({ ...conflict, order: a, by: "utr" }), chosen: true }],
      admin,
      orderOptions,
    );
    expect(outcome.marked.map((x) => [x.order, x.by])).toEqual([[a.number, "utr"]]);
    expect(await statusOf(b.number)).toBe("payment_pending");
  });
});

describe("a credit's bank line id beside its UTR", () => {
  /** A line whose reference column holds the bank's own id, the UTR in its UPI narration. */
  const lineWithId = (lineId: string, utr: string, rupees: string, narration = "Payment") =>
    `22/11/26,UPI-ASHA-asha@okaxis-${utr}-${narration},${lineId},22/11/26,,"${rupees}",0`;

  it("is stored with the credit, and a credit met again by its UTR or its line id is already used", async () => {
    const utr = newUtr();
    const lineId = newLineId();
    const first = await pendingOrder(141_500, { utr });
    const preview = await previewStatement(
      t.db,
      [header, lineWithId(lineId, utr, "1,415.00")].join("\n"),
    );
    const [match] = preview.matches.filter((x) => x.order.number === first.number);
    expect(match?.credit).toMatchObject({ reference: utr, lineId });
    if (!match) throw new Error("no match");
    const outcome = await confirmStatementMatches(t.db, [selectionOf(match)], admin, orderOptions);
    expect(outcome.refused).toEqual([]);
    expect(await creditsFor([first.number])).toEqual([
      expect.objectContaining({ bankReference: utr, bankLineId: lineId, matchedBy: "utr" }),
    ]);

    // Another export of the same credit: the line id alone, or beside another UTR.
    const secondUtr = newUtr();
    const second = await pendingOrder(141_500, { utr: secondUtr });
    const again = await previewStatement(
      t.db,
      [
        header,
        `22/11/26,NEFT CR-ASHA KUMARI,${lineId},22/11/26,,"1,415.00",0`,
        lineWithId(lineId.replace(/^S/, "s"), secondUtr, "1,415.00"),
      ].join("\n"),
    );
    expect(again.matches.map((x) => x.order.number)).not.toContain(second.number);
    expect(again.unmatched.map((u) => [u.credit.line, u.reason])).toEqual([
      [2, `Already used: this credit paid order #${first.number}`],
      [3, `Already used: this credit paid order #${first.number}`],
    ]);

    // Confirming it anyway is refused: the line id is used.
    const refused = await confirmStatementMatches(
      t.db,
      [
        {
          order: second.number,
          reference: secondUtr,
          lineId,
          amountPaise: 141_500,
          creditedOn: "2026-11-22",
          narration: `UPI-ASHA-asha@okaxis-${secondUtr}-Payment`,
          by: "utr",
        },
      ],
      admin,
      orderOptions,
    );
    expect(refused.refused.map((r) => r.reason)).toEqual([
      `This credit has already been used for order #${first.number}`,
    ]);
    expect(await statusOf(second.number)).toBe("payment_pending");
  });
});

describe("reading only the orders a statement could name (ADR 039)", () => {
  /** A pending order placed at an instant in India, of a total, with the UTR its customer typed. */
  const placed = (at: string, totalPaise: number, utr: string | null = null) =>
    createOrder(t, {
      userId: customer.id,
      totalPaise,
      utr,
      createdAt: new Date(`${at}+05:30`),
    });
  const hdfcLine = (day: string, utr: string, rupees: string, narration: string) =>
    `${day},${narration},${utr},${day},,"${rupees}",0`;

  it("reads every order the matching could use, and previews as matching against them all", async () => {
    const serial = newUtr().slice(-6);
    // By UTR: typed in lower case; typed with the bank's leading zeros; padded by the bank.
    const lower = await placed("2026-10-10T09:00:00", 101_000, `ab${serial}cd`);
    const zeros = await placed("2026-10-10T09:00:00", 102_000, `000077${serial}0001`);
    const plainUtr = `88${serial}0002`;
    const padded = await placed("2026-10-10T09:00:00", 103_000, plainUtr);
    // By the checkout reference, written in lower case across the narration's separators.
    const named = await placed("2026-10-10T09:00:00", 104_000);
    const split = `${named.reference.slice(0, 9).toLowerCase()}-${named.reference.slice(9)}`;
    // By amount: late on the day before the credit; two on the credit's day (ambiguous).
    const dayBefore = await placed("2026-10-09T23:59:00", 105_000);
    const twinA = await placed("2026-10-10T08:00:00", 106_000);
    const twinB = await placed("2026-10-10T18:00:00", 106_000);
    // Never a candidate: the same amount two days before, or the day after; another amount.
    const tooEarly = await placed("2026-10-08T23:59:00", 105_000);
    const tooLate = await placed("2026-10-11T00:00:00", 105_000);
    const other = await placed("2026-10-10T09:00:00", 107_000, `99${serial}0003`);
    const csv = [
      "HDFC BANK Ltd.",
      header,
      hdfcLine("10/10/26", `AB${serial}CD`, "1,010.00", "NEFT-AB-payment"),
      hdfcLine("10/10/26", `77${serial}0001`, "1,020.00", "NEFT-payment"),
      hdfcLine("10/10/26", `0000${plainUtr}`, "1,030.00", "IMPS-payment"),
      hdfcLine("10/10/26", `51${serial}0004`, "1,040.00", `UPI-RAVI-51${serial}0004-${split}`),
      hdfcLine("10/10/26", `52${serial}0005`, "1,050.00", "UPI-ASHA-payment"),
      hdfcLine("10/10/26", `53${serial}0006`, "1,060.00", "UPI-MEERA-payment"),
    ].join("\n");
    const { credits } = readStatement(csv);

    const condition = namedByCredits(credits);
    if (!condition) throw new Error("six credits name something");
    const read = (await listPendingPayments(t.db, condition)).map((o) => o.number);
    const mine = [lower, zeros, padded, named, dayBefore, twinA, twinB, tooEarly, tooLate, other];
    expect(read.filter((n) => mine.some((o) => o.number === n)).sort()).toEqual(
      [lower, zeros, padded, named, dayBefore, twinA, twinB].map((o) => o.number).sort(),
    );

    const preview = await previewStatement(t.db, csv);
    const everyPending = await listPendingPayments(t.db);
    const used = await usedCreditsOf(
      t.db,
      credits.flatMap((c) => [c.reference, c.lineId]),
    );
    const all = matchStatement(credits, everyPending, used);
    expect(preview.matches).toEqual(all.matches);
    expect(preview.conflicts).toEqual(all.conflicts);
    expect(preview.unmatched).toEqual(all.unmatched);
    expect(preview.pendingCount).toBe(everyPending.length);
    expect(preview.matches.map((x) => [x.order.number, x.by])).toEqual([
      [lower.number, "utr"],
      [zeros.number, "utr"],
      [padded.number, "utr"],
      [named.number, "reference"],
      [dayBefore.number, "amount"],
    ]);
    expect(preview.unmatched.map((x) => x.reason)).toEqual([
      statementMessages.ambiguousOrders([twinA.number, twinB.number]),
    ]);
  });

  it("reads nothing for a statement without credits", () => {
    expect(namedByCredits([])).toBeNull();
  });

  it("sends each list to the database as it is, written by hand or, for other text, by the driver", async () => {
    const sent = async (values: (string | number)[], type: "text[]" | "bigint[]") =>
      (
        (await t.db.execute(
          sql`select x::text as x from unnest(${arrayParam(values, type)}) with ordinality as u(x, n) order by n`,
        )) as unknown as { rows: { x: string | null }[] }
      ).rows.map((row) => row.x);
    expect(await sent(["434512345678", "UC0123456789ABCDEF0123", "S1"], "text[]")).toEqual([
      "434512345678",
      "UC0123456789ABCDEF0123",
      "S1",
    ]);
    expect(await sent([245_000, 12], "bigint[]")).toEqual(["245000", "12"]);
    expect(await sent([], "text[]")).toEqual([]);
    // Letters PostgreSQL's array text reads as a null, and text it would read otherwise: kept.
    expect(await sent(["A1", "NULL"], "text[]")).toEqual(["A1", "NULL"]);
    expect(await sent(["null", "B2"], "text[]")).toEqual(["null", "B2"]);
    const awkward = ["a,b", 'q"u', "b\\s", "{x}", " sp ", ""];
    expect(await sent(awkward, "text[]")).toEqual(awkward);
  });
});
