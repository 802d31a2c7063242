import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { brandIcons, spriteIcons } from "./sprite-icon";

describe("the icon sprite", () => {
  it("draws every icon the pages ask it for (run `npm run icons` after a change)", () => {
    const sprite = readFileSync("public/icons.svg", "utf8");
    const drawn = [
      ...sprite.matchAll(
        /<symbol id="([^"]+)" viewBox="0 0 24 24"><(path|circle|rect|line|polyline|polygon|ellipse) /g,
      ),
    ].map((m) => m[1]);
    expect(drawn).toEqual([...spriteIcons, ...brandIcons]);
    // The store's mark, in its own colours, for the header, footer and back office.
    expect(sprite).toMatch(/<symbol id="logo" viewBox="0 0 32 32"><rect [^>]*fill="#1e2d89"/);
  });
});
