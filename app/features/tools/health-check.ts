import { formatDecimal, readNumber } from "./read-number";
import { healthMessages as m } from "./tools.messages";

/*
 * The Battery Health Checker (issue 23): the original site's verdict on a resting voltage, plus an
 * estimated state of charge, optionally corrected for the battery's temperature.
 *
 * Decision: the verdict is the spec's, on the reading as entered; the temperature correction
 * changes only the state of charge. The issue asks for "exactly the spec's thresholds" (12.6 V
 * and 12.0 V, on "the input"), and lists the temperature correction among what goes beyond the
 * old site, beside the state of charge. Correcting the verdict too would give a different answer
 * than the spec for the same reading (12.1 V at 10 °C would be "healthy"). So the page shows both
 * readings, and says which one the estimate used: the verdict on the reading, the state of
 * charge on the corrected one. Pure functions without zod: the page's loader and the components
 * use them alike (the form is a GET form, its result in the address).
 */

/** The spec's thresholds (seed spec, "Health checker"). */
export const HEALTHY_FROM_V = 12.6;
export const WEAK_FROM_V = 12.0;
/** A reading outside 0-20 V is no 12 V battery's: "Please enter a valid voltage." */
export const VOLTAGE_RANGE = { min: 0, max: 20 } as const;
/** A battery's plausible temperature in India, for the correction. */
export const TEMPERATURE_RANGE = { min: -20, max: 60 } as const;

/** The open-circuit correction: about 0.0036 V per cell per degree below 25 °C (issue 23); a
 * 12 V lead-acid battery has 6 cells, so 0.0216 V per degree. A cold battery reads low, so the
 * correction is added. At 25 °C and above nothing is corrected: the table is for 25-27 °C. */
export const CELLS = 6;
export const VOLTS_PER_CELL_PER_DEGREE = 0.0036;
export const REFERENCE_CELSIUS = 25;

/** The standard open-circuit voltage of a 12 V lead-acid battery at 25-27 °C and its state of
 * charge, lowest first. */
export const openCircuitTable: readonly (readonly [volts: number, percent: number])[] = [
  [11.89, 0],
  [12.06, 25],
  [12.24, 50],
  [12.45, 75],
  [12.65, 100],
];

/** Above this a rested 12 V battery is unlikely: surface charge from driving or charging. */
export const SURFACE_CHARGE_ABOVE_V = 13;

export type HealthVerdict = "healthy" | "weak" | "low";

/** The spec's verdict on a reading: 12.6 V or more healthy, from 12.0 V weak, below that low. */
export function verdictFor(volts: number): HealthVerdict {
  if (volts >= HEALTHY_FROM_V) return "healthy";
  if (volts >= WEAK_FROM_V) return "weak";
  return "low";
}

/** The state of charge in percent (not rounded) by linear interpolation of the table, 0 below
 * its lowest reading and 100 above its highest. */
export function stateOfCharge(volts: number): number {
  const first = openCircuitTable[0];
  const last = openCircuitTable[openCircuitTable.length - 1];
  if (!first || !last) return 0;
  if (volts <= first[0]) return first[1];
  if (volts >= last[0]) return last[1];
  for (let i = 1; i < openCircuitTable.length; i += 1) {
    const [hiV, hiP] = openCircuitTable[i] ?? last;
    const [loV, loP] = openCircuitTable[i - 1] ?? first;
    if (volts <= hiV) return loP + ((hiP - loP) * (volts - loV)) / (hiV - loV);
  }
  return last[1];
}

/** The volts to add to a reading taken at this temperature (0 at 25 °C and above). */
export function temperatureCorrection(celsius: number): number {
  if (celsius >= REFERENCE_CELSIUS) return 0;
  return CELLS * VOLTS_PER_CELL_PER_DEGREE * (REFERENCE_CELSIUS - celsius);
}

/** What the visitor typed, kept as typed to show again. */
export type HealthInput = { voltage: string; temperature: string };

export type HealthResult = {
  volts: number;
  verdict: HealthVerdict;
  message: string;
  /** Null when no temperature was given. */
  celsius: number | null;
  /** Volts added for the temperature (0 without one, or at 25 °C and above). */
  correction: number;
  /** The reading the state of charge is estimated from. */
  correctedVolts: number;
  /** Whole percent, 0 to 100. */
  stateOfCharge: number;
  /** The reading looks like surface charge (not rested). */
  surfaceCharge: boolean;
};

export type HealthCheck =
  | { input: HealthInput; ok: true; result: HealthResult }
  | { input: HealthInput; ok: false; errors: { voltage?: string; temperature?: string } };

const VOLT_UNIT = /\s*(?:v|volts?)$/i;
const CELSIUS_UNIT = /\s*(?:°\s*c?|c)$/i;

/** Checks a reading as typed: the spec's message for a voltage that is not one, the verdict and
 * the estimate for one that is. */
export function checkHealth(input: HealthInput): HealthCheck {
  const volts = readNumber(input.voltage, VOLT_UNIT);
  const errors: { voltage?: string; temperature?: string } = {};
  if (volts === null || volts < VOLTAGE_RANGE.min || volts > VOLTAGE_RANGE.max) {
    errors.voltage = m.invalidVoltage;
  }
  let celsius: number | null = null;
  if (input.temperature.trim() !== "") {
    celsius = readNumber(input.temperature, CELSIUS_UNIT);
    if (celsius === null || celsius < TEMPERATURE_RANGE.min || celsius > TEMPERATURE_RANGE.max) {
      errors.temperature = m.invalidTemperature;
    }
  }
  if (volts === null || errors.voltage || errors.temperature) return { input, ok: false, errors };
  const correction = celsius === null ? 0 : temperatureCorrection(celsius);
  const correctedVolts = volts + correction;
  const verdict = verdictFor(volts);
  return {
    input,
    ok: true,
    result: {
      volts,
      verdict,
      message: m.verdicts[verdict],
      celsius,
      correction,
      correctedVolts,
      stateOfCharge: Math.round(stateOfCharge(correctedVolts)),
      surfaceCharge: volts > SURFACE_CHARGE_ABOVE_V,
    },
  };
}

/** The check the address asks for (`?voltage=…&temperature=…`), or null when it asks none. */
export function readHealthQuery(params: URLSearchParams): HealthCheck | null {
  const voltage = params.get("voltage");
  if (voltage === null) return null;
  return checkHealth({ voltage, temperature: params.get("temperature") ?? "" });
}

/** Volts as the result shows them: "12.4", "12.62". */
export const formatVolts = (volts: number) => formatDecimal(volts, 2);
