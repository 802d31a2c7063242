import { describe, expect, it } from "vitest";
import {
  formatCapacity,
  formatDate,
  formatDateTime,
  formatVoltage,
  formatWarranty,
  formatWeekdayDate,
} from "./format";

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

describe("formatDate", () => {
  it("writes a day as the store does, in India's time", () => {
    expect(formatDate(new Date("2026-11-22T10:00:00+05:30"))).toBe("22 Nov 2026");
    // 20:00 UTC on the 22nd is already the 23rd in India.
    expect(formatDate(new Date("2026-11-22T20:00:00Z"))).toBe("23 Nov 2026");
  });

  it("writes every month in three letters, day first (September is not 'Sept')", () => {
    expect(formatDate(new Date("2026-09-05T10:00:00+05:30"))).toBe("5 Sep 2026");
    expect(formatWeekdayDate(new Date("2026-09-05T10:00:00+05:30"))).toBe("Sat, 5 Sep 2026");
  });
});

describe("formatDateTime", () => {
  it("writes a moment in India's time, with the day as formatDate writes it", () => {
    expect(formatDateTime(new Date("2026-11-22T20:05:00Z"))).toBe("23 Nov 2026, 1:35 AM");
  });
});
