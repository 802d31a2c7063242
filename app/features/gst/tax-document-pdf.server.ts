/**
 * A tax invoice or credit note as a PDF (ADR 033, Rule 46): A4, drawn from the issued document
 * alone, the same bytes for the same document (the creation date is the day of issue and PDFKit's
 * file id is a hash of the document's info). The words and figures come from
 * tax-document-format.ts, which the printable page uses too.
 */
import PDFDocument from "pdfkit";
import { type FontWeight, type PdfFaces, pdfFaces, runsOf } from "./pdf-fonts.server";
import type { TaxDocument } from "./tax-document";
import {
  amountInWordsLine,
  computerGeneratedLine,
  demoBanner,
  documentFacts,
  documentTitle,
  partyHeadings,
  partyLines,
  paymentLine,
  placeOfSupplyLine,
  refersToLine,
  reverseChargeLine,
  signatoryFor,
  signatoryLabel,
  type TaxColumn,
  taxColumns,
  totalsLabel,
} from "./tax-document-format";

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const LEFT = MARGIN;
const RIGHT = PAGE.width - MARGIN;
const WIDTH = RIGHT - LEFT;
/** Where the content stops; the page footer goes below it. */
const BOTTOM = PAGE.height - MARGIN - 14;

const colour = {
  text: "#0f172a",
  muted: "#475569",
  brand: "#1e2fae",
  rule: "#cbd5e1",
  headFill: "#f1f5f9",
  warning: "#b45309",
  warningFill: "#fffbeb",
};

/** The width of each column of the lines table; the description takes what is left. */
const columnWidths: Record<string, number> = {
  index: 14,
  hsn: 34,
  quantity: 20,
  unitPrice: 50,
  discount: 46,
  taxable: 52,
  rate: 26,
  cgst: 46,
  sgst: 46,
  igst: 52,
  total: 54,
};
const CELL_PAD = 3;
const TABLE_SIZE = 7.5;

type Style = { weight?: FontWeight; size?: number; color?: string };
type Align = "left" | "right" | "center";

/** Text set in the document's faces, a run per face, at places the layout computes. */
class Writer {
  y = MARGIN;

  constructor(
    readonly pdf: PDFKit.PDFDocument,
    readonly faces: Record<FontWeight, PdfFaces>,
  ) {}

  private runs(text: string, style: Style) {
    const size = style.size ?? 9;
    return runsOf(text, this.faces[style.weight ?? "regular"]).map((run) => ({
      ...run,
      width: this.pdf.font(run.face).fontSize(size).widthOfString(run.text),
    }));
  }

  measure(text: string, style: Style): number {
    return this.runs(text, style).reduce((sum, run) => sum + run.width, 0);
  }

  /** The height above the baseline, in ems. */
  ascent(style: Style): number {
    return this.faces[style.weight ?? "regular"][0].ascent;
  }

  lineHeight(style: Style): number {
    return (style.size ?? 9) * 1.35;
  }

  /** One line of text, without wrapping, its top at y. */
  write(text: string, x: number, y: number, style: Style, width = 0, align: Align = "left") {
    const runs = this.runs(text, style);
    const total = runs.reduce((sum, run) => sum + run.width, 0);
    let at =
      align === "right" ? x + width - total : align === "center" ? x + (width - total) / 2 : x;
    this.pdf.fillColor(style.color ?? colour.text);
    for (const run of runs) {
      this.pdf
        .font(run.face)
        .fontSize(style.size ?? 9)
        .text(run.text, at, y, { lineBreak: false });
      at += run.width;
    }
  }

