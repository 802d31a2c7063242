import { beforeAll, describe, expect, it } from "vitest";
import { pdfPages } from "../../../tests/helpers/pdf-text";
import { printedFacts, readable } from "./fixtures/tax-document-facts";
import { intraStateInvoice } from "./fixtures/tax-documents";
import { pdfFaces, runsOf } from "./pdf-fonts.server";
import type { TaxDocument } from "./tax-document";
import { renderTaxDocumentPdf } from "./tax-document-pdf.server";

const rendered = new Map<TaxDocument, { bytes: Uint8Array; pages: string[] }>();

beforeAll(async () => {
  for (const { doc } of printedFacts) {
    const bytes = await renderTaxDocumentPdf(doc);
    rendered.set(doc, { bytes, pages: await pdfPages(bytes) });
  }
});

const textOf = (doc: TaxDocument) => readable(rendered.get(doc)!.pages.join("\n"));

describe.each(printedFacts)("the PDF of $name", ({ doc, says, neverSays }) => {
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
