import { describe, expect, it } from "vitest";
import { productCategories } from "../../app/db/schema/enums";
import { seedProducts } from "../../app/db/seed-data/products";
import {
  type ArtInput,
  boxesIntersect,
  boxInside,
  familyArtSvg,
  fitLabel,
  MIN_FONT_SIZE,
  productArtLayout,
  productArtSvg,
  textWidthEm,
} from "./product-art";

const LONG_MODEL = "HOME-SOLAR150-TALL-TUBULAR-XXXXXXXXXXXXX";

const cases: ArtInput[] = [
  ...seedProducts,
  ...productCategories.map((category) => ({
    model: LONG_MODEL,
    category,
    capacityAh: 150,
    voltageV: 12,
  })),
];

describe("product art layout", () => {
  it("has the 40-character model and HOME-SOLAR150 among the cases", () => {
    expect(LONG_MODEL).toHaveLength(40);
    expect(seedProducts.some((p) => p.model === "HOME-SOLAR150")).toBe(true);
  });

  it.each(cases.map((c) => [`${c.model} (${c.category})`, c] as const))(
    "%s: the label fits its panel, whole, clear of every other mark",
    (_, input) => {
      const layout = productArtLayout(input);
      const label = layout.label!;
      expect(label).not.toBeNull();
      expect(boxInside(layout.panel, layout.face)).toBe(true);
      expect(boxInside(layout.textArea, layout.panel)).toBe(true);
      expect(boxInside(label, layout.textArea)).toBe(true);
      // The estimated width of every line, at the chosen size, fits the panel's text area.
      for (const line of layout.lines) {
        expect(textWidthEm(line) * layout.fontSize).toBeLessThanOrEqual(
          layout.textArea.width + 1e-6,
        );
      }
      expect(layout.fontSize).toBeGreaterThanOrEqual(MIN_FONT_SIZE);
      // Nothing of the model is lost to line breaks (or an ellipsis).
      expect(layout.lines.join("").replace(/\s/g, "")).toBe(input.model.replace(/\s/g, ""));
      expect(layout.decorations.map((d) => d.name)).toEqual(
        expect.arrayContaining(["bolt", "brand", "capacity"]),
      );
      for (const { name, box } of layout.decorations) {
        expect(boxesIntersect(label, box), `label meets ${name}`).toBe(false);
        expect(boxesIntersect(layout.panel, box), `label panel meets ${name}`).toBe(false);
      }
    },
  );

  it("estimates text at least as wide as Verdana's stand-in draws it", () => {
    // Ink widths in em of DejaVu Sans Bold (what "Verdana" resolves to on Linux; Verdana Bold is
    // as wide), measured by rendering each string at 100px with librsvg (sharp) and trimming.
    const measured: [string, number][] = [
      ["HOME-SOLAR150", 9.49],
      ["0123456789", 6.86],
      ["ABCDEFGHIJKLMNOPQRSTUVWXYZ", 19.58],
      ["MMMMWWWW", 8.27],
      ["UrjaCell", 4.25],
      ["150Ah · 12V", 6.7],
    ];
    for (const [text, em] of measured) expect(textWidthEm(text), text).toBeGreaterThanOrEqual(em);
  });

  it("puts the seed's short models on one line in a big font", () => {
    const layout = productArtLayout(seedProducts.find((p) => p.model === "DRIVE-35L")!);
    expect(layout.lines).toEqual(["DRIVE-35L"]);
    expect(layout.fontSize).toBeGreaterThanOrEqual(24);
  });

  it("breaks HOME-SOLAR150 after its hyphen rather than shrinking it", () => {
    const layout = productArtLayout(seedProducts.find((p) => p.model === "HOME-SOLAR150")!);
    expect(layout.lines).toEqual(["HOME-", "SOLAR150"]);
  });

  it("shrinks the font as the model grows", () => {
    const base = { category: "car", capacityAh: 35, voltageV: 12 } as const;
    const short = productArtLayout({ ...base, model: "D-1" }).fontSize;
    const long = productArtLayout({ ...base, model: "DRIVE-EFB60-XL" }).fontSize;
    expect(long).toBeLessThan(short);
  });

  it("cuts a label too long for any size short with an ellipsis, still at the smallest size", () => {
    const area = { x: 0, y: 0, width: 100, height: 40 };
    const { lines, fontSize } = fitLabel("X".repeat(200), area, 30, 2);
    expect(fontSize).toBe(MIN_FONT_SIZE);
    expect(lines).toHaveLength(2);
    expect(lines.at(-1)?.endsWith("…")).toBe(true);
    for (const line of lines) expect(textWidthEm(line) * fontSize).toBeLessThanOrEqual(100);
  });

  it("keeps the family pictures' marks apart, with no label", () => {
    for (const category of productCategories) {
      const layout = productArtLayout({ category });
      expect(layout.label).toBeNull();
      expect(layout.decorations.map((d) => d.name)).not.toContain("capacity");
    }
  });
});

describe("product art SVG", () => {
  const drive = seedProducts.find((p) => p.category === "car")!;

  it("is a 400 × 300 image named after the model, with the model on it", () => {
    const svg = productArtSvg(drive);
    expect(svg).toContain('viewBox="0 0 400 300"');
    expect(svg).toContain(`role="img" aria-label="${drive.model} battery"`);
    expect(svg).toContain(`>${drive.model}</tspan>`);
    expect(svg).toContain('font-family="Inter Variable, Verdana, sans-serif"');
    expect(svg).toContain(`${drive.capacityAh}Ah · ${drive.voltageV}V`);
  });

  it("escapes XML characters in the model", () => {
    const svg = productArtSvg({ ...drive, model: `A<B>&"C'` });
    expect(svg).not.toContain("A<B>");
    expect(svg).not.toMatch(/&(?!#\d+;)/);
    expect(svg).toContain('aria-label="A&#60;B&#62;&#38;&#34;C&#39; battery"');
    expect(svg).toContain("A&#60;B&#62;&#38;&#34;C&#39;</tspan>");
  });

  it("stays small for every seed product", () => {
    for (const p of seedProducts) expect(productArtSvg(p).length).toBeLessThan(6000);
  });

  it("draws each family differently, and the family pictures without model or capacity", () => {
    const products = productCategories.map((category) =>
      productArtSvg({ ...drive, category, model: "SAME-1" }),
    );
    expect(new Set(products).size).toBe(productCategories.length);

    const families = productCategories.map(familyArtSvg);
    expect(new Set(families).size).toBe(productCategories.length);
    for (const [i, svg] of families.entries()) {
      const category = productCategories[i];
      expect(svg).toContain('role="img" aria-label="');
      expect(svg.toLowerCase()).toContain(`aria-label="${category} battery"`);
      expect(svg).not.toContain("<tspan");
      expect(svg).not.toMatch(/\dAh/);
      expect(svg.length).toBeLessThan(6000);
    }
  });
});
