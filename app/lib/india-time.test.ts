import { describe, expect, it } from "vitest";
import {
  addDays,
  formatDay,
  indiaClockOf,
  indiaDayOf,
  isCalendarDay,
  isoWeekday,
} from "./india-time";

describe("India time", () => {
  it("reads an instant as India's day and clock, which can be the next day in UTC terms", () => {
    const lateEveningUtc = new Date("2026-11-23T20:00:00Z");
    expect(indiaDayOf(lateEveningUtc)).toBe("2026-11-24");
    expect(indiaClockOf(lateEveningUtc)).toBe("01:30");
    expect(indiaClockOf(new Date("2026-11-23T12:35:00Z"))).toBe("18:05");
  });

  it("knows real days, counts days across months and years, and names weekdays", () => {
    expect(isCalendarDay("2026-02-28")).toBe(true);
    expect(isCalendarDay("2026-02-30")).toBe(false);
    expect(isCalendarDay("26-2-3")).toBe(false);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-11-23", 60)).toBe("2027-01-22");
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(formatDay("2026-11-25")).toBe("Wed, 25 Nov 2026");
  });
});
