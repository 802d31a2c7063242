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

  it("names days and times in Hindi and Gujarati, with the translator's 'Every day'", () => {
    const hindi = Object.assign((source: string) => (source === "Every day" ? "हर दिन" : source), {
      locale: "hi" as const,
    });
    const gujarati = Object.assign((source: string) => source, { locale: "gu" as const });
    expect(formatDays([1, 2, 3, 4, 5, 6], hindi)).toBe("सोम–शनि");
    expect(formatDays([1, 3, 5], hindi)).toBe("सोम, बुध, शुक्र");
    expect(formatDays([1, 2, 3, 4, 5, 6, 7], hindi)).toBe("हर दिन");
    expect(formatDays([6, 7], gujarati)).toBe("શનિ, રવિ");
    expect(formatClock("19:00", "hi")).toBe("7:00 pm");
    expect(
      formatHours({ openDays: [1, 2, 3, 4, 5], opensAt: "09:30", closesAt: "18:00" }, gujarati),
    ).toBe("સોમ–શુક્ર 9:30 AM – 6:00 PM");
  });

  it("makes an hour's slot for every whole hour the outlet is open", () => {
    expect(slotTimes({ opensAt: "09:00", closesAt: "12:00" })).toEqual(["09:00", "10:00", "11:00"]);
    expect(slotTimes({ opensAt: "09:30", closesAt: "11:00" })).toEqual(["09:30"]);
    expect(slotTimes({ opensAt: "09:30", closesAt: "10:00" })).toEqual([]);
  });
});
