import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  formatDay,
  indiaClockOf,
  indiaDayOf,
  indiaMidnight,
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

  it("gives the day Asia/Kolkata's calendar gives, to the millisecond around midnight", () => {
    const kolkata = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" });
    const midnight = indiaMidnight("2026-11-24");
    expect(midnight.toISOString()).toBe("2026-11-23T18:30:00.000Z");
    expect(indiaDayOf(midnight)).toBe("2026-11-24");
    expect(indiaDayOf(new Date(midnight.getTime() - 1))).toBe("2026-11-23");
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2100-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        (instant) => {
          expect(indiaDayOf(instant)).toBe(kolkata.format(instant));
          expect(indiaMidnight(indiaDayOf(instant)).getTime()).toBeLessThanOrEqual(
            instant.getTime(),
          );
        },
      ),
    );
  });
});
