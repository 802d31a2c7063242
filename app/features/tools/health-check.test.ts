import { describe, expect, it } from "vitest";
import {
  checkHealth,
  readHealthQuery,
  stateOfCharge,
  temperatureCorrection,
  verdictFor,
} from "./health-check";
import { readNumber } from "./read-number";

const check = (voltage: string, temperature = "") => checkHealth({ voltage, temperature });
/** The result of a reading that must be valid. */
function resultOf(voltage: string, temperature = "") {
  const answer = check(voltage, temperature);
  if (!answer.ok) throw new Error(`${voltage} was refused`);
  return answer.result;
}
const message = (voltage: string) => {
  const answer = check(voltage);
  return answer.ok ? answer.result.message : answer.errors.voltage;
};

describe("the spec's verdicts on a reading", () => {
  it.each([
    ["11.99", "Battery is low! Needs immediate replacement."],
    ["12.0", "Battery is weak, consider recharging."],
    ["12", "Battery is weak, consider recharging."],
    ["12.59", "Battery is weak, consider recharging."],
    ["12.6", "Battery is healthy."],
    ["12.8", "Battery is healthy."],
    ["0", "Battery is low! Needs immediate replacement."],
    ["20", "Battery is healthy."],
    ["12,4", "Battery is weak, consider recharging."],
    ["12.4 V", "Battery is weak, consider recharging."],
  ])("%s: %s", (voltage, expected) => {
    expect(message(voltage)).toBe(expected);
  });

  it.each([
    ["abc"],
    [""],
    ["   "],
    ["-1"],
    ["20.1"],
    ["12.4.1"],
    ["1e1"],
    ["12 4"],
    ["NaN"],
    ["Infinity"],
  ])("%j: Please enter a valid voltage.", (voltage) => {
    expect(message(voltage)).toBe("Please enter a valid voltage.");
  });

  it('reads "12,4" as 12.4', () => {
    const answer = check("12,4");
    expect(answer.ok && answer.result.volts).toBe(12.4);
  });

  it("judges the reading, not a number rounded from it", () => {
    expect(verdictFor(12.599999)).toBe("weak");
    expect(verdictFor(11.999999)).toBe("low");
  });
});

describe("the state of charge from the open-circuit table", () => {
  it.each([
    [11.89, 0],
    [12.06, 25],
    [12.24, 50],
    [12.45, 75],
    [12.65, 100],
  ])("%s V is %s %% (a point of the table)", (volts, percent) => {
    expect(stateOfCharge(volts)).toBeCloseTo(percent, 9);
  });

  it("is linear between the points", () => {
    // Halfway between 12.24 V (50 %) and 12.45 V (75 %).
    expect(stateOfCharge(12.345)).toBeCloseTo(62.5, 9);
    // A fifth of the way from 11.89 V (0 %) to 12.06 V (25 %).
    expect(stateOfCharge(11.924)).toBeCloseTo(5, 9);
    expect(stateOfCharge(12.55)).toBeCloseTo(87.5, 9);
  });

  it("is clamped at both ends", () => {
    expect(stateOfCharge(11.5)).toBe(0);
    expect(stateOfCharge(0)).toBe(0);
    expect(stateOfCharge(12.8)).toBe(100);
    expect(stateOfCharge(20)).toBe(100);
  });

  it("is shown in whole percent", () => {
    const answer = check("12.35");
    expect(answer.ok && answer.result.stateOfCharge).toBe(63);
  });
});

describe("the temperature correction", () => {
  it("adds 0.0036 V per cell (six cells) for each degree below 25 °C", () => {
    expect(temperatureCorrection(15)).toBeCloseTo(0.216, 9);
    expect(temperatureCorrection(0)).toBeCloseTo(0.54, 9);
    expect(temperatureCorrection(-20)).toBeCloseTo(0.972, 9);
    expect(temperatureCorrection(24)).toBeCloseTo(0.0216, 9);
  });

  it("corrects nothing at 25 °C and above", () => {
    expect(temperatureCorrection(25)).toBe(0);
    expect(temperatureCorrection(40)).toBe(0);
  });

  it("changes the state of charge, not the spec's verdict on the reading", () => {
    const cold = check("12.24", "15");
    expect(cold.ok).toBe(true);
    if (!cold.ok) return;
    expect(cold.result.verdict).toBe("weak");
    expect(cold.result.correction).toBeCloseTo(0.216, 9);
    expect(cold.result.correctedVolts).toBeCloseTo(12.456, 9);
    // 12.456 V: just above the table's 75 %.
    expect(cold.result.stateOfCharge).toBe(76);
    expect(resultOf("12.24").stateOfCharge).toBe(50);
  });

  it("takes a comma, a minus sign and a unit", () => {
    for (const typed of ["-5", "−5", "-5 °C", "-5C", "-5,0"]) {
      const answer = check("12.2", typed);
      expect(answer.ok && answer.result.celsius, typed).toBe(-5);
    }
  });

  it("refuses a temperature outside -20 to 60 °C, or not a number, next to its field", () => {
    for (const typed of ["-21", "61", "warm", "1e2"]) {
      const answer = check("12.5", typed);
      expect(answer.ok, typed).toBe(false);
      if (answer.ok) continue;
      expect(answer.errors).toEqual({
        temperature: "Enter a temperature from -20 to 60 °C, or leave it empty.",
      });
    }
  });

  it("is optional", () => {
    const answer = check("12.5", "  ");
    expect(answer.ok && answer.result).toMatchObject({ celsius: null, correction: 0 });
  });

  it("reports both fields' errors at once", () => {
    const answer = check("abc", "hot");
    expect(answer.ok).toBe(false);
    expect(!answer.ok && Object.keys(answer.errors).sort()).toEqual(["temperature", "voltage"]);
  });
});

describe("the notes", () => {
  it("warns of surface charge above 13 V", () => {
    expect(resultOf("13.2").surfaceCharge).toBe(true);
    expect(resultOf("12.9").surfaceCharge).toBe(false);
  });
});

describe("the address", () => {
  it("asks nothing without a voltage", () => {
    expect(readHealthQuery(new URLSearchParams("temperature=20"))).toBeNull();
  });

  it("keeps what was typed", () => {
    const answer = readHealthQuery(new URLSearchParams("voltage=abc&temperature=20"));
    expect(answer).toMatchObject({ ok: false, input: { voltage: "abc", temperature: "20" } });
  });
});

describe("readNumber", () => {
  it("reads decimals with a point or a comma, and nothing else", () => {
    expect(readNumber("0,5")).toBe(0.5);
    expect(readNumber(".5")).toBe(0.5);
    expect(readNumber("1,000.5")).toBeNull();
    expect(readNumber("0x10")).toBeNull();
    expect(readNumber("1".repeat(30))).toBeNull();
  });
});
