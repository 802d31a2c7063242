import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, paymentCredits } from "~/db/schema";
import { statementMessages as m } from "~/features/orders/statement.messages";
import type { StatementPreview } from "~/features/orders/statement-match.server";
import { createOrder, createUser, type TestUser } from "../../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { action, loader } from "./order-reconcile";

let t: TestDatabase;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin" });
  customer = await createUser(t, { email: "asha.reconcile@example.in" });
});
afterAll(async () => {
  await t?.close();
});

const URL_PATH = "http://localhost:3000/admin/order/reconcile";

async function pendingOrder(totalPaise: number, utr: string | null = null) {
  return createOrder(t, {
    userId: customer.id,
    totalPaise,
    utr: utr,
    createdAt: new Date("2026-11-22T10:00:00+05:30"),
  });
}

const statusOfOrder = async (number: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.number, number)))[0]
    ?.status;

function upload(csv: string | null, who: TestUser = admin, name = "statement.csv") {
  const form = new FormData();
  form.set("intent", "preview");
  if (csv !== null) form.set("statement", new File([csv], name, { type: "text/csv" }));
  return new Request(URL_PATH, { method: "POST", body: form, headers: { Cookie: who.cookie } });
}

function post(values: [string, string][], who: TestUser = admin) {
  return new Request(URL_PATH, {
    method: "POST",
    body: new URLSearchParams(values),
    headers: { Cookie: who.cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

const run = async (request: Request) =>
  outcome(async () => action((await routeArgs(t, request)) as never));

type Found = {
  preview?: StatementPreview;
  outcome?: { marked: { order: number }[]; refused: { order: number; reason: string }[] };
};
type Answer = {
  ok: boolean;
  message?: string;
  result?: Found;
  fieldErrors?: Record<string, string>;
  formError?: string;
};
/** The answer, with what the intent found (`result`) alongside its message or errors. */
const answerOf = (result: unknown) => {
  const answer = (result as { data: Answer }).data;
  return { ...answer, ...answer.result };
};

const header = "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance";

describe("the payment reconciliation page", () => {
  it("refuses a customer on the loader and the action", async () => {
    const loaded = await outcome(async () =>
      loader(
        (await routeArgs(
          t,
          new Request(URL_PATH, { headers: { Cookie: customer.cookie } }),
        )) as never,
      ),
    );
    expect(statusOf(loaded)).toBe(403);
    expect(statusOf(await run(upload(`${header}\n`, customer)))).toBe(403);
    expect(statusOf(await run(post([["intent", "confirm"]], customer)))).toBe(403);
  });

  it("previews an uploaded statement, then marks the ticked orders paid and mails them", async () => {
    const strong = await pendingOrder(245_000, "434512345678");
    const weak = await pendingOrder(99_900);
    const csv = [
      "HDFC BANK Ltd.",
      "Statement From : 20/11/2026 To : 25/11/2026",
      header,
      '22/11/26,UPI-ASHA KUMARI-asha@okaxis-HDFC0001234-434512345678-Payment,0000434512345678,22/11/26,,"2,450.00",0',
      "22/11/26,UPI-MEERA-meera@ybl-434566665555-Payment,0000434566665555,22/11/26,,999.00,0",
      "23/11/26,NEFT DR-ELECTRICITY BOARD,N123456789,23/11/26,1200.00,,0",
      "31/02/26,UPI-BAD-x@ybl-434511112222,0000434511112222,31/02/26,,100.00,0",
    ].join("\r\n");

    const loaded = await loader(
      (await routeArgs(t, new Request(URL_PATH, { headers: { Cookie: admin.cookie } }))) as never,
    );
    expect(loaded.pendingCount).toBe(2);

    const previewed = await run(upload(csv));
    expect(statusOf(previewed)).toBe(200);
    const { preview } = answerOf(previewed);
    if (!preview) throw new Error("no preview");
    expect(preview.matches.map((x) => [x.order.number, x.by, x.weak])).toEqual([
      [strong.number, "utr", false],
      [weak.number, "amount", true],
    ]);
    expect(preview.problems).toEqual([{ line: 7, message: expect.stringContaining("31/02/26") }]);
    expect(await statusOfOrder(strong.number)).toBe("payment_pending");

    // The confirm form as the page writes it: every row hidden, the strong one ticked.
    const rows = preview.matches.map((x, i): [string, string] => [
      `row-${i}`,
      JSON.stringify({
        order: x.order.number,
        reference: x.credit.reference,
        amountPaise: x.credit.amountPaise,
        creditedOn: x.credit.date,
        narration: x.credit.narration,
        by: x.by,
      }),
    ]);
    await t.deliverMail();
    const mailsBefore = t.sentMail.length;
    const confirmed = await run(post([["intent", "confirm"], ["pick", "0"], ...rows]));
    expect(statusOf(confirmed)).toBe(200);
    const answer = answerOf(confirmed);
    expect(answer.message).toBe("1 order marked paid");
    expect(answer.outcome?.marked.map((x) => x.order)).toEqual([strong.number]);
    expect((confirmed as { init: ResponseInit }).init.headers).toBeInstanceOf(Headers);
    expect(
      ((confirmed as { init: ResponseInit }).init.headers as Headers).get("Set-Cookie"),
    ).toMatch(/^flash=/);
    expect(await statusOfOrder(strong.number)).toBe("paid");
    expect(await statusOfOrder(weak.number)).toBe("payment_pending");

    await t.deliverMail();
    const mails = t.sentMail.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "asha.reconcile@example.in",
      subject: expect.stringContaining(`order #${strong.number}: Paid`),
      text: expect.stringContaining(
        "We received your payment of ₹2,450 on 22 Nov 2026 (UPI transaction ID 434512345678).",
      ),
    });
    // How the credit was matched is the back office's business, never the customer's (issue 21).
    expect(mails[0]?.text).not.toMatch(/matched|narration|bank credit/i);

    // Posting the same confirmation again marks nothing and sends nothing.
    const again = await run(post([["intent", "confirm"], ["pick", "0"], ...rows]));
    expect(answerOf(again).message).toBe(m.noneMarked);
    expect(answerOf(again).outcome?.refused).toHaveLength(1);
    await t.deliverMail();
    expect(t.sentMail.length).toBe(mailsBefore + 1);
  });

  it("answers a bad file with 400 and the message next to the file field, marking nothing", async () => {
    const order = await pendingOrder(50_000);
    const cases: [Request, string][] = [
      [upload("Posted On,Details,Money In\n22/11/2026,UPI,500\n"), m.missingColumns],
      [upload(null), m.fileRequired],
      [upload("%PDF-1.7", admin, "statement.pdf"), m.notCsv],
      [upload("x".repeat(1024 * 1024 + 1)), m.fileTooLarge],
    ];
    for (const [request, message] of cases) {
      const result = await run(request);
      expect(statusOf(result), message).toBe(400);
      expect(answerOf(result).fieldErrors?.statement).toBe(message);
    }
    // A body past the limit is refused before it is read.
    const huge = upload("x");
    huge.headers.set("Content-Length", String(2 * 1024 * 1024));
    const refused = await run(huge);
    expect(statusOf(refused)).toBe(400);
    expect(answerOf(refused).fieldErrors?.statement).toBe(m.fileTooLarge);
    expect(await statusOfOrder(order.number)).toBe("payment_pending");
    expect(
      await t.db
        .select()
        .from(paymentCredits)
        .innerJoin(orders, eq(orders.id, paymentCredits.orderId))
        .where(inArray(orders.number, [order.number])),
    ).toEqual([]);
  });

  it("marks a credit naming two orders paid only for the order the admin chose on its row", async () => {
    // Customer A typed the UTR of B's payment; the bank's line carries B's checkout reference.
    const utr = "434512399001";
    const a = await pendingOrder(161_700, utr);
    const b = await pendingOrder(161_700);
    const csv = [
      header,
      `22/11/26,UPI-RAVI SHAH-ravi@oksbi-${utr}-${b.reference},S20261122,22/11/26,,"1,617.00",0`,
    ].join("\r\n");
    const { preview } = answerOf(await run(upload(csv)));
    if (!preview) throw new Error("no preview");
    expect(preview.matches.map((x) => x.order.number)).not.toContain(a.number);
    const [conflict] = preview.conflicts;
    expect(conflict).toMatchObject({
      credit: { reference: utr, lineId: "S20261122" },
      utrOrder: { number: a.number },
      referenceOrder: { number: b.number },
    });
    if (!conflict) throw new Error("no conflict");
    // The row as the page writes it.
    const row: [string, string] = [
      "conflict-0",
      JSON.stringify({
        reference: conflict.credit.reference,
        lineId: conflict.credit.lineId,
        amountPaise: conflict.credit.amountPaise,
        creditedOn: conflict.credit.date,
        narration: conflict.credit.narration,
        utrOrder: a.number,
        referenceOrder: b.number,
      }),
    ];

    // Left at "Neither", or an order that is not one of the two: nothing to mark.
    const neither = await run(post([["intent", "confirm"], row, ["choose-0", ""]]));
    expect(statusOf(neither)).toBe(400);
    expect(answerOf(neither).formError).toBe(m.chooseOne);
    const stranger = await pendingOrder(161_700);
    const forged = await run(
      post([["intent", "confirm"], row, ["choose-0", String(stranger.number)]]),
    );
    expect(statusOf(forged)).toBe(400);
    expect(answerOf(forged).formError).toBe(m.rowsUnreadable);

    const chosen = await run(post([["intent", "confirm"], row, ["choose-0", String(b.number)]]));
    expect(statusOf(chosen)).toBe(200);
    expect(answerOf(chosen).message).toBe("1 order marked paid");
    expect(await statusOfOrder(b.number)).toBe("paid");
    expect(await statusOfOrder(a.number)).toBe("payment_pending");
    expect(await statusOfOrder(stranger.number)).toBe("payment_pending");
    expect(
      await t.db
        .select({ reference: paymentCredits.bankReference, lineId: paymentCredits.bankLineId })
        .from(paymentCredits)
        .innerJoin(orders, eq(orders.id, paymentCredits.orderId))
        .where(inArray(orders.number, [a.number, b.number])),
    ).toEqual([{ reference: utr, lineId: "S20261122" }]);
  });

  it("refuses a confirmation with nothing ticked, or rows it cannot read", async () => {
    const none = await run(post([["intent", "confirm"]]));
    expect(statusOf(none)).toBe(400);
    expect(answerOf(none).formError).toBe(m.chooseOne);
    const forged = await run(
      post([
        ["intent", "confirm"],
        ["pick", "0"],
        ["row-0", '{"order":"x"}'],
      ]),
    );
    expect(statusOf(forged)).toBe(400);
    expect(answerOf(forged).formError).toBe(m.rowsUnreadable);
  });
});
