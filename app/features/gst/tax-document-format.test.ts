import { describe, expect, it } from "vitest";
import { interStateColumns, intraStateColumns } from "./fixtures/tax-document-facts";
import { interStateInvoice, intraStateInvoice } from "./fixtures/tax-documents";
import {
  formatAmount,
  formatIssueDate,
  formatRate,
  partyLines,
  paymentLine,
  stateLabel,
  taxColumns,
} from "./tax-document-format";

describe("the printed rate", () => {
  it.each([
    [1800, "18%"],
    [2800, "28%"],
    [1250, "12.5%"],
    [1205, "12.05%"],
    [25, "0.25%"],
    [0, "0%"],
  ])("of %i basis points is %s", (basisPoints, printed) => {
    expect(formatRate(basisPoints)).toBe(printed);
  });
});

describe("the printed figures", () => {
  it("write a day of India's calendar whatever the machine's zone", () => {
    expect(formatIssueDate("2027-03-31")).toBe("31 Mar 2027");
    expect(formatIssueDate("2026-04-01")).toBe("1 Apr 2026");
  });

  it("write amounts in Indian grouping, a negative one with its minus, never -₹0", () => {
    expect(formatAmount(12_345_650)).toBe("₹1,23,456.50");
    expect(formatAmount(-459_900)).toBe("-₹4,599");
    expect(formatAmount(-0)).toBe("₹0");
  });

  it("write a state with its code, or alone when the code is not known", () => {
    expect(stateLabel({ state: "Gujarat", stateCode: "24" })).toBe("Gujarat (24)");
    expect(stateLabel({ state: "Ladakh", stateCode: "" })).toBe("Ladakh");
  });
});

describe("the parties", () => {
  it("show the seller's GSTIN, or say it has none", () => {
    expect(partyLines(intraStateInvoice.seller, "seller")).toContain("GSTIN: 24AABCU9603R1ZT");
    expect(partyLines({ ...intraStateInvoice.seller, gstin: null }, "seller")).toContain(
      "GSTIN: none",
    );
  });

  it("show a buyer's GSTIN only when it gave one", () => {
    expect(partyLines(interStateInvoice.buyer, "buyer")).toContain("GSTIN: 27AAPFU0939F1ZV");
    expect(partyLines(intraStateInvoice.buyer, "buyer").join("\n")).not.toContain("GSTIN");
  });
});

describe("the lines table", () => {
  it("has CGST and SGST within the state, IGST between states", () => {
    const labels = (intra: boolean) => taxColumns(intra).map((c) => c.label);
    expect(labels(true).join(" ")).toBe(intraStateColumns);
    expect(labels(false).join(" ")).toBe(interStateColumns);
  });
});

describe("the payment", () => {
  it("names UPI with its reference, and the UTR when the bank gave one", () => {
    expect(paymentLine(intraStateInvoice)).toBe(
      "Paid by UPI, reference UC3F9A0C1D2E4B5A6978, UTR 434512345678",
    );
    expect(paymentLine(interStateInvoice)).toBe("Paid by UPI, reference UC0B1C2D3E4F5A6B7C8D");
  });

  it("says when it was paid on installation", () => {
    const payment = { method: "on_installation", reference: "UC1", utr: null } as const;
    expect(paymentLine({ ...intraStateInvoice, payment })).toBe(
      "Paid on installation, reference UC1",
    );
  });
});
