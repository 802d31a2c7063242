import { describe, expect, it } from "vitest";
import {
  APPLIANCE_ROWS,
  checkSizing,
  compactSizingParams,
  defaultAssumptions,
  emptySizingInput,
  noBatteryMessage,
  readSizingInput,
  readSizingQuery,
  type SizingInput,
  sizeInverter,
} from "./inverter-sizing";

/** The form with these rows filled in (the rest empty) and these other fields. */
function form(
  rows: Partial<SizingInput["rows"][number]>[],
  rest: Partial<Omit<SizingInput, "rows">> = {},
): SizingInput {
  const input = emptySizingInput();
  rows.forEach((row, i) => {
    input.rows[i] = { ...input.rows[i]!, ...row };
  });
  return { ...input, hours: "4", ...rest };
}

describe("the formula", () => {
  it("Ah = load W × hours / (V × DoD × efficiency); VA = load / power factor", () => {
    const sizing = sizeInverter(
      [
        { name: "Ceiling fan", watts: 75, count: 2 },
        { name: "LED bulb", watts: 10, count: 4 },
        { name: "TV", watts: 100, count: 1 },
        { name: "Wi-Fi router", watts: 10, count: 1 },
      ],
      4,
    );
    expect(sizing.loadWatts).toBe(300);
    expect(sizing.energyWh).toBe(1200);
    expect(sizing.whPerAh).toBeCloseTo(8.16, 9); // 12 × 0.8 × 0.85
    expect(sizing.exactAh).toBeCloseTo(147.0588, 3);
    expect(sizing.batteryAh).toBe(148);
    expect(sizing.batteryCount).toBe(1);
    expect(sizing.exactVa).toBe(375);
    expect(sizing.inverterVa).toBe(400);
    expect(sizing.loads.map((l) => l.totalWatts)).toEqual([150, 40, 100, 10]);
  });

  it("a 24 V system: two 12 V batteries in series, each of half the Ah", () => {
    const twelve = sizeInverter([{ name: "Load", watts: 816, count: 1 }], 2);
    const twentyFour = sizeInverter([{ name: "Load", watts: 816, count: 1 }], 2, {
      batteryVoltage: 24,
      depthOfDischarge: 0.8,
      inverterEfficiency: 0.85,
      powerFactor: 0.8,
    });
    expect(twelve.batteryAh).toBe(200);
    expect(twentyFour.batteryAh).toBe(100);
    expect(twentyFour.batteryCount).toBe(2);
  });

  it("rounds a whole result to itself, not one more for a binary fraction", () => {
    // 12 V × 0.7 × 0.9 = 7.56 Wh per Ah, and 189 Wh is exactly 25 Ah: in binary fractions
    // 189 / 7.559999999999999 is 25.000000000000004, which a plain Math.ceil makes 26.
    const assumptions = { ...defaultAssumptions, depthOfDischarge: 0.7, inverterEfficiency: 0.9 };
    expect(sizeInverter([{ name: "Load", watts: 189, count: 1 }], 1, assumptions).batteryAh).toBe(
      25,
    );
    expect(sizeInverter([{ name: "Load", watts: 190, count: 1 }], 1, assumptions).batteryAh).toBe(
      26,
    );
    // 480 W / 0.8 = 600 VA exactly: a 600 VA inverter, not 700.
    expect(sizeInverter([{ name: "Load", watts: 480, count: 1 }], 1).inverterVa).toBe(600);
    expect(sizeInverter([{ name: "Load", watts: 481, count: 1 }], 1).inverterVa).toBe(700);
  });

  it("uses the assumptions given", () => {
    const sizing = sizeInverter([{ name: "Load", watts: 500, count: 1 }], 3, {
      batteryVoltage: 12,
      depthOfDischarge: 0.5,
      inverterEfficiency: 1,
      powerFactor: 1,
    });
    expect(sizing.batteryAh).toBe(250); // 1,500 Wh / (12 × 0.5 × 1)
    expect(sizing.inverterVa).toBe(500);
  });

  it("no load needs nothing", () => {
    const sizing = sizeInverter([], 5);
    expect(sizing).toMatchObject({ loadWatts: 0, energyWh: 0, batteryAh: 0, inverterVa: 0 });
  });
});

