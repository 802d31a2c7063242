import { describe, expect, it } from "vitest";
import { addMonths, daysLeft, warrantyPeriods } from "./warranty-dates";

describe("addMonths", () => {
  it("keeps the day of the month when the month has it", () => {
    expect(addMonths("2026-03-10", 12)).toBe("2027-03-10");
    expect(addMonths("2026-11-30", 2)).toBe("2027-01-30");
  });

  it("falls back to the month's last day, 28 or 29 Feb by the year", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-08-31", 1)).toBe("2026-09-30");
  });

  it("brings a leap day round to 28 Feb in a common year, and back to 29 Feb four years on", () => {
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
    expect(addMonths("2028-02-29", 48)).toBe("2032-02-29");
  });

  it("crosses years both ways, and refuses what is not a day", () => {
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2026-01-15", -1)).toBe("2025-12-15");
    expect(() => addMonths("2026-02-30", 1)).toThrow(RangeError);
  });
});

describe("warrantyPeriods", () => {
  it("ends free replacement after its months, and the warranty after the pro-rata ones", () => {
    expect(warrantyPeriods("2026-01-31", 1, 0)).toEqual({
      freeUntil: "2026-02-28",
      warrantyUntil: "2026-02-28",
    });
    expect(warrantyPeriods("2027-11-30", 24, 24)).toEqual({
      freeUntil: "2029-11-30",
      warrantyUntil: "2031-11-30",
    });
    expect(warrantyPeriods("2027-08-31", 6, 18)).toEqual({
      freeUntil: "2028-02-29",
      warrantyUntil: "2029-08-31",
    });
  });

  it("gives a battery sold without warranty none past its purchase day", () => {
    expect(warrantyPeriods("2026-11-23", 0, 0)).toEqual({
      freeUntil: "2026-11-23",
      warrantyUntil: "2026-11-23",
    });
  });
});

describe("daysLeft", () => {
  it("counts the last day, and nought once it has passed", () => {
    expect(daysLeft("2026-11-23", "2026-11-23")).toBe(1);
    expect(daysLeft("2026-11-30", "2026-11-23")).toBe(8);
    expect(daysLeft("2026-11-22", "2026-11-23")).toBe(0);
  });

  it("is not thrown off by a year's length", () => {
    expect(daysLeft("2029-02-28", "2028-02-28")).toBe(367);
  });
});
