import { describe, expect, it } from "vitest";
import { plainLine, plainText } from "./text";

describe("text typed into a form", () => {
  it("loses the right-to-left override and other invisible characters, which could disguise it", () => {
    expect(plainLine("Asha\u202Egnp.exe")).toBe("Ashagnp.exe");
    expect(plainLine("\u200BRavi\u2066 Kumar\u2069\uFEFF")).toBe("Ravi Kumar");
  });

  it("turns control characters into spaces and keeps one line", () => {
    expect(plainLine("  Meera\tIyer\r\nMumbai\u0000\u0007 ")).toBe("Meera Iyer Mumbai");
  });

  it("keeps Indian scripts whole, joiners included", () => {
    // क्‍ष with a zero-width joiner, and a Gujarati name with a non-joiner.
    expect(plainLine("क्\u200Dष")).toBe("क्\u200Dष");
    expect(plainLine("  પ્\u200Cરિયા  ")).toBe("પ્\u200Cરિયા");
  });

  it("keeps a message's line breaks, at most one empty line in a row", () => {
    expect(plainText("Hello,\r\n\r\n\r\n\r\nThe battery \u202Eis\u202C fine.\t\n ")).toBe(
      "Hello,\n\nThe battery is fine.",
    );
  });
});