describe("the form", () => {
  it("takes a preset's typical watts when none are typed, and the visitor's own when they are", () => {
    const check = checkSizing(
      form([
        { appliance: "ceiling-fan", count: "3" },
        { appliance: "fridge", watts: "150" },
      ]),
    );
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.sizing.loads).toEqual([
      { name: "Ceiling fan", watts: 75, count: 3, totalWatts: 225 },
      { name: "Refrigerator", watts: 150, count: 1, totalWatts: 150 },
    ]);
  });

  it("an appliance of the visitor's own needs its name and watts", () => {
    const check = checkSizing(
      form([
        { appliance: "other", name: "Water purifier", watts: "40" },
        { appliance: "other", watts: "25" },
        { appliance: "other", name: "Aquarium pump" },
        // A name and watts typed without choosing from the list count as "other".
        { name: "Inkjet printer", watts: "30", count: "" },
      ]),
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({
      name2: "Type the appliance's name (up to 40 characters).",
      watts3: "Enter its watts, a whole number from 1 to 5,000.",
    });
  });

  it("refuses watts, counts and hours out of range or not numbers, each next to its field", () => {
    const check = checkSizing(
      form(
        [
          { appliance: "tv", watts: "0" },
          { appliance: "tv", watts: "5001" },
          { appliance: "tv", watts: "75.5" },
          { appliance: "tv", count: "0" },
          { appliance: "tv", count: "51" },
          { appliance: "tv", count: "1.5" },
          { appliance: "microwave-oven" },
        ],
        { hours: "25" },
      ),
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(check.errors).sort()).toEqual(
      ["watts1", "watts2", "watts3", "count4", "count5", "count6", "appliance7", "hours"].sort(),
    );
  });

  it("asks for at least one appliance (the first row's error)", () => {
    const check = checkSizing(form([]));
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors).toEqual({
      appliance1: "Choose at least one appliance, or type one's name and watts.",
    });
  });

  it("ignores the count of an unused row", () => {
    const check = checkSizing(form([{ appliance: "led-bulb" }, { count: "abc" }]));
    expect(check.ok).toBe(true);
  });

  it.each([
    [{ hours: "" }, "hours"],
    [{ hours: "0.4" }, "hours"],
    [{ volts: "48" }, "volts"],
    [{ dod: "5" }, "dod"],
    [{ dod: "101" }, "dod"],
    [{ efficiency: "45" }, "efficiency"],
    [{ pf: "1.2" }, "pf"],
    [{ pf: "0,4" }, "pf"],
  ])("refuses %j", (rest, field) => {
    const check = checkSizing(form([{ appliance: "tv" }], rest));
    expect(check.ok).toBe(false);
    expect(!check.ok && Object.keys(check.errors)).toEqual([field]);
  });

  it("reads percent assumptions and decimal commas", () => {
    const check = checkSizing(
      form([{ appliance: "tv" }], { hours: "2,5", dod: "50", efficiency: "90", pf: "0,9" }),
    );
    expect(check.ok && check.sizing.assumptions).toEqual({
      batteryVoltage: 12,
      depthOfDischarge: 0.5,
      inverterEfficiency: 0.9,
      powerFactor: 0.9,
    });
    expect(check.ok && check.sizing.hours).toBe(2.5);
  });
});

describe("the address", () => {
  it("asks nothing until the form is sent (no hours)", () => {
    expect(readSizingQuery(new URLSearchParams("appliance1=tv"))).toBeNull();
  });

  it("fills the rows by number, the assumptions with their defaults, and keeps what was typed", () => {
    const input = readSizingInput(new URLSearchParams("appliance3=tv&watts3=abc&hours=x"));
    expect(input.rows).toHaveLength(APPLIANCE_ROWS);
    expect(input.rows[2]).toEqual({ appliance: "tv", name: "", watts: "abc", count: "1" });
    expect(input).toMatchObject({
      hours: "x",
      volts: "12",
      dod: "80",
      efficiency: "85",
      pf: "0.8",
    });
    const check = readSizingQuery(new URLSearchParams("appliance3=tv&watts3=abc&hours=x"));
    expect(check && !check.ok && Object.keys(check.errors).sort()).toEqual(["hours", "watts3"]);
  });
});

describe("an empty list of batteries, said plainly", () => {
  const huge = sizeInverter([{ name: "Mixer grinder", watts: 500, count: 10 }], 24);
  it("a need beyond the largest battery in stock says both figures", () => {
    expect(huge.batteryAh).toBe(14706);
    expect(noBatteryMessage(huge, 0, 220)).toBe(
      "No battery we sell is big enough: this needs 14,706 Ah per battery, and our largest inverter battery in stock holds 220 Ah. Shorten the backup hours, run fewer appliances during a power cut, or choose a 24 V system in the assumptions.",
    );
  });

  it("does not suggest 24 V to a 24 V system", () => {
    const on24 = sizeInverter(huge.loads, 24, { ...huge.assumptions, batteryVoltage: 24 });
    expect(noBatteryMessage(on24, 0, 220)).not.toContain("24 V");
  });

  it("no inverter battery in stock at all", () => {
    expect(noBatteryMessage(huge, 0, null)).toMatch(/no inverter batteries in stock/);
  });

  it("nothing to say when batteries were found", () => {
    expect(noBatteryMessage(huge, 2, 20000)).toBeNull();
  });
});

describe("the address a form sent with JavaScript", () => {
  it("says only what matters, and reads back as the same form", () => {
    const sent = new URLSearchParams(
      "appliance1=ceiling-fan&name1=&watts1=&count1=2&appliance2=&name2=&watts2=&count2=1" +
        "&appliance3=&name3=Pump&watts3=370&count3=1&hours=3&volts=12&dod=80&efficiency=90&pf=0.8",
    );
    const compact = compactSizingParams(sent);
    expect(compact.toString()).toBe(
      "appliance1=ceiling-fan&count1=2&name3=Pump&watts3=370&hours=3&efficiency=90",
    );
    expect(readSizingInput(compact)).toEqual(readSizingInput(sent));
  });

  it("keeps what was typed wrong, to show it again", () => {
    const compact = compactSizingParams(new URLSearchParams("appliance1=tv&count1=x&hours=&pf=2"));
    expect(compact.toString()).toBe("appliance1=tv&count1=x&hours=&pf=2");
  });
});