  /** A text cut into lines no wider than `width`: at spaces, or inside a word longer than it. */
  wrap(text: string, width: number, style: Style): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.measure(candidate, style) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = Array.from(word);
      while (rest.length > 1 && this.measure(rest.join(""), style) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && this.measure(rest.slice(0, cut).join(""), style) > width) cut--;
        lines.push(rest.slice(0, cut).join(""));
        rest = rest.slice(cut);
      }
      line = rest.join("");
    }
    lines.push(line);
    return lines;
  }

  /** Wrapped paragraphs from the current y; moves y below them. */
  paragraph(text: string, style: Style, x = LEFT, width = WIDTH) {
    for (const line of this.wrap(text, width, style)) {
      this.ensure(this.lineHeight(style));
      this.write(line, x, this.y, style);
      this.y += this.lineHeight(style);
    }
  }

  /** Starts a new page when `height` does not fit on this one; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.pdf.addPage();
    this.y = MARGIN;
    return true;
  }

  rule(y: number, color = colour.rule, width = 0.5) {
    this.pdf.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();
  }
}

function drawHeading(w: Writer, doc: TaxDocument) {
  if (doc.demo) {
    w.pdf.rect(LEFT, w.y, WIDTH, 26).lineWidth(1).fillAndStroke(colour.warningFill, colour.warning);
    w.write(
      demoBanner,
      LEFT,
      w.y + 6.5,
      { weight: "bold", size: 11, color: colour.warning },
      WIDTH,
      "center",
    );
    w.y += 38;
  }
  const top = w.y;
  w.write(documentTitle(doc.kind), LEFT, top, { weight: "bold", size: 20, color: colour.brand });
  const against = refersToLine(doc);
  if (against) w.write(against, LEFT, top + 30, { size: 9.5 });

  const factsWidth = 230;
  let y = top + 2;
  for (const fact of documentFacts(doc)) {
    w.write(fact.label, RIGHT - factsWidth, y, { size: 9, color: colour.muted });
    w.write(fact.value, RIGHT - factsWidth, y, { weight: "bold", size: 9 }, factsWidth, "right");
    y += 13;
  }
  w.y = Math.max(y, top + (against ? 44 : 30)) + 8;
  w.rule(w.y);
  w.y += 12;
}

function drawParties(w: Writer, doc: TaxDocument) {
  const gap = 24;
  const width = (WIDTH - gap) / 2;
  const bottoms = (["seller", "buyer"] as const).map((role, i) => {
    const party = doc[role];
    const x = LEFT + i * (width + gap);
    let y = w.y;
    w.write(partyHeadings[role], x, y, { weight: "bold", size: 8, color: colour.muted });
    y += 12;
    for (const line of w.wrap(party.name, width, { weight: "bold", size: 10 })) {
      w.write(line, x, y, { weight: "bold", size: 10 });
      y += 13.5;
    }
    for (const text of partyLines(party, role)) {
      for (const line of w.wrap(text, width, { size: 9 })) {
        w.write(line, x, y, { size: 9 });
        y += 12;
      }
    }
    return y;
  });
  w.y = Math.max(...bottoms) + 8;
  w.write(placeOfSupplyLine(doc), LEFT, w.y, { weight: "bold", size: 9 });
  w.y += 20;
}

type PlacedColumn = TaxColumn & { x: number; width: number };

function placeColumns(columns: TaxColumn[]): PlacedColumn[] {
  const fixed = columns.reduce((sum, c) => sum + (columnWidths[c.key] ?? 0), 0);
  let x = LEFT;
  return columns.map((c) => {
    const width = columnWidths[c.key] ?? WIDTH - fixed;
    const placed = { ...c, x, width };
    x += width;
    return placed;
  });
}

type Row = {
  cells: { column: PlacedColumn; lines: string[]; size: number }[];
  height: number;
  style: Style;
};

/** A row laid out: text wraps in its cell, a figure stays on one line (smaller if it must). */
function layRow(
  w: Writer,
  columns: PlacedColumn[],
  text: (column: PlacedColumn) => string,
  style: Style,
): Row {
  const size = style.size ?? TABLE_SIZE;
  const cells = columns.map((column) => {
    const inner = column.width - 2 * CELL_PAD;
    const value = text(column);
    if (!column.numeric) return { column, lines: w.wrap(value, inner, style), size };
    let fitted = size;
    while (fitted > 5 && w.measure(value, { ...style, size: fitted }) > inner) fitted -= 0.25;
    return { column, lines: [value], size: fitted };
  });
  const height =
    Math.max(...cells.map((cell) => cell.lines.length)) * w.lineHeight(style) + 2 * CELL_PAD;
  return { cells, height, style };
}

