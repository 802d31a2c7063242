import { describe, expect, it } from "vitest";
import {
  discountPercent,
  formatPaise,
  paiseToRupeeInput,
  paiseToRupeeString,
  parseRupeesToPaise,
} from "./money";

describe("formatPaise", () => {
  it("shows whole rupees without decimals", () => {
    expect(formatPaise(459900)).toBe("₹4,599");
  });

  it("shows paise when there are any", () => {
    expect(formatPaise(459950)).toBe("₹4,599.50");
    expect(formatPaise(5)).toBe("₹0.05");
  });

  it("groups digits the Indian way (lakh, crore)", () => {
    expect(formatPaise(12345600)).toBe("₹1,23,456");
    expect(formatPaise(1234567800)).toBe("₹1,23,45,678");
  });

  it("refuses fractional paise instead of rounding silently", () => {
    expect(() => formatPaise(10.5)).toThrow(TypeError);
    expect(() => formatPaise(Number.NaN)).toThrow(TypeError);
  });
});

describe("paiseToRupeeString", () => {
  it("gives two decimals for a UPI amount", () => {
    expect(paiseToRupeeString(459900)).toBe("4599.00");
    expect(paiseToRupeeString(7)).toBe("0.07");
    expect(paiseToRupeeString(-150)).toBe("-1.50");
  });
});

describe("parseRupeesToPaise", () => {
  it.each([
    ["4599", 459900],
    ["4,599.5", 459950],
    ["₹ 4599.05", 459905],
    ["Rs. 12", 1200],
    ["0.1", 10],
  ])("reads %s as %i paise", (input, paise) => {
    expect(parseRupeesToPaise(input)).toBe(paise);
  });

  it("has no floating-point error", () => {
    // 0.1 + 0.2 style errors would give 1028.9999 * 100 = 102899.99...
    expect(parseRupeesToPaise("1029.29")).toBe(102929);
  });

  it.each(["", "abc", "-5", "12.345", "1e5", "12..5"])("rejects %j", (input) => {
    expect(parseRupeesToPaise(input)).toBeNull();
  });
});

describe("discountPercent", () => {
  it("rounds the saving down", () => {
    expect(discountPercent(429900, 519900)).toBe(17);
  });

  it("is zero when there is no saving", () => {
    expect(discountPercent(500, 500)).toBe(0);
    expect(discountPercent(600, 500)).toBe(0);
    expect(discountPercent(600, 0)).toBe(0);
  });
});

describe("paiseToRupeeInput", () => {
  it("shows a price the way it is typed, and reads back to the same paise", () => {
    expect(paiseToRupeeInput(799_900)).toBe("7,999");
    expect(paiseToRupeeInput(12_345_650)).toBe("1,23,456.50");
    expect(paiseToRupeeInput(7)).toBe("0.07");
    for (const paise of [0, 7, 100, 799_900, 12_345_650, 1_000_000_000]) {
      expect(parseRupeesToPaise(paiseToRupeeInput(paise)), String(paise)).toBe(paise);
    }
  });
});
