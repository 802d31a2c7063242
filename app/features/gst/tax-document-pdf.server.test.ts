import { beforeAll, describe, expect, it } from "vitest";
import { pdfPages } from "../../../tests/helpers/pdf-text";
import {
  creditNote,
  demoInvoice,
  interStateInvoice,
  intraStateInvoice,
} from "./fixtures/tax-documents";
import { pdfFaces, runsOf } from "./pdf-fonts.server";
import type { TaxDocument } from "./tax-document";
import { renderTaxDocumentPdf } from "./tax-document-pdf.server";

/** What each document's PDF must say, written out here rather than computed by the code tested. */
const cases: {
  name: string;
  doc: TaxDocument;
  says: string[];
  neverSays: string[];
}[] = [
  {
    name: "an intra-state invoice",
    doc: intraStateInvoice,
    says: [
      "Tax invoice",
      "Invoice number UC/26-27/000123",
      "Date of issue 27 Nov 2026",
      "Order number #10042",
      "GSTIN: 24AABCU9603R1ZT",
      "Bill to",
      "Priya Shah",
      "State: Gujarat (24)",
      "Place of supply: Gujarat (24)",
      "# Description HSN Qty Unit price Discount Taxable value Rate CGST SGST Total",
      "850710 1 ₹4,299 ₹500 ₹3,219.49 18% ₹289.76 ₹289.75 ₹3,799",
      "850710 2 ₹1,249.50 ₹0 ₹2,117.80 18% ₹190.60 ₹190.60 ₹2,499",
      "3 Shipping 850710 1 ₹99 ₹0 ₹83.90 18% ₹7.55 ₹7.55 ₹99",
      "Total ₹5,421.19 ₹487.91 ₹487.90 ₹6,397",
      "Amount in words: Rupees Six Thousand Three Hundred Ninety-Seven Only",
      "Paid by UPI, reference UC3F9A0C1D2E4B5A6978, UTR 434512345678",
      "Whether tax is payable on reverse charge: No",
      "This is a computer-generated document.",
      "For UrjaCell Batteries Private Limited",
      "Authorised signatory",
    ],
    neverSays: ["IGST", "Demo store", "Credit note", "Against invoice"],
  },
  {
    name: "an inter-state invoice to a registered business",
    doc: interStateInvoice,
    says: [
      "Tax invoice",
      "Invoice number UC/26-27/000124",
      "Date of issue 28 Nov 2026",
      "GSTIN: 24AABCU9603R1ZT",
      "Unique Power Solutions LLP",
      "GSTIN: 27AAPFU0939F1ZV",
      "State: Maharashtra (27)",
      "Place of supply: Maharashtra (27)",
      "# Description HSN Qty Unit price Discount Taxable value Rate IGST Total",
      "850720 3 ₹14,499 ₹0 ₹36,861.86 18% ₹6,635.14 ₹43,497",
      "850760 1 ₹32,750.50 ₹1,000 ₹26,907.20 18% ₹4,843.30 ₹31,750.50",
      "Total ₹63,769.06 ₹11,478.44 ₹75,247.50",
      "Amount in words: Rupees Seventy-Five Thousand Two Hundred Forty-Seven and Fifty Paise Only",
      "Paid by UPI, reference UC0B1C2D3E4F5A6B7C8D",
      "Whether tax is payable on reverse charge: No",
    ],
    neverSays: ["CGST", "SGST", "UTR", "Demo store"],
  },
  {
    name: "a credit note",
    doc: creditNote,
    says: [
      "Credit note",
      "Against invoice UC/26-27/000123 of 27 Nov 2026",
      "Credit note number CN/26-27/000012",
      "Date of issue 2 Dec 2026",
      "Order number #10042",
      "GSTIN: 24AABCU9603R1ZT",
      "850710 1 -₹4,299 -₹500 -₹3,219.49 18% -₹289.76 -₹289.75 -₹3,799",
      "Total -₹5,421.19 -₹487.91 -₹487.90 -₹6,397",
      "Whether tax is payable on reverse charge: No",
    ],
    neverSays: ["Tax invoice", "Invoice number", "IGST", "-₹0"],
  },
  {
    name: "the demo store's invoice",
    doc: demoInvoice,
    says: [
      "Demo store: not a tax invoice",
      "Tax invoice",
      "Invoice number UC/26-27/000001",
      "Date of issue 1 Apr 2026",
      "GSTIN: none",
      "Total ₹4,066.95 ₹366.03 ₹366.02 ₹4,799",
      "Paid on installation, reference UC9E8D7C6B5A49382716",
    ],
    neverSays: ["IGST", "UTR"],
  },
];

const rendered = new Map<TaxDocument, { bytes: Uint8Array; pages: string[] }>();

beforeAll(async () => {
  for (const { doc } of cases) {
    const bytes = await renderTaxDocumentPdf(doc);
    rendered.set(doc, { bytes, pages: await pdfPages(bytes) });
  }
});

/** The text with each run of spaces and line breaks as one space, as a person reads it. */
const textOf = (doc: TaxDocument) => rendered.get(doc)!.pages.join("\n").replace(/\s+/g, " ");

describe.each(cases)("the PDF of $name", ({ doc, says, neverSays }) => {
  it("says what Rule 46 asks, with its figures", () => {
    const text = textOf(doc);
    for (const words of says) expect(text).toContain(words);
  });

  it("says nothing of the other kind", () => {
    const text = textOf(doc);
    for (const words of neverSays) expect(text).not.toContain(words);
  });

  it("is one A4 page", () => {
    const { bytes, pages } = rendered.get(doc)!;
    expect(pages).toHaveLength(1);
    expect(Buffer.from(bytes).toString("latin1")).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });
});

describe("the PDF's bytes", () => {
  it("are the same for the same document, rendered again", async () => {
    const again = await renderTaxDocumentPdf(intraStateInvoice);
    expect(Buffer.from(again).equals(Buffer.from(rendered.get(intraStateInvoice)!.bytes))).toBe(
      true,
    );
  });

  it("are dated the day of issue, in India", () => {
    const raw = Buffer.from(rendered.get(intraStateInvoice)!.bytes).toString("latin1");
    // PDFKit writes the dates (creation, change) in UTC: midnight in India is 18:30 the day
    // before.
    expect(raw.match(/\(D:\d{14}Z\)/g)).toEqual(["(D:20261126183000Z)", "(D:20261126183000Z)"]);
  });

  it("are compressed", () => {
    const raw = Buffer.from(rendered.get(intraStateInvoice)!.bytes).toString("latin1");
    expect(raw).toContain("/Filter /FlateDecode");
    expect(raw).not.toContain("Rupees Six Thousand");
  });
});

describe("the PDF's typeface", () => {
  it("draws the rupee sign from a face that has its glyph, in both weights", () => {
    for (const faces of Object.values(pdfFaces())) {
      const runs = runsOf("₹1,249.50", faces);
      expect(runs.map((run) => run.text)).toEqual(["₹", "1,249.50"]);
      for (const run of runs) {
        const face = faces.find((f) => f.name === run.face)!;
        for (const char of run.text) expect(face.hasGlyph(char.codePointAt(0)!)).toBe(true);
      }
    }
  });

  it("draws the letters of other Latin alphabets too", () => {
    const faces = pdfFaces().regular;
    for (const run of runsOf("Śrīnivāsan Ramaṇa", faces)) {
      const face = faces.find((f) => f.name === run.face)!;
      for (const char of run.text) expect(face.hasGlyph(char.codePointAt(0)!)).toBe(true);
    }
  });
});
