import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  interStateColumns,
  intraStateColumns,
  printedFacts,
  readable,
} from "~/features/gst/fixtures/tax-document-facts";
import {
  creditNote,
  demoInvoice,
  interStateInvoice,
  intraStateInvoice,
} from "~/features/gst/fixtures/tax-documents";
import type { TaxDocument } from "~/features/gst/tax-document";
import { TaxDocumentView } from "./tax-document-view";

const html = (doc: TaxDocument, headingLevel?: 1 | 2) =>
  renderToString(<TaxDocumentView document={doc} headingLevel={headingLevel} />);

/** The page's words as a person reads them: tags as spaces, entities decoded. */
const textOf = (markup: string) =>
  readable(
    markup
      .replace(/<[^>]*>/g, " ")
      .replaceAll("&amp;", "&")
      .replaceAll("&#x27;", "'")
      .replaceAll("&quot;", '"')
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">"),
  );

/** The column headers of the lines table, in order. */
const columnHeaders = (markup: string) =>
  [...markup.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);

describe.each(printedFacts)("the printable page of $name", ({ doc, says, neverSays }) => {
  const markup = html(doc);

  it("says what its PDF says", () => {
    const text = textOf(markup);
    for (const words of says) expect(text).toContain(words);
  });

  it("says nothing of the other kind", () => {
    const text = textOf(markup);
    for (const words of neverSays) expect(text).not.toContain(words);
  });

  it("prints alone, and its table is named and scrolls by keyboard on a phone", () => {
    expect(markup).toMatch(/^<article [^>]*data-print-document=""/);
    expect(markup).toMatch(/<section aria-label="[^"]+ lines" tabindex="0"/);
    expect(markup).toMatch(
      new RegExp(`<caption class="sr-only">(Tax invoice|Credit note) ${doc.number}: lines`),
    );
    // Each line's description heads its row, and so does the totals row's label.
    expect(markup.match(/<th scope="row"/g)).toHaveLength(doc.lines.length + 1);
  });
});

describe("the lines table's columns", () => {
  it("are CGST and SGST within the state", () => {
    expect(columnHeaders(html(intraStateInvoice)).join(" ")).toBe(intraStateColumns);
  });

  it("are IGST between states", () => {
    expect(columnHeaders(html(interStateInvoice)).join(" ")).toBe(interStateColumns);
  });
});

describe("the document's title", () => {
  it("is a heading under the page's own by default, or the page's heading", () => {
    expect(html(creditNote)).toMatch(/<h2 id="tax-document-credit_note"[^>]*>Credit note<\/h2>/);
    expect(html(intraStateInvoice, 1)).toMatch(/<h1 id="tax-document-invoice"[^>]*>Tax invoice/);
    expect(html(intraStateInvoice, 1)).toMatch(/<h2[^>]*>Sold by<\/h2>/);
  });

  it("comes under the demo store's banner on a demo invoice only", () => {
    expect(html(demoInvoice)).toMatch(
      /<p [^>]*data-testid="tax-document-demo"[^>]*>Demo store: not a tax invoice<\/p>.*Tax invoice/,
    );
    expect(html(intraStateInvoice)).not.toContain("tax-document-demo");
  });
});
