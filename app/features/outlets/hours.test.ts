import { describe, expect, it } from "vitest";
import { formatClock, formatDays, formatHours, slotTimes } from "./hours";

describe("opening hours", () => {
  it("says the days as runs", () => {
    expect(formatDays([1, 2, 3, 4, 5, 6])).toBe("Mon–Sat");
    expect(formatDays([7, 1, 2, 3, 4, 5, 6])).toBe("Every day");
    expect(formatDays([1, 3, 5])).toBe("Mon, Wed, Fri");
    expect(formatDays([1, 2, 4, 5, 6])).toBe("Mon, Tue, Thu–Sat");
  });

  it("says times the way people read them", () => {
    expect(formatClock("09:30")).toBe("9:30 am");
    expect(formatClock("12:00")).toBe("12:00 pm");
    expect(formatClock("00:15")).toBe("12:15 am");
    expect(formatClock("19:00")).toBe("7:00 pm");
    expect(formatHours({ openDays: [1, 2, 3, 4, 5, 6], opensAt: "09:00", closesAt: "19:00" })).toBe(
      "Mon–Sat 9:00 am – 7:00 pm",
    );
  });

  it("makes an hour's slot for every whole hour the outlet is open", () => {
    expect(slotTimes({ opensAt: "09:00", closesAt: "12:00" })).toEqual(["09:00", "10:00", "11:00"]);
    expect(slotTimes({ opensAt: "09:30", closesAt: "11:00" })).toEqual(["09:30"]);
    expect(slotTimes({ opensAt: "09:30", closesAt: "10:00" })).toEqual([]);
  });
});
