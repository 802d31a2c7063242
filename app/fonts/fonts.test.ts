import { readFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { charactersFor, inter, interCharacters, scripts } from "../../scripts/build-fonts";

describe("the store's fonts", () => {
  for (const script of scripts) {
    it(`${script.family} has a glyph for every character of the ${script.locale} catalogues (else: npm run fonts)`, () => {
      const font = fontkit.create(
        readFileSync(path.join(import.meta.dirname, script.file)),
      ) as fontkit.Font;
      const missing = [...charactersFor(script)].filter(
        (char) => !font.hasGlyphForCodePoint(char.codePointAt(0) as number),
      );
      expect(missing).toEqual([]);
      // Cut down to the script (not the whole font with Latin and the rest): under 64 KB.
      expect(readFileSync(path.join(import.meta.dirname, script.file)).length).toBeLessThan(
        64 * 1024,
      );
    });
  }

  it("Inter has every character of its ranges, at the weights the pages use, in under 30 KB", () => {
    const file = readFileSync(path.join(import.meta.dirname, inter.file));
    const font = fontkit.create(file) as fontkit.Font;
    const missing = interCharacters().filter(
      (char) => !font.hasGlyphForCodePoint(char.codePointAt(0) as number),
    );
    expect(missing).toEqual([]);
    // Letters, digits and the punctuation the pages' texts use.
    for (const char of "Aa0,.–—’“”…×©") expect(interCharacters()).toContain(char);
    const weight = font.variationAxes.wght;
    expect([weight?.min, weight?.max]).toEqual([inter.weights.min, inter.weights.max]);
    expect(file.length).toBeLessThan(30 * 1024);
  });
});
