import { describe, expect, it } from "vitest";
import { initialsOf, standIns } from "./shopper";

describe("a shopper's initials", () => {
  it("are the first letters of their first and last names", () => {
    expect(initialsOf("Asha Kumari")).toBe("AK");
    expect(initialsOf("  ravi  shankar   prasad ")).toBe("RP");
    expect(initialsOf("Meera")).toBe("M");
    expect(initialsOf("Zoë Ölund")).toBe("ZÖ");
  });

  it("skip words without letters, and are empty when there are none", () => {
    expect(initialsOf(`O'Brien & <b>Sons</b>`)).toBe("OB");
    expect(initialsOf("(Asha) 2")).toBe("A");
    expect(initialsOf("123 456")).toBe("");
  });

  it("of the stand-in name are the stand-in for initials (filled in per shopper)", () => {
    expect(initialsOf(standIns.name)).toBe(standIns.initials);
  });
});
