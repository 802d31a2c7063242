import { describe, expect, it } from "vitest";
import { formatCapacity, formatVoltage, formatWarranty } from "./format";

describe("catalogue formats", () => {
  it("shows capacity and voltage with their units", () => {
    expect(formatCapacity(40)).toBe("40Ah");
    expect(formatVoltage(12)).toBe("12V");
  });

  it.each([
    [12, "1 year"],
    [24, "2 years"],
    [36, "3 years"],
    [18, "18 months"],
    [1, "1 month"],
    [0, "No warranty"],
  ])("shows a warranty of %i months as %s", (months, text) => {
    expect(formatWarranty(months)).toBe(text);
  });
});
