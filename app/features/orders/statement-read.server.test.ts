import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ValidationError } from "~/lib/errors";
import { statementMessages as m } from "./statement.messages";
import {
  canonicalReference,
  isCompact,
  parseStatementAmount,
  parseStatementDate,
  readStatement,
  statementReferences,
} from "./statement-read.server";

const sample = readFileSync(new URL("./fixtures/sample-statement.csv", import.meta.url), "utf8");

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
        lineId: null,
        narration: "BY TRANSFER-UPI/CR/434512345678/ASHA KUMA/SBIN/asha@oksbi/Payment--",
      },
      {
        line: 7,
        date: "2026-11-24",
        amountPaise: 1_000_000,
        reference: null,
        lineId: null,
        narration: "BY TRANSFER-NEFT*HDFC0000001*N328260123456*RAVI SHAH--",
      },
    ]);
  });

  it("reads the bank's line id of the reference column beside the UTR of the narration", () => {
    const csv = [
      "Txn Date,Description,Ref No./Cheque No.,Debit,Credit",
      "22/11/2026,UPI/CR/434512345678/ASHA KUMA/SBIN/asha@oksbi/Payment,S12345678,,2450.00",
      "22/11/2026,NEFT-RAVI SHAH,S12345679,,1000.00",
    ].join("\n");
    expect(readStatement(csv).credits).toMatchObject([
      { line: 2, reference: "434512345678", lineId: "S12345678" },
      { line: 3, reference: "S12345679", lineId: null },
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

  it("lists a credit with wrongly grouped digits as a line that could not be read", () => {
    const csv = [
      "Date,Narration,UTR,Credit",
      '22/11/2026,UPI/434512345678/Payment,434512345678,"91,99"',
      '22/11/2026,UPI/434512345679/Payment,434512345679,"4,6,9,9.00"',
      '22/11/2026,UPI/434512345680/Payment,434512345680,"4699,00"',
      '22/11/2026,UPI/434512345681/Payment,434512345681,"1,23,456.50"',
    ].join("\n");
    const { credits, problems } = readStatement(csv);
    expect(credits.map((c) => [c.line, c.amountPaise])).toEqual([[5, 12_345_650]]);
    expect(problems).toEqual([
      { line: 2, message: m.badAmount("91,99", false) },
      { line: 3, message: m.badAmount("4,6,9,9.00", false) },
      { line: 4, message: m.badAmount("4699,00", false) },
    ]);
    expect(problems[0]?.message).toBe(
      "“91,99” is not an amount in rupees: commas must group the digits as in 1,23,456.50 or 123,456.50, or be left out (123456.50); a decimal comma is read only in a file separated by semicolons",
    );
  });

  it("reads decimal commas in a file separated by semicolons", () => {
    const csv = [
      "Date;Narration;UTR;Credit",
      "22/11/2026;UPI/434512345678/Payment;434512345678;4699,00",
      "22/11/2026;UPI/434512345679/Payment;434512345679;4.699,50",
      "22/11/2026;UPI/434512345680/Payment;434512345680;4,699.00",
      "22/11/2026;UPI/434512345681/Payment;434512345681;4,6,9,9.00",
    ].join("\n");
    const { credits, problems } = readStatement(csv);
    expect(credits.map((c) => [c.line, c.amountPaise])).toEqual([
      [2, 469_900],
      [3, 469_950],
      [4, 469_900],
    ]);
    expect(problems).toEqual([{ line: 5, message: m.badAmount("4,6,9,9.00", true) }]);
    expect(problems[0]?.message).toBe(
      "“4,6,9,9.00” is not an amount in rupees: commas must group the digits as in 1,23,456.50 or 123,456.50, or be left out (123456.50); or, with a decimal comma, 123456,50 or 123.456,50",
    );
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

  it("reads quoted narrations across lines and refuses a quote never closed", () => {
    const header = "Date,Narration,Reference,Credit\r\n";
    const { credits } = readStatement(
      `${header}22/11/2026,"UPI/434512345678/Rao, ""Asha""\nline two",,"2,450.00"\r\n23/11/2026,NEFT,N123456789,10\r\n`,
    );
    expect(credits.map((c) => [c.line, c.reference, c.amountPaise, c.narration])).toEqual([
      [2, "434512345678", 245_000, 'UPI/434512345678/Rao, "Asha" line two'],
      [4, "N123456789", 1000, "NEFT"],
    ]);
    expect(() => readStatement(`${header}22/11/2026,"UPI/434512345678,,2450\r\n`)).toThrow(
      m.badQuotes(2),
    );
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
    // Centuries: 2100 is no leap year, 2000 is; the years read are 2000 to 2100.
    expect(parseStatementDate("29/02/2100")).toBeNull();
    expect(parseStatementDate("29/02/2000")).toBe("2000-02-29");
    for (const bad of ["00/01/2026", "31/12/1999", "01/01/2101", "32/01/2026", "01/13/2026"]) {
      expect(parseStatementDate(bad), bad).toBeNull();
    }
    expect(parseStatementDate("31/12/2100")).toBe("2100-12-31");
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

  it("reads Indian and Western digit grouping, or none", () => {
    expect(parseStatementAmount("1,23,45,678.90")).toBe(1_234_567_890);
    expect(parseStatementAmount("12,34,567")).toBe(123_456_700);
    expect(parseStatementAmount("1,234,567.90")).toBe(123_456_790);
    expect(parseStatementAmount("123,456")).toBe(12_345_600);
    expect(parseStatementAmount("12,345.5")).toBe(1_234_550);
    expect(parseStatementAmount("4,699")).toBe(469_900);
    expect(parseStatementAmount("999")).toBe(99_900);
    expect(parseStatementAmount("1234567.90")).toBe(123_456_790);
    expect(parseStatementAmount(" Rs. 4,699.00 CR ")).toBe(469_900);
  });

  it("refuses commas that group no digits the Indian or Western way", () => {
    for (const bad of [
      "91,99",
      "4,6,9,9.00",
      "46,99",
      "1,2345.00",
      "12,34,5.00",
      "1,23,4567",
      "1234,567",
      "1,23,456,789",
      ",450",
      "450,",
      "1,,450",
      "2 450.00",
      "1,234.567",
      // A decimal comma is read only in a file separated by semicolons.
      "4699,00",
      "4.699,00",
    ]) {
      expect(parseStatementAmount(bad), bad).toBeNull();
    }
  });

  it("reads a decimal comma only when told the file is separated by semicolons", () => {
    const semicolons = { decimalComma: true };
    expect(parseStatementAmount("4699,00", semicolons)).toBe(469_900);
    expect(parseStatementAmount("4.699,00", semicolons)).toBe(469_900);
    expect(parseStatementAmount("1.234.567,5", semicolons)).toBe(123_456_750);
    expect(parseStatementAmount("91,99", semicolons)).toBe(9199);
    expect(parseStatementAmount("0,00", semicolons)).toBe(0);
    // Grouping with a decimal point still reads in such a file.
    expect(parseStatementAmount("4,699.00", semicolons)).toBe(469_900);
    expect(parseStatementAmount("1,234", semicolons)).toBe(123_400);
    expect(parseStatementAmount("2450", semicolons)).toBe(245_000);
    for (const bad of ["4.699", "1.234.567", "4,6,9,9.00", "46,99,00", "4.69,00", "4699,001"]) {
      expect(parseStatementAmount(bad, semicolons), bad).toBeNull();
    }
  });

  it("keeps one form of a reference, and finds the UTR of a UPI narration", () => {
    expect(canonicalReference("0000434512345678")).toBe("434512345678");
    expect(canonicalReference(" axisn5-2026 ")).toBe("AXISN52026");
    const referenceOf = (cell: string, narration: string) =>
      statementReferences(cell, narration).reference;
    expect(referenceOf("0000434512345678", "")).toBe("434512345678");
    expect(referenceOf("", "UPI/434512345678/Payment/x@ybl")).toBe("434512345678");
    expect(referenceOf("-", "UPI-ASHA-434512345678-UC0123")).toBe("434512345678");
    // Not a UPI narration, or no 12-digit number standing alone: no reference.
    expect(referenceOf("", "NEFT CR 434512345678")).toBeNull();
    expect(referenceOf("", "UPI/43451234567890/x")).toBeNull();
    expect(referenceOf("TRANSFER FROM 4897694162093", "BY TRANSFER")).toBeNull();
  });

  it("leaves a reference already in its one form as it is, and no other", () => {
    for (const kept of ["AZ09", "UC0123456789ABCDEF0123", "434512345678", ""]) {
      expect(isCompact(kept), kept).toBe(true);
    }
    // The characters next to A-Z and 0-9, lower case, and letters that upper-case to two.
    for (const other of ["A/1", "A:1", "@1", "A[", "A`", "Az", "1{", "Aß", "A 1", "Ä1"]) {
      expect(isCompact(other), other).toBe(false);
    }
    expect(canonicalReference("Aß")).toBe("ASS");
    expect(canonicalReference("000")).toBe("0");
    expect(canonicalReference("UC00AB")).toBe("UC00AB");
  });

  it("keeps the bank's own line id beside the UTR of a UPI narration", () => {
    const cases: [cell: string, narration: string, reference: string, lineId: string | null][] = [
      ["S12345678", "UPI/CR/434512345678/ASHA/x@ybl", "434512345678", "S12345678"],
      ["0000123456", "UPI-ASHA-x@ybl-434512345678-Payment", "434512345678", "123456"],
      // One of the two only: as before, no line id.
      ["0000434512345678", "UPI-ASHA-434512345678-Payment", "434512345678", null],
      ["S12345678", "NEFT CR 434512345678 RAVI", "S12345678", null],
      ["", "UPI/434512345678/Payment", "434512345678", null],
      ["UPI-434512345678", "UPI/ASHA/434512345678", "434512345678", null],
      // The column's UTR is in the narration beside another 12-digit number: it is the UTR.
      ["434512345678", "UPI/919876543210/434512345678/x", "434512345678", null],
    ];
    for (const [cell, narration, reference, lineId] of cases) {
      expect(statementReferences(cell, narration), `${cell} ${narration}`).toEqual({
        reference,
        lineId,
      });
    }
  });
});
