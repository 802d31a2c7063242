/**
 * The typeface of the tax documents' PDFs: Noto Sans, self-hosted from the @fontsource/noto-sans
 * package (a runtime dependency, never bundled: scripts/build-server.mjs keeps packages external,
 * so resolving from this module finds node_modules both from the source and from dist/).
 *
 * Fontsource ships the font in subsets: "latin" has English, the digits and the punctuation, and
 * "latin-ext" has the rupee sign ₹ (U+20B9) and the accented letters of other Latin alphabets. A
 * text is drawn in runs, each character in the first face that has its glyph (see `runsOf`).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";

export type FontWeight = "regular" | "bold";

/** One face of the font: its name in the PDF, its file, and the characters it draws. */
export type PdfFace = {
  name: string;
  data: Buffer;
  hasGlyph: (codePoint: number) => boolean;
  /** The height above the baseline, in ems. */
  ascent: number;
};

/** A weight's faces, in the order they are tried. */
export type PdfFaces = readonly [PdfFace, ...PdfFace[]];

const files: Record<FontWeight, readonly [string, ...string[]]> = {
  regular: ["noto-sans-latin-400-normal.woff", "noto-sans-latin-ext-400-normal.woff"],
  bold: ["noto-sans-latin-700-normal.woff", "noto-sans-latin-ext-700-normal.woff"],
};

let loaded: Record<FontWeight, PdfFaces> | null = null;

function loadFace(file: string): PdfFace {
  const path = createRequire(import.meta.url).resolve(`@fontsource/noto-sans/files/${file}`);
  const data = readFileSync(path);
  const font = fontkit.create(data);
  if (!("hasGlyphForCodePoint" in font)) throw new Error(`${file} is a collection, not a font`);
  return {
    name: file.replace(/\.woff$/, ""),
    data,
    hasGlyph: (codePoint) => font.hasGlyphForCodePoint(codePoint),
    ascent: font.ascent / font.unitsPerEm,
  };
}

/** The faces of each weight, in the order they are tried; read once per process. */
export function pdfFaces(): Record<FontWeight, PdfFaces> {
  const faces = ([first, ...rest]: readonly [string, ...string[]]): PdfFaces => [
    loadFace(first),
    ...rest.map(loadFace),
  ];
  loaded ??= { regular: faces(files.regular), bold: faces(files.bold) };
  return loaded;
}

/**
 * A text cut into runs of one face each: every character in the first face that has its glyph (a
 * character that none has stays with the first face, which draws its "missing" box).
 */
export function runsOf(text: string, faces: PdfFaces): { face: string; text: string }[] {
  const runs: { face: string; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const face = (faces.find((f) => f.hasGlyph(codePoint)) ?? faces[0]).name;
    const last = runs.at(-1);
    if (last?.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}
