/**
 * Draws the product pictures (SVG, 400 × 300, transparent background) for the demo catalogue
 * and the family pictures shown when a product has no image. Pure: no file system, so the layout
 * can be tested. Every family has its own drawn look (a three-quarter view of a box with shaded
 * front, top and side faces); the model is set on a label panel on the front face, in a font
 * size chosen from the label's estimated width, and every other mark on the face (brand, bolt,
 * capacity) sits outside that panel.
 */
import type { ProductSpecs } from "../../app/db/schema/catalog";
import type { ProductCategory } from "../../app/db/schema/enums";

export type ArtInput = {
  model: string;
  category: ProductCategory;
  capacityAh: number;
  voltageV: number;
  specs?: ProductSpecs;
};

export type Box = { x: number; y: number; width: number; height: number };

export type ArtLayout = {
  /** The usable part of the battery's front face. */
  face: Box;
  /** The label panel, inside the face; the model's text stays inside it, padding included. */
  panel: Box;
  /** The space the model's text may use: the panel less its padding. */
  textArea: Box;
  /** The (estimated) box of the model's text; null when there is no model (family pictures). */
  label: Box | null;
  lines: string[];
  fontSize: number;
  /** Line baselines (y), one per line. */
  baselines: number[];
  /** Every other mark near the face (brand, bolt, capacity, terminals, handle, vents...). */
  decorations: { name: string; box: Box }[];
};

export const FONT_FAMILY = "Inter Variable, Verdana, sans-serif";
export const MIN_FONT_SIZE = 12;
const LINE_HEIGHT = 1.1;
/** Above the baseline (cap height is about 0.73 em in Verdana / DejaVu Sans Bold). */
const ASCENT = 0.8;
/** Below the baseline: room for descenders and punctuation. */
const DESCENT = 0.2;

/**
 * Advance width of one character, in em, for a bold sans font. Deliberately on the wide side:
 * an SVG shown through <img> cannot use the page's Inter, so browsers fall back to Verdana Bold
 * (or DejaVu Sans Bold on Linux), whose capitals and digits are about 0.7 em wide on average:
 * wider than the 0.62 em a narrower bold face would need.
 */
