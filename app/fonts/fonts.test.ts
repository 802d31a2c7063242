import { readFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { charactersFor, scripts } from "../../scripts/build-fonts";

describe("the Hindi and Gujarati fonts", () => {
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
});