/** Draws a row at y and moves y below it. */
function paintRow(w: Writer, row: Row, fill?: string) {
  if (fill) w.pdf.rect(LEFT, w.y, WIDTH, row.height).fill(fill);
  const lineHeight = w.lineHeight(row.style);
  for (const { column, lines, size } of row.cells) {
    // A figure set smaller keeps the row's baseline.
    const shift = w.ascent(row.style) * ((row.style.size ?? TABLE_SIZE) - size);
    const inner = column.width - 2 * CELL_PAD;
    lines.forEach((line, n) => {
      const top = w.y + CELL_PAD + n * lineHeight + shift;
      const align = column.numeric ? "right" : "left";
      w.write(line, column.x + CELL_PAD, top, { ...row.style, size }, inner, align);
    });
  }
  w.y += row.height;
}

function drawLines(w: Writer, doc: TaxDocument) {
  const columns = placeColumns(taxColumns(doc.intraState));
  const header = () =>
    paintRow(
      w,
      layRow(w, columns, (c) => c.label, { weight: "bold", size: 7 }),
      colour.headFill,
    );
  /** A row on this page, or on the next under the header again: a row never splits. */
  const place = (row: Row) => {
    if (w.ensure(row.height)) header();
  };
  header();
  doc.lines.forEach((line, i) => {
    const row = layRow(w, columns, (c) => c.cell(line, i), { size: TABLE_SIZE });
    place(row);
    paintRow(w, row);
    w.rule(w.y);
  });
  const totals = layRow(
    w,
    columns,
    (c) => (c.key === "description" ? totalsLabel : (c.total?.(doc.totals) ?? "")),
    { weight: "bold", size: TABLE_SIZE },
  );
  place(totals);
  w.rule(w.y, colour.muted, 0.8);
  paintRow(w, totals);
  w.rule(w.y, colour.muted, 0.8);
  w.y += 14;
}

function drawClosing(w: Writer, doc: TaxDocument) {
  w.paragraph(amountInWordsLine(doc), { weight: "bold", size: 9 });
  w.y += 4;
  w.paragraph(paymentLine(doc), { size: 9 });
  w.paragraph(reverseChargeLine, { size: 9 });
  w.y += 22;
  w.ensure(60);
  const top = w.y;
  w.write(computerGeneratedLine, LEFT, top + 34, { size: 8.5, color: colour.muted });
  const box = 240;
  w.write(signatoryFor(doc), RIGHT - box, top, { weight: "bold", size: 9 }, box, "right");
  w.write(signatoryLabel, RIGHT - box, top + 34, { size: 9 }, box, "right");
  w.y = top + 48;
}

/** On every page when there is more than one: the document's number and the page's. */
function drawPageNumbers(w: Writer, doc: TaxDocument) {
  const { start, count } = w.pdf.bufferedPageRange();
  if (count < 2) return;
  for (let i = start; i < start + count; i++) {
    w.pdf.switchToPage(i);
    const text = `${doc.number} · page ${i - start + 1} of ${count}`;
    w.write(
      text,
      LEFT,
      PAGE.height - MARGIN - 6,
      { size: 7.5, color: colour.muted },
      WIDTH,
      "right",
    );
  }
}

/** The document as PDF bytes: A4, compressed, one page for an order of a few lines. */
export async function renderTaxDocumentPdf(doc: TaxDocument): Promise<Uint8Array> {
  const faces = pdfFaces();
  const title = documentTitle(doc.kind);
  const issued = new Date(`${doc.issuedOn}T00:00:00+05:30`);
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: true,
    bufferPages: true,
    lang: "en-IN",
    displayTitle: true,
    info: {
      Title: `${doc.demo ? `${demoBanner}: ` : ""}${title} ${doc.number}`,
      Author: doc.seller.name,
      Subject: `Order #${doc.orderNumber}`,
      Creator: doc.seller.name,
      Producer: "PDFKit",
      CreationDate: issued,
      ModDate: issued,
    },
  });
  for (const face of [...faces.regular, ...faces.bold]) pdf.registerFont(face.name, face.data);
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on("end", resolve);
    pdf.on("error", reject);
  });

  const w = new Writer(pdf, faces);
  drawHeading(w, doc);
  drawParties(w, doc);
  drawLines(w, doc);
  drawClosing(w, doc);
  drawPageNumbers(w, doc);
  pdf.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