export function charWidthEm(c: string): number {
  if (/[MW]/.test(c)) return 1.06;
  if (/[IJ1]/.test(c)) return c === "1" ? 0.7 : 0.5;
  if (/[0-9]/.test(c)) return 0.7;
  if (/[A-Z]/.test(c)) return 0.8;
  if (/[mw]/.test(c)) return 1.0;
  if (/[ijlft]/.test(c)) return 0.45;
  if (/[a-z]/.test(c)) return 0.68;
  if (c === " ") return 0.36;
  if (/[-.,:;'·/|!()]/.test(c)) return 0.5;
  return 0.9;
}

export function textWidthEm(text: string): number {
  let width = 0;
  for (const c of text) width += charWidthEm(c);
  return width;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function boxesIntersect(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function boxInside(inner: Box, outer: Box): boolean {
  const eps = 1e-6;
  return (
    inner.x >= outer.x - eps &&
    inner.y >= outer.y - eps &&
    inner.x + inner.width <= outer.x + outer.width + eps &&
    inner.y + inner.height <= outer.y + outer.height + eps
  );
}

// ---------------------------------------------------------------------------------------------
// Fitting the model label

/** Splits pieces (each with its width) into n consecutive lines, minimising the widest line. */
function balancedLines(pieces: string[], n: number): string[] | null {
  if (pieces.length < n) return null;
  const k = pieces.length;
  // Width of pieces s..i-1 joined, from running sums.
  const prefix = [0];
  for (const piece of pieces) prefix.push((prefix.at(-1) ?? 0) + textWidthEm(piece));
  const span = (s: number, i: number) => (prefix[i] ?? 0) - (prefix[s] ?? 0);
  // best[j * (k + 1) + i]: the smallest widest line splitting the first i pieces into j lines;
  // cut at the same index: where that last line starts.
  const at = (j: number, i: number) => j * (k + 1) + i;
  const best = new Float64Array((n + 1) * (k + 1)).fill(Number.POSITIVE_INFINITY);
  const cut = new Int32Array((n + 1) * (k + 1));
  best[0] = 0;
  for (let j = 1; j <= n; j++) {
    for (let i = j; i <= k; i++) {
      for (let s = j - 1; s < i; s++) {
        const v = Math.max(best[at(j - 1, s)] ?? Number.POSITIVE_INFINITY, span(s, i));
        if (v < (best[at(j, i)] ?? Number.POSITIVE_INFINITY)) {
          best[at(j, i)] = v;
          cut[at(j, i)] = s;
        }
      }
    }
  }
  const lines: string[] = [];
  let i = k;
  for (let j = n; j >= 1; j--) {
    const s = cut[at(j, i)] ?? 0;
    lines.unshift(pieces.slice(s, i).join("").trim());
    i = s;
  }
  return lines;
}

function fontSizeFor(lines: string[], area: Box, maxFontSize: number): number {
  const widest = Math.max(...lines.map(textWidthEm));
  const byWidth = area.width / widest;
  const byHeight = area.height / (ASCENT + DESCENT + LINE_HEIGHT * (lines.length - 1));
  return Math.floor(Math.min(maxFontSize, byWidth, byHeight) * 2) / 2;
}

/**
 * Chooses lines and a font size so the text fits the area: one line if it can be read there,
 * otherwise broken after hyphens, spaces or slashes (or anywhere, for one long run), and as a
 * last resort cut short with an ellipsis at the smallest size.
 */
export function fitLabel(
  text: string,
  area: Box,
  maxFontSize: number,
  maxLines: number,
): { lines: string[]; fontSize: number } {
  const words = text.split(/(?<=[-\s/_])/).filter(Boolean);
  const chars = [...text];
  let bestFit = { lines: [text], fontSize: fontSizeFor([text], area, maxFontSize) };
  // One line reads best: keep it while its size is comfortable.
  if (bestFit.fontSize >= maxFontSize * 0.65) return bestFit;
  for (const pieces of [words, chars]) {
    for (let n = 2; n <= maxLines; n++) {
      const lines = balancedLines(pieces, n);
      if (!lines) break;
      const fontSize = fontSizeFor(lines, area, maxFontSize);
      // A further line has to buy a clearly bigger size to be worth it.
      if (fontSize > bestFit.fontSize * 1.2) bestFit = { lines, fontSize };
    }
    if (bestFit.fontSize >= MIN_FONT_SIZE) return bestFit;
  }
  // Too long for the panel even at the smallest size: fill the lines and end with an ellipsis.
  const perLine = area.width / MIN_FONT_SIZE;
  const lineCount = Math.max(
    1,
    Math.min(
      maxLines,
      Math.floor((area.height / MIN_FONT_SIZE - ASCENT - DESCENT) / LINE_HEIGHT) + 1,
    ),
  );
  const lines: string[] = [];
  let rest = chars;
  for (let n = 0; n < lineCount && rest.length; n++) {
    const last = n === lineCount - 1;
    let line = "";
    let i = 0;
    while (i < rest.length && textWidthEm(line + rest[i] + (last ? "…" : "")) <= perLine) {
      line += rest[i];
      i++;
    }
    rest = rest.slice(i);
    lines.push(last && rest.length ? `${line}…` : line);
  }
  return { lines, fontSize: MIN_FONT_SIZE };
}

// ---------------------------------------------------------------------------------------------
// Geometry shared by the families

type Palette = {
  front: [string, string];
  top: string;
  side: [string, string];
  panel: [string, string];
  panelText: string;
  brandText: string;
  specText: string;
};

type Family = {
  /** Front face of the case. */
  front: Box;
  /** Depth of the three-quarter view: the back is this far right and up. */
  dx: number;
  dy: number;
  palette: Palette;
  /** The face's usable part (inside lids and rims). */
  face: Box;
  maxFontSize: number;
  maxLines: number;
};

const families: Record<ProductCategory, Family> = {
  car: {
    front: { x: 58, y: 128, width: 240, height: 134 },
    dx: 48,
    dy: 34,
    palette: {
      front: ["#3d4756", "#161c24"],
      top: "#4b5563",
      side: ["#1d242e", "#0d1117"],
      panel: ["#3559f0", "#1e2d89"],
      panelText: "#ffffff",
      brandText: "#e5e7eb",
      specText: "#cbd5e1",
    },
    face: { x: 68, y: 150, width: 220, height: 104 },
    maxFontSize: 30,
    maxLines: 3,
  },
  bike: {
    front: { x: 122, y: 104, width: 142, height: 166 },
    dx: 34,
    dy: 26,
    palette: {
      front: ["#353b45", "#0e1115"],
      top: "#3f4652",
      side: ["#16191f", "#07090b"],
      panel: ["#fbbf24", "#d97706"],
      panelText: "#111827",
      brandText: "#f3f4f6",
      specText: "#d1d5db",
    },
    face: { x: 130, y: 122, width: 126, height: 140 },
    maxFontSize: 26,
    maxLines: 5,
  },
  inverter: {
    front: { x: 104, y: 112, width: 176, height: 164 },
    dx: 46,
    dy: 32,
    palette: {
      front: ["#f8fafc", "#cbd5e1"],
      top: "#e2e8f0",
      side: ["#b6c2d1", "#8795a8"],
      panel: ["#059669", "#065f46"],
      panelText: "#ffffff",
      brandText: "#065f46",
      specText: "#334155",
    },
    face: { x: 112, y: 122, width: 160, height: 146 },
    maxFontSize: 28,
    maxLines: 4,
  },
  industrial: {
    front: { x: 36, y: 156, width: 272, height: 112 },
    dx: 66,
    dy: 54,
    palette: {
      front: ["#516076", "#1e293b"],
      top: "#64748b",
      side: ["#263244", "#111827"],
      panel: ["#fcd34d", "#f59e0b"],
      panelText: "#111827",
      brandText: "#e2e8f0",
      specText: "#cbd5e1",
    },
    face: { x: 46, y: 164, width: 252, height: 96 },
    maxFontSize: 30,
    maxLines: 3,
  },
};

const r = (n: number) => Math.round(n * 10) / 10;

/** A point on the top face: u along the width, v (0 front … 1 back) along the depth. */
function topPoint(f: Family, u: number, v: number): [number, number] {
  return [r(f.front.x + u + f.dx * v), r(f.front.y - f.dy * v)];
}

function spec(input: { capacityAh?: number; voltageV?: number }): string | null {
  if (!input.capacityAh || !input.voltageV) return null;
  return `${input.capacityAh}Ah · ${input.voltageV}V`;
}

const BRAND = "UrjaCell";
const BRAND_SIZE = 13;
const SPEC_SIZE = 13;
const BOLT = { width: 10, height: 15 };

const HANDLE_U = 30;
const HANDLE_V = 0.72;
const HANDLE_LIFT = 74;

/** Top-face (and side) features of a family, as boxes: used by the drawing and the tests. */
function featureBoxes(category: ProductCategory): { name: string; box: Box }[] {
  const f = families[category];
  const { x, y, width: w, height: h } = f.front;
  const topFace = {
    name: "top face",
    box: { x, y: y - f.dy, width: w + f.dx, height: f.dy },
  };
  const sideFace = { name: "side face", box: { x: x + w, y: y - f.dy, width: f.dx, height: h } };
  const boxes = [topFace, sideFace];
  if (category === "car") {
    boxes.push({ name: "lid", box: { x, y, width: w, height: 16 } });
  }
  if (category === "bike") {
    boxes.push({ name: "left terminal", box: { x: x + 4, y: y + 2, width: 24, height: 15 } });
    boxes.push({ name: "right terminal", box: { x: x + w - 28, y: y + 2, width: 24, height: 15 } });
  }
  if (category === "inverter") {
    const [lx, ly] = topPoint(f, HANDLE_U, HANDLE_V);
    const [rx] = topPoint(f, w - HANDLE_U, HANDLE_V);
    const top = ly - HANDLE_LIFT * 0.75 - 6;
    boxes.push({
      name: "handle",
      box: { x: lx - 8, y: top, width: rx - lx + 16, height: ly + 4 - top },
    });
  }
  return boxes;
}

/** Where the label panel, brand line and capacity line go on a family's face. */
export function productArtLayout(input: {
  model?: string | null;
  category: ProductCategory;
  capacityAh?: number;
  voltageV?: number;
}): ArtLayout {
  const f = families[input.category];
  const face = f.face;
  const brandLine = 22;
  const specText = spec(input);
  const specLine = specText ? 20 : 0;
  const gap = 6;
  const panel: Box = {
    x: face.x + 4,
    y: face.y + brandLine + gap,
    width: face.width - 8,
    height: face.height - brandLine - specLine - 2 * gap,
  };
  const padX = 10;
  const padY = 5;
  const textArea: Box = {
    x: panel.x + padX,
    y: panel.y + padY,
    width: panel.width - 2 * padX,
    height: panel.height - 2 * padY,
  };

  const brandWidth = textWidthEm(BRAND) * BRAND_SIZE;
  const brandGroup = BOLT.width + 5 + brandWidth;
  const brandX = face.x + (face.width - brandGroup) / 2;
  const brandBaseline = face.y + brandLine / 2 + BRAND_SIZE * 0.36;
  const decorations: { name: string; box: Box }[] = [
    {
      name: "bolt",
      box: { x: brandX, y: face.y + (brandLine - BOLT.height) / 2, ...BOLT },
    },
    {
      name: "brand",
      box: {
        x: brandX + BOLT.width + 5,
        y: brandBaseline - ASCENT * BRAND_SIZE,
        width: brandWidth,
        height: (ASCENT + DESCENT) * BRAND_SIZE,
      },
    },
  ];
  if (specText) {
    const specWidth = textWidthEm(specText) * SPEC_SIZE;
    const specBaseline = panel.y + panel.height + gap + specLine / 2 + SPEC_SIZE * 0.36;
    decorations.push({
      name: "capacity",
      box: {
        x: face.x + (face.width - specWidth) / 2,
        y: specBaseline - ASCENT * SPEC_SIZE,
        width: specWidth,
        height: (ASCENT + DESCENT) * SPEC_SIZE,
      },
    });
  }
  decorations.push(...featureBoxes(input.category));

  if (!input.model) {
    return {
      face,
      panel,
      textArea,
      label: null,
      lines: [],
      fontSize: 0,
      baselines: [],
      decorations,
    };
  }
  const { lines, fontSize } = fitLabel(input.model, textArea, f.maxFontSize, f.maxLines);
  const width = Math.max(...lines.map(textWidthEm)) * fontSize;
  const height = (ASCENT + DESCENT + LINE_HEIGHT * (lines.length - 1)) * fontSize;
  const label: Box = {
    x: textArea.x + (textArea.width - width) / 2,
    y: textArea.y + (textArea.height - height) / 2,
    width,
    height,
  };
  const baselines = lines.map((_, i) => label.y + ASCENT * fontSize + i * LINE_HEIGHT * fontSize);
  return { face, panel, textArea, label, lines, fontSize, baselines, decorations };
}

// ---------------------------------------------------------------------------------------------
// Drawing

/** A lead post seen from above-front: a short cylinder with a coloured cap. */
function post(cx: number, cy: number, rx: number, height: number, cap: string): string {
  const ry = r(rx * 0.42);
  return (
    `<path d="M${r(cx - rx)} ${cy}v${-height}h${2 * rx}v${height}a${rx} ${ry} 0 0 1 ${-2 * rx} 0z" fill="${cap}"/>` +
    `<ellipse cx="${cx}" cy="${r(cy - height)}" rx="${rx}" ry="${ry}" fill="${cap}" stroke="#fff" stroke-opacity=".35"/>`
  );
}

const POSITIVE = "#dc2626";
const NEGATIVE = "#4b5563";

function boltPath(b: Box, fill = "#fbbf24"): string {
  const { x, y, width: w, height: h } = b;
  return `<path d="M${r(x + w * 0.65)} ${r(y)}L${r(x)} ${r(y + h * 0.58)}h${r(w * 0.42)}l${r(-w * 0.12)} ${r(h * 0.42)}L${r(x + w)} ${r(y + h * 0.4)}h${r(-w * 0.42)}z" fill="${fill}"/>`;
}

function caseShape(f: Family): string {
  const { x, y, width: w, height: h } = f.front;
  const { dx, dy } = f;
  return (
    `<path d="M${x} ${y}l${dx} ${-dy}h${w}l${-dx} ${dy}z" fill="${f.palette.top}"/>` +
    `<path d="M${x + w} ${y}l${dx} ${-dy}v${h}l${-dx} ${dy}z" fill="url(#s)"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="url(#f)"/>` +
    `<path d="M${x + 3} ${y + 0.5}h${w - 6}M${x + w} ${y}l${dx} ${-dy}" stroke="#fff" stroke-opacity=".3"/>`
  );
}

function carTop(f: Family, input: Partial<ArtInput>): string {
  const { x, y, width: w } = f.front;
  const [ax, ay] = topPoint(f, 14, 0.18);
  const inset = `<path d="M${ax} ${ay}l${r(f.dx * 0.64)} ${r(-f.dy * 0.64)}h${w - 28}l${r(-f.dx * 0.64)} ${r(f.dy * 0.64)}z" fill="#1f2937" stroke="#6b7280" stroke-opacity=".6"/>`;
  const lid = `<rect x="${x}" y="${y}" width="${w}" height="16" rx="4" fill="#0f141b"/><path d="M${x} ${y + 16}h${w}" stroke="#000" stroke-opacity=".5"/>`;
  const leftPositive = !/right positive/i.test(input.specs?.terminalLayout ?? "");
  const [p1x, p1y] = topPoint(f, 38, 0.5);
  const [p2x, p2y] = topPoint(f, w - 38, 0.5);
  const [h1x, h1y] = topPoint(f, w * 0.36, 0.3);
  const [h2x, h2y] = topPoint(f, w * 0.64, 0.3);
  const handle = `<path d="M${h1x} ${h1y}C${h1x} ${h1y - 12} ${h2x} ${h2y - 12} ${h2x} ${h2y}" fill="none" stroke="#0b0f14" stroke-width="7" stroke-linecap="round"/><path d="M${h1x + 4} ${h1y - 8}C${h1x + 10} ${h1y - 11} ${h2x - 10} ${h2y - 11} ${h2x - 4} ${h2y - 8}" fill="none" stroke="#6b7280" stroke-width="1.5"/>`;
  const posts =
    post(p1x, p1y, 11, 12, leftPositive ? POSITIVE : NEGATIVE) +
    post(p2x, p2y, 11, 12, leftPositive ? NEGATIVE : POSITIVE);
  return inset + lid + handle + posts;
}

function bikeTop(f: Family, input: Partial<ArtInput>): string {
  const { x, y, width: w } = f.front;
  let caps = "";
  for (let i = 0; i < 6; i++) {
    const [cx, cy] = topPoint(f, 26 + i * ((w - 52) / 5), 0.5);
    caps += `<ellipse cx="${cx}" cy="${cy}" rx="6" ry="3" fill="#e5e7eb"/><ellipse cx="${cx}" cy="${cy - 1.5}" rx="4.5" ry="2" fill="#9ca3af"/>`;
  }
  const pocket = (px: number, tab: string) =>
    `<rect x="${px}" y="${y + 2}" width="24" height="15" rx="2" fill="#050608"/>` +
    `<path d="M${px + 4} ${y + 17}v-9h16v9z" fill="#d1d5db"/><circle cx="${px + 12}" cy="${y + 12}" r="2.5" fill="#6b7280"/>` +
    `<rect x="${px + 3}" y="${y + 3}" width="18" height="4" rx="1" fill="${tab}"/>`;
  const leftPositive = !/right positive/i.test(input.specs?.terminalLayout ?? "");
  const terminals =
    pocket(x + 4, leftPositive ? POSITIVE : NEGATIVE) +
    pocket(x + w - 28, leftPositive ? NEGATIVE : POSITIVE);
  const level = `<path d="M${x + w + 8} ${y + 46}l${r(f.dx * 0.6)} ${r(-f.dy * 0.6)}M${x + w + 8} ${y + 110}l${r(f.dx * 0.6)} ${r(-f.dy * 0.6)}" stroke="#9ca3af" stroke-opacity=".6" stroke-dasharray="3 3"/>`;
  return caps + terminals + level;
}

function inverterTop(f: Family): string {
  const { x, y, width: w, height: h } = f.front;
  let plugs = "";
  for (let i = 0; i < 6; i++) {
    const [cx, cy] = topPoint(f, 42 + i * ((w - 84) / 5), 0.32);
    plugs += `<path d="M${cx - 7} ${cy}v-6h14v6a7 3 0 0 1-14 0z" fill="#475569"/><ellipse cx="${cx}" cy="${cy - 6}" rx="7" ry="3" fill="#94a3b8"/>`;
  }
  const [p1x, p1y] = topPoint(f, 15, 0.3);
  const [p2x, p2y] = topPoint(f, w - 15, 0.3);
  const posts = post(p1x, p1y, 9, 10, POSITIVE) + post(p2x, p2y, 9, 10, NEGATIVE);
  const [lx, ly] = topPoint(f, HANDLE_U, HANDLE_V);
  const [rx, ry] = topPoint(f, w - HANDLE_U, HANDLE_V);
  const lift = HANDLE_LIFT;
  const handle =
    `<path d="M${lx} ${ly}C${lx} ${ly - lift} ${rx} ${ry - lift} ${rx} ${ry}" fill="none" stroke="#334155" stroke-width="11" stroke-linecap="round"/>` +
    `<path d="M${lx + 3} ${ly - 14}C${lx + 8} ${ly - lift + 4} ${rx - 8} ${ry - lift + 4} ${rx - 3} ${ry - 14}" fill="none" stroke="#94a3b8" stroke-width="2"/>` +
    `<rect x="${lx - 8}" y="${ly - 6}" width="16" height="10" rx="3" fill="#1e293b"/><rect x="${rx - 8}" y="${ry - 6}" width="16" height="10" rx="3" fill="#1e293b"/>`;
  // Level window on the side: a translucent strip showing the electrolyte, with MIN/MAX marks.
  const sx = x + w + r(f.dx * 0.35);
  const sy = y - r(f.dy * 0.35);
  const sw = r(f.dx * 0.3);
  const sdy = r(f.dy * 0.3);
  const top = sy + 18;
  const bottom = sy + h - 26;
  const fill = top + (bottom - top) * 0.3;
  const level =
    `<path d="M${sx} ${top}l${sw} ${-sdy}V${bottom - sdy}l${-sw} ${sdy}z" fill="#fff" fill-opacity=".35" stroke="#fff" stroke-opacity=".6"/>` +
    `<path d="M${sx} ${fill}l${sw} ${-sdy}V${bottom - sdy}l${-sw} ${sdy}z" fill="#38bdf8" fill-opacity=".55"/>` +
    `<path d="M${sx - 3} ${top + 12}h5M${sx - 3} ${bottom - 12}h5" stroke="#334155"/>`;
  return handle + plugs + posts + level;
}

function industrialTop(f: Family, input: Partial<ArtInput>): string {
  const { width: w, height: h, x, y } = f.front;
  const cells = Math.max(6, Math.min(24, Math.round((input.voltageV ?? 24) / 2)));
  const rows = Math.ceil(cells / 6);
  const cols = Math.ceil(cells / rows);
  const rim = 8;
  const cw = (w - 2 * rim) / cols;
  const v0 = 0.1;
  const dv = 0.8 / rows;
  let cellsPath = "";
  let bolts = "";
  let links = "";
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const u = rim + col * cw;
      const v = v0 + row * dv;
      const [ax, ay] = topPoint(f, u + 1.5, v + 0.02);
      cellsPath += `M${ax} ${ay}h${r(cw - 3)}l${r(f.dx * (dv - 0.04))} ${r(-f.dy * (dv - 0.04))}h${r(3 - cw)}z`;
      const [b1x, b1y] = topPoint(f, u + cw * 0.3, v + dv / 2);
      const [b2x, b2y] = topPoint(f, u + cw * 0.7, v + dv / 2);
      bolts += `<use href="#b" x="${b1x}" y="${b1y}"/><use href="#b" x="${b2x}" y="${b2y}"/>`;
      if (col < cols - 1) {
        const [cx, cy] = topPoint(f, u + cw * 1.3, v + dv / 2);
        links += `M${b2x} ${b2y}L${cx} ${cy}`;
      }
    }
  }
  const [tx, ty] = topPoint(f, rim, v0);
  const tray = `<path d="M${tx} ${ty}h${w - 2 * rim}l${r(f.dx * 0.8)} ${r(-f.dy * 0.8)}h${2 * rim - w}z" fill="#0b1220"/>`;
  const anderson = /anderson/i.test(input.specs?.terminalLayout ?? "")
    ? `<path d="M${x + w + f.dx * 0.5} ${y - f.dy * 0.5 + 4}c18 10 14 40 4 ${h - 30}" fill="none" stroke="#111827" stroke-width="5"/><rect x="${x + w + f.dx * 0.5 - 2}" y="${y - f.dy * 0.5 + h - 34}" width="20" height="24" rx="3" fill="#9ca3af" stroke="#4b5563"/>`
    : "";
  const [gx, gy] = [r(x + w + f.dx * 0.3), r(y - f.dy * 0.3 + 12)];
  const lugs = `<path d="M${gx} ${gy}l${r(f.dx * 0.4)} ${r(-f.dy * 0.4)}v10l${r(-f.dx * 0.4)} ${r(f.dy * 0.4)}z" fill="#94a3b8"/>`;
  return (
    tray +
    `<path d="${cellsPath}" fill="#334155" stroke="#475569" stroke-width=".6"/>` +
    `<path d="${links}" stroke="#c2410c" stroke-width="3.5" stroke-linecap="round"/>` +
    bolts +
    lugs +
    anderson
  );
}

function svgOpen(label: string, palette: Palette): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img" aria-label="${escapeXml(label)}">` +
    "<defs>" +
    `<linearGradient id="f" x2="0" y2="1"><stop offset="0" stop-color="${palette.front[0]}"/><stop offset="1" stop-color="${palette.front[1]}"/></linearGradient>` +
    `<linearGradient id="s" x2="1" y2="0"><stop offset="0" stop-color="${palette.side[0]}"/><stop offset="1" stop-color="${palette.side[1]}"/></linearGradient>` +
    `<linearGradient id="p" x2="0" y2="1"><stop offset="0" stop-color="${palette.panel[0]}"/><stop offset="1" stop-color="${palette.panel[1]}"/></linearGradient>` +
    `<radialGradient id="g"><stop offset="0" stop-color="#0f172a" stop-opacity=".35"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient>` +
    `<g id="b"><circle r="4.5" fill="#9ca3af"/><circle r="2" fill="#e5e7eb"/></g>` +
    "</defs>"
  );
}

