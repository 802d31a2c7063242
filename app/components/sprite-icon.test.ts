import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { spriteIcons } from "./sprite-icon";

describe("the icon sprite", () => {
  it("draws every icon the pages ask it for (run scripts/generate-icons.ts after a change)", () => {
    const sprite = readFileSync("public/icons.svg", "utf8");
    const drawn = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24"><path /g)].map(
      (m) => m[1],
    );
    expect(drawn).toEqual([...spriteIcons]);
  });
});
