import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { paymentMatchMethods } from "~/db/schema/payments";
import { ValidationError } from "~/lib/errors";
import { matchMethods } from "./statement.schema";
import {
  canonicalReference,
  creditOnOrderDay,
  matchStatement,
  type PendingOrder,
  parseStatementAmount,
  parseStatementDate,
  readStatement,
  type StatementCredit,
  statementReference,
} from "./statement.server";

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

describe("reading a bank statement", () => {
  it("reads an HDFC export below its preamble: credits in paise, references, problems by line", () => {
    const statement = readStatement(sample);
    expect(statement.columns).toEqual({
      date: "Date",
      amount: "Deposit Amt.",
      reference: "Chq./Ref.No.",
      narration: "Narration",
    });
    expect(statement.credits.map((c) => [c.line, c.date, c.amountPaise, c.reference])).toEqual([
      [8, "2026-11-22", 245_000, "434512345678"],
      [9, "2026-11-22", 459_950, "434588887777"],
      [10, "2026-11-22", 319_900, "434566665555"],
      [11, "2026-11-23", 500_000, "434577776666"],
      [13, "2026-11-23", 90_000, "434599990000"],
      [14, "2026-11-24", 150_000, "434500000001"],
      [15, "2026-11-24", 459_950, "434588889999"],
      [18, "2026-11-25", 12_345_650, "434511114444"],
      [19, "2026-11-25", 245_000, "434512345678"],
    ]);
    expect(statement.credits[0]?.narration).toBe(
      "UPI-ASHA KUMARI-asha@okaxis-HDFC0001234-434512345678-Payment",
    );
    // The debit (line 12), the separator (7) and the summary (21) are not credits.
    expect(statement.problems).toEqual([
      { line: 16, message: expect.stringContaining("“31/02/26” is not a date") },
      { line: 17, message: expect.stringContaining("“12a.00” is not an amount") },
    ]);
  });

  it("reads SBI's layout: dd Mon yyyy, the UTR from a UPI narration when the reference is none", () => {
    const csv = [
      "Account Name :,Ms. ASHA KUMARI",
      "Account Number :,00000031234567890",
      "",
      "Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance",
      "22 Nov 2026,22 Nov 2026,BY TRANSFER-UPI/CR/434512345678/ASHA KUMA/SBIN/asha@oksbi/Payment--,TRANSFER FROM 4897694162093,,2450.00,102450.00",
      "23 Nov 2026,23 Nov 2026,TO TRANSFER-UPI/DR/434500001111/SHOP/HDFC/shop@hdfc/Rent--,TRANSFER TO 4897694162093,15000.00,,87450.00",
      "24 Nov 2026,24 Nov 2026,BY TRANSFER-NEFT*HDFC0000001*N328260123456*RAVI SHAH--,,,10000.00,97450.00",
    ].join("\n");
    const { credits, problems } = readStatement(csv);
    expect(problems).toEqual([]);
    expect(credits).toEqual([
      {
        line: 5,
        date: "2026-11-22",
        amountPaise: 245_000,
        reference: "434512345678",
        narration: "BY TRANSFER-UPI/CR/434512345678/ASHA KUMA/SBIN/asha@oksbi/Payment--",
      },
      {
        line: 7,
        date: "2026-11-24",
        amountPaise: 1_000_000,
        reference: null,
        narration: "BY TRANSFER-NEFT*HDFC0000001*N328260123456*RAVI SHAH--",
      },
    ]);
  });

  it("reads ICICI's layout: the transaction date before the value date, headings with (INR)", () => {
    const csv = [
      "DETAILED STATEMENT",
      "Transactions List - ASHA KUMARI (INR) - 000401234567",
      "S No.,Value Date,Transaction Date,Cheque Number,Transaction Remarks,Withdrawal Amount (INR ),Deposit Amount (INR ),Balance (INR )",
      '1,23/11/2026,22/11/2026,-,UPI/434512345678/Payment/asha@okicici/ICICI Bank/ICI1234,0.00,"1,23,456.50","2,00,000.00"',
      "2,23/11/2026,23/11/2026,-,ATM/CASH WDL/MUMBAI,500.00,0.00,199500.00",
    ].join("\r\n");
    const { credits, columns } = readStatement(csv);
    expect(columns.date).toBe("Transaction Date");
    expect(columns.amount).toBe("Deposit Amount (INR )");
    expect(credits).toMatchObject([
      { line: 4, date: "2026-11-22", amountPaise: 12_345_650, reference: "434512345678" },
    ]);
  });

  it("reads Axis's short headings and dd-mm-yyyy", () => {
    const csv = [
      "Tran Date,CHQNO,PARTICULARS,DR,CR,BAL,SOL",
      "22-11-2026,,UPI/P2A/434512345678/ASHA KUMARI/Axis Bank,,2450.00,2450.00,123",
      "22-11-2026,,UPI/P2M/434512340000/ELECTRICITY,300.00,,2150.00,123",
    ].join("\n");
    expect(readStatement(csv).credits).toMatchObject([
      { line: 2, date: "2026-11-22", amountPaise: 245_000, reference: "434512345678" },
    ]);
  });

  it("reads Kotak's one Amount column with Dr / Cr, and a reference written UPI-<utr>", () => {
    const csv = [
      "Sl. No.,Transaction Date,Value Date,Description,Chq / Ref number,Amount,Dr / Cr,Balance,Dr / Cr",
      "1,22-11-2026,22-11-2026,UPI/ASHA KUMARI/434512345678/Payment,UPI-434512345678,2450.00,CR,102450.00,CR",
      "2,22-11-2026,22-11-2026,UPI/SHOP/434512340000/Rent,UPI-434512340000,1000.00,DR,101450.00,CR",
    ].join("\n");
    expect(readStatement(csv).credits).toMatchObject([
      { line: 2, amountPaise: 245_000, reference: "434512345678" },
    ]);
  });

  it("reads a UTR column, yyyy-mm-dd and dd-Mon-yyyy dates, semicolons", () => {
    const csv = [
      "Value Date;UTR;Remarks;Credit Amount",
      "2026-11-22;434512345678;UPI collect;2450",
      "22-Nov-2026 10:15:02;AXISN52026112212345;NEFT credit;10.5",
    ].join("\n");
    expect(readStatement(csv).credits).toMatchObject([
      { date: "2026-11-22", amountPaise: 245_000, reference: "434512345678" },
      { date: "2026-11-22", amountPaise: 1050, reference: "AXISN52026112212345" },
    ]);
  });

  it("refuses a file without the needed columns, naming the accepted ones, next to the file field", () => {
    const refusal = (() => {
      try {
        readStatement("Posted On,Details,Money In\n22/11/2026,UPI,2450\n");
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ValidationError);
    const { fieldErrors } = refusal as ValidationError;
    expect(fieldErrors.statement).toContain("Txn Date");
    expect(fieldErrors.statement).toContain("Deposit Amt.");
    expect(fieldErrors.statement).toContain("Chq./Ref.No.");
    expect(fieldErrors.statement).toContain("Narration");
  });

  it("refuses a binary file (a spreadsheet saved as .csv)", () => {
    expect(() => readStatement("PK\u0003\u0004\u0000\u0000Date,Credit")).toThrow("not a CSV file");
  });

  it("refuses more than 5,000 lines and more than 1 MB", () => {
    const line = "22/11/2026,UPI/434512345678/x,434512345678,1.00";
    const header = "Date,Narration,UTR,Credit";
    const lines = (n: number) => [header, ...Array.from({ length: n }, () => line)].join("\n");
    expect(readStatement(lines(5000)).credits).toHaveLength(5000);
    expect(() => readStatement(lines(5001))).toThrow("more than 5,000 lines");
    expect(() => readStatement(`${header}\n${"x".repeat(1024 * 1024)}`)).toThrow("over 1 MB");
  });
});

describe("dates, amounts and references", () => {
  it("reads the dates banks write, and refuses days that do not exist", () => {
    expect(parseStatementDate("22/11/2026")).toBe("2026-11-22");
    expect(parseStatementDate("2/1/2026")).toBe("2026-01-02");
    expect(parseStatementDate("22-11-2026")).toBe("2026-11-22");
    expect(parseStatementDate("22.11.2026")).toBe("2026-11-22");
    expect(parseStatementDate("22/11/26")).toBe("2026-11-22");
    expect(parseStatementDate("22-Nov-2026")).toBe("2026-11-22");
    expect(parseStatementDate("22 NOV 26")).toBe("2026-11-22");
    expect(parseStatementDate("22 November, 2026")).toBe("2026-11-22");
    expect(parseStatementDate("2026-11-22")).toBe("2026-11-22");
    expect(parseStatementDate("2026-11-22T10:15:00")).toBe("2026-11-22");
    expect(parseStatementDate("22/11/2026 10:15 PM")).toBe("2026-11-22");
    for (const bad of ["29/02/2026", "31-04-2026", "22-Foo-2026", "11/22", "", "Opening Balance"]) {
      expect(parseStatementDate(bad), bad).toBeNull();
    }
    expect(parseStatementDate("29/02/2028")).toBe("2028-02-29");
  });

  it("reads amounts with Indian grouping into paise, exactly", () => {
    expect(parseStatementAmount("1,23,456.50")).toBe(12_345_650);
    expect(parseStatementAmount("2,450.00")).toBe(245_000);
    expect(parseStatementAmount("0.1")).toBe(10);
    expect(parseStatementAmount("₹ 4,599.5")).toBe(459_950);
    expect(parseStatementAmount("INR 1,00,00,000.00")).toBe(1_000_000_000);
    expect(parseStatementAmount("2,450.00 Cr")).toBe(245_000);
    // 0.07 + 0.2 is 0.27000000000000002 in floating point; in paise it is 27.
    expect(parseStatementAmount("0.27")).toBe(27);
    expect(parseStatementAmount("")).toBe(0);
    expect(parseStatementAmount("-")).toBe(0);
    expect(parseStatementAmount("0.00")).toBe(0);
    for (const bad of ["12a.00", "1.234", "-500.00", "(500.00)", "1e5"]) {
      expect(parseStatementAmount(bad), bad).toBeNull();
    }
  });

  it("keeps one form of a reference, and finds the UTR of a UPI narration", () => {
    expect(canonicalReference("0000434512345678")).toBe("434512345678");
    expect(canonicalReference(" axisn5-2026 ")).toBe("AXISN52026");
    expect(statementReference("0000434512345678", "")).toBe("434512345678");
    expect(statementReference("", "UPI/434512345678/Payment/x@ybl")).toBe("434512345678");
    expect(statementReference("-", "UPI-ASHA-434512345678-UC0123")).toBe("434512345678");
    // Not a UPI narration, or no 12-digit number standing alone: no reference.
    expect(statementReference("", "NEFT CR 434512345678")).toBeNull();
    expect(statementReference("", "UPI/43451234567890/x")).toBeNull();
    expect(statementReference("TRANSFER FROM 4897694162093", "BY TRANSFER")).toBeNull();
  });

  it("counts the order's day in India and the next one", () => {
    const late = new Date("2026-11-21T18:30:00Z"); // 00:00 on the 22nd in India
    expect(creditOnOrderDay("2026-11-22", late)).toBe(true);
    expect(creditOnOrderDay("2026-11-23", late)).toBe(true);
    expect(creditOnOrderDay("2026-11-21", late)).toBe(false);
    expect(creditOnOrderDay("2026-11-24", late)).toBe(false);
    expect(creditOnOrderDay("2026-12-01", ist(30))).toBe(true);
  });

  it("names the same match methods as the payment_credits table", () => {
    expect([...matchMethods]).toEqual([...paymentMatchMethods]);
  });
});

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