function draw(input: {
  model?: string;
  category: ProductCategory;
  capacityAh?: number;
  voltageV?: number;
  specs?: ProductSpecs;
  ariaLabel: string;
}): string {
  const f = families[input.category];
  const p = f.palette;
  const layout = productArtLayout(input);
  const { x, y, width: w, height: h } = f.front;
  const parts: string[] = [svgOpen(input.ariaLabel, p)];
  parts.push(
    `<ellipse cx="${r(x + (w + f.dx) / 2)}" cy="${y + h - 2}" rx="${r((w + f.dx) / 2 + 24)}" ry="16" fill="url(#g)"/>`,
  );
  parts.push(caseShape(f));
  if (input.category === "car") parts.push(carTop(f, input));
  if (input.category === "bike") parts.push(bikeTop(f, input));
  if (input.category === "inverter") parts.push(inverterTop(f));
  if (input.category === "industrial") parts.push(industrialTop(f, input));

  const { panel } = layout;
  parts.push(
    `<rect x="${r(panel.x)}" y="${r(panel.y)}" width="${r(panel.width)}" height="${r(panel.height)}" rx="6" fill="url(#p)" stroke="#fff" stroke-opacity=".25"/>`,
  );
  const bolt = layout.decorations.find((d) => d.name === "bolt");
  const brand = layout.decorations.find((d) => d.name === "brand");
  if (bolt) parts.push(boltPath(bolt.box));
  if (brand) {
    parts.push(
      `<text x="${r(brand.box.x)}" y="${r(brand.box.y + ASCENT * BRAND_SIZE)}" font-family="${FONT_FAMILY}" font-size="${BRAND_SIZE}" font-weight="700" fill="${p.brandText}">${BRAND}</text>`,
    );
  }
  const capacity = layout.decorations.find((d) => d.name === "capacity");
  const specText = spec(input);
  if (capacity && specText) {
    parts.push(
      `<text x="${r(capacity.box.x + capacity.box.width / 2)}" y="${r(capacity.box.y + ASCENT * SPEC_SIZE)}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${SPEC_SIZE}" font-weight="700" fill="${p.specText}">${escapeXml(specText)}</text>`,
    );
  }
  if (layout.label) {
    const cx = r(layout.label.x + layout.label.width / 2);
    const tspans = layout.lines
      .map(
        (line, i) =>
          `<tspan x="${cx}" y="${r(layout.baselines[i] ?? 0)}">${escapeXml(line)}</tspan>`,
      )
      .join("");
    parts.push(
      `<text text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${layout.fontSize}" font-weight="700" fill="${p.panelText}">${tspans}</text>`,
    );
  } else {
    // Family picture: no model, a big bolt on the label instead.
    const bh = Math.min(panel.height - 12, 44);
    const bw = r(bh * 0.66);
    parts.push(
      boltPath(
        {
          x: panel.x + (panel.width - bw) / 2,
          y: panel.y + (panel.height - bh) / 2,
          width: bw,
          height: bh,
        },
        p.panelText === "#ffffff" ? "#fbbf24" : "#111827",
      ),
    );
  }
  parts.push("</svg>\n");
  return parts.join("\n");
}

/** The picture of one product: its family's drawing with the model on the label. */
export function productArtSvg(input: ArtInput): string {
  return draw({ ...input, ariaLabel: `${input.model} battery` });
}

const familyNames: Record<ProductCategory, string> = {
  car: "Car",
  bike: "Bike",
  inverter: "Inverter",
  industrial: "Industrial",
};

/** The picture of a family, for products without their own: no model, no capacity. */
export function familyArtSvg(category: ProductCategory): string {
  return draw({ category, ariaLabel: `${familyNames[category]} battery` });
}
