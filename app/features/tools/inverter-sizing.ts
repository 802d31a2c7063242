import { formatDecimal, readNumber } from "./read-number";
import { applianceNames, sizingMessages as m } from "./tools.messages";

/*
 * Inverter battery sizing (issue 23): the battery capacity and inverter size a home needs for its
 * appliances and backup hours. Pure functions without zod, read from the address of a GET form
 * with a fixed number of appliance rows (works without JavaScript, the result can be shared);
 * the page's loader and the components use them alike.
 *
 *   battery Ah = load W × hours / (battery V × depth of discharge × inverter efficiency)
 *   inverter VA = load W / power factor
 */

/** Appliances with their typical running watts (the form says they are typical: an appliance's
 * own label wins, and can be typed in its row). */
export const appliancePresets = [
  { key: "ceiling-fan", label: applianceNames["ceiling-fan"], watts: 75 },
  { key: "bldc-fan", label: applianceNames["bldc-fan"], watts: 30 },
  { key: "table-fan", label: applianceNames["table-fan"], watts: 50 },
  { key: "led-bulb", label: applianceNames["led-bulb"], watts: 10 },
  { key: "tube-light", label: applianceNames["tube-light"], watts: 40 },
  { key: "led-tube", label: applianceNames["led-tube"], watts: 20 },
  { key: "tv", label: applianceNames.tv, watts: 100 },
  { key: "set-top-box", label: applianceNames["set-top-box"], watts: 25 },
  { key: "wifi-router", label: applianceNames["wifi-router"], watts: 10 },
  { key: "phone-charger", label: applianceNames["phone-charger"], watts: 10 },
  { key: "laptop", label: applianceNames.laptop, watts: 65 },
  { key: "desktop-pc", label: applianceNames["desktop-pc"], watts: 200 },
  { key: "fridge", label: applianceNames.fridge, watts: 200 },
  { key: "air-cooler", label: applianceNames["air-cooler"], watts: 200 },
  { key: "mixer", label: applianceNames.mixer, watts: 500 },
] as const;
export type AppliancePreset = (typeof appliancePresets)[number];

/** The row's choice for an appliance that is not in the list: its name and watts typed. */
export const OTHER_APPLIANCE = "other";

/** The form's fixed number of appliance rows (a GET form without JavaScript cannot add rows). */
export const APPLIANCE_ROWS = 8;

export const batteryVoltages = [12, 24] as const;
export type BatteryVoltage = (typeof batteryVoltages)[number];
/** Every battery we recommend is a 12 V one: a 24 V system takes two in series. */
export const BATTERY_UNIT_VOLTS = 12;

export type SizingAssumptions = {
  batteryVoltage: BatteryVoltage;
  /** 0 to 1: how much of the capacity is used before recharging. */
  depthOfDischarge: number;
  /** 0 to 1. */
  inverterEfficiency: number;
  powerFactor: number;
};

export const defaultAssumptions: SizingAssumptions = {
  batteryVoltage: 12,
  depthOfDischarge: 0.8,
  inverterEfficiency: 0.85,
  powerFactor: 0.8,
};

/** The limits the form checks (messages in tools.messages.ts say them). */
export const sizingLimits = {
  watts: { min: 1, max: 5000 },
  count: { min: 1, max: 50 },
  hours: { min: 0.5, max: 24 },
  /** Percent. */
  depthOfDischarge: { min: 10, max: 100 },
  /** Percent. */
  inverterEfficiency: { min: 50, max: 100 },
  powerFactor: { min: 0.5, max: 1 },
  nameLength: 40,
} as const;

/** Inverters are chosen by the next size up: the VA needed is rounded up to this step. */
export const INVERTER_VA_STEP = 100;

export type Load = { name: string; watts: number; count: number };

export type Sizing = {
  loads: (Load & { totalWatts: number })[];
  /** Total running watts. */
  loadWatts: number;
  hours: number;
  assumptions: SizingAssumptions;
  /** The energy drawn over the backup hours. */
  energyWh: number;
  /** What one Ah of the battery system gives the appliances: V × DoD × efficiency. */
  whPerAh: number;
  /** The capacity needed, exactly, and rounded up to a whole Ah. */
  exactAh: number;
  batteryAh: number;
  /** How many 12 V batteries the system takes (in series), each of `batteryAh`. */
  batteryCount: number;
  /** The inverter's apparent power, exactly, and rounded up to the next step. */
  exactVa: number;
  inverterVa: number;
};

/** A whole number at least `value`, not fooled by binary fractions (200.00000000000003 -> 200). */
const roundUp = (value: number) => Math.ceil(Number(value.toFixed(6)));

/** The formula. No load needs no battery (0 Ah, 0 VA); the form refuses an empty list before. */
export function sizeInverter(
  loads: Load[],
  hours: number,
  assumptions: SizingAssumptions = defaultAssumptions,
): Sizing {
  const rows = loads.map((load) => ({ ...load, totalWatts: load.watts * load.count }));
  const loadWatts = rows.reduce((sum, row) => sum + row.totalWatts, 0);
  const energyWh = loadWatts * hours;
  const whPerAh =
    assumptions.batteryVoltage * assumptions.depthOfDischarge * assumptions.inverterEfficiency;
  const exactAh = energyWh / whPerAh;
  const exactVa = loadWatts / assumptions.powerFactor;
  return {
    loads: rows,
    loadWatts,
    hours,
    assumptions,
    energyWh,
    whPerAh,
    exactAh,
    batteryAh: roundUp(exactAh),
    batteryCount: assumptions.batteryVoltage / BATTERY_UNIT_VOLTS,
    exactVa,
    inverterVa: roundUp(roundUp(exactVa) / INVERTER_VA_STEP) * INVERTER_VA_STEP,
  };
}

/** One appliance row as typed. */
export type ApplianceRowInput = { appliance: string; name: string; watts: string; count: string };

/** The whole form as typed: kept to show again, as the address carries it. */
export type SizingInput = {
  rows: ApplianceRowInput[];
  hours: string;
  volts: string;
  dod: string;
  efficiency: string;
  pf: string;
};

/** The form's field names (a row's fields end in its number, 1 to APPLIANCE_ROWS). */
export const sizingFields = {
  appliance: (row: number) => `appliance${row}`,
  name: (row: number) => `name${row}`,
  watts: (row: number) => `watts${row}`,
  count: (row: number) => `count${row}`,
  hours: "hours",
  volts: "volts",
  dod: "dod",
  efficiency: "efficiency",
  pf: "pf",
} as const;

/** The assumptions as the form shows them (percent for DoD and efficiency). */
export const defaultAssumptionInputs = {
  volts: String(defaultAssumptions.batteryVoltage),
  dod: String(defaultAssumptions.depthOfDischarge * 100),
  efficiency: String(defaultAssumptions.inverterEfficiency * 100),
  pf: String(defaultAssumptions.powerFactor),
};

export const emptySizingInput = (): SizingInput => ({
  rows: Array.from({ length: APPLIANCE_ROWS }, () => ({
    appliance: "",
    name: "",
    watts: "",
    count: "1",
  })),
  hours: "",
  ...defaultAssumptionInputs,
});

export type SizingCheck =
  | { input: SizingInput; ok: true; sizing: Sizing }
  | { input: SizingInput; ok: false; errors: Record<string, string> };

const presetByKey = new Map<string, AppliancePreset>(appliancePresets.map((p) => [p.key, p]));
export const findPreset = (key: string) => presetByKey.get(key);

/** A number in a range, or null. */
function inRange(text: string, range: { min: number; max: number }, whole = false) {
  const value = readNumber(text);
  if (value === null || value < range.min || value > range.max) return null;
  if (whole && !Number.isInteger(value)) return null;
  return value;
}

/** A row is used when anything but its count was given. */
const isUsed = (row: ApplianceRowInput) =>
  row.appliance !== "" || row.name.trim() !== "" || row.watts.trim() !== "";

function readRow(
  row: ApplianceRowInput,
  index: number,
  errors: Record<string, string>,
): Load | null {
  const n = index + 1;
  const preset = findPreset(row.appliance);
  // A name or watts typed without choosing from the list: an appliance of the visitor's own.
  const other = !preset && (row.appliance === OTHER_APPLIANCE || row.appliance === "");
  if (!preset && !other) {
    errors[sizingFields.appliance(n)] = m.errors.unknownAppliance;
    return null;
  }
  const name = row.name.trim();
  if (other && (name === "" || name.length > sizingLimits.nameLength)) {
    errors[sizingFields.name(n)] = m.errors.name;
  }
  const watts =
    preset && row.watts.trim() === "" ? preset.watts : inRange(row.watts, sizingLimits.watts, true);
  if (watts === null) errors[sizingFields.watts(n)] = m.errors.watts;
  const count = row.count.trim() === "" ? 1 : inRange(row.count, sizingLimits.count, true);
  if (count === null) errors[sizingFields.count(n)] = m.errors.count;
  if (watts === null || count === null || (other && errors[sizingFields.name(n)])) return null;
  return { name: preset ? preset.label : name, watts, count };
}

/** Checks the form as typed: field errors (by field name), or the sizing. */
export function checkSizing(input: SizingInput): SizingCheck {
  const errors: Record<string, string> = {};
  const loads: Load[] = [];
  input.rows.forEach((row, index) => {
    if (!isUsed(row)) return;
    const load = readRow(row, index, errors);
    if (load) loads.push(load);
  });
  if (!input.rows.some(isUsed)) errors[sizingFields.appliance(1)] = m.errors.noAppliance;

  const hours = inRange(input.hours, sizingLimits.hours);
  if (hours === null) errors.hours = m.errors.hours;
  const volts = batteryVoltages.find((v) => String(v) === input.volts.trim());
  if (volts === undefined) errors.volts = m.errors.voltage;
  const dod = inRange(input.dod, sizingLimits.depthOfDischarge);
  if (dod === null) errors.dod = m.errors.dod;
  const efficiency = inRange(input.efficiency, sizingLimits.inverterEfficiency);
  if (efficiency === null) errors.efficiency = m.errors.efficiency;
  const pf = inRange(input.pf, sizingLimits.powerFactor);
  if (pf === null) errors.pf = m.errors.powerFactor;

  if (
    Object.keys(errors).length > 0 ||
    hours === null ||
    volts === undefined ||
    dod === null ||
    efficiency === null ||
    pf === null
  ) {
    return { input, ok: false, errors };
  }
  const assumptions = {
    batteryVoltage: volts,
    depthOfDischarge: dod / 100,
    inverterEfficiency: efficiency / 100,
    powerFactor: pf,
  };
  return { input, ok: true, sizing: sizeInverter(loads, hours, assumptions) };
}

/** The form as the address carries it; a missing assumption is its default. Values are cut to
 * a sensible length (they are shown again). */
export function readSizingInput(params: URLSearchParams): SizingInput {
  const get = (name: string, fallback = "") => (params.get(name) ?? fallback).slice(0, 60);
  return {
    rows: Array.from({ length: APPLIANCE_ROWS }, (_, index) => {
      const n = index + 1;
      return {
        appliance: get(sizingFields.appliance(n)),
        name: get(sizingFields.name(n)),
        watts: get(sizingFields.watts(n)),
        count: get(sizingFields.count(n), "1"),
      };
    }),
    hours: get(sizingFields.hours),
    volts: get(sizingFields.volts, defaultAssumptionInputs.volts),
    dod: get(sizingFields.dod, defaultAssumptionInputs.dod),
    efficiency: get(sizingFields.efficiency, defaultAssumptionInputs.efficiency),
    pf: get(sizingFields.pf, defaultAssumptionInputs.pf),
  };
}

/** The sizing the address asks for, or null when it asks none (no `hours`: the form not sent). */
export function readSizingQuery(params: URLSearchParams): SizingCheck | null {
  if (!params.has(sizingFields.hours)) return null;
  return checkSizing(readSizingInput(params));
}

/**
 * What to say when the recommended list is empty: the need is beyond the largest battery in
 * stock (said plainly, with both figures), or there is no inverter battery in stock at all.
 * Null when batteries were found.
 */
export function noBatteryMessage(
  sizing: Pick<Sizing, "batteryAh" | "assumptions">,
  found: number,
  largestAh: number | null,
): string | null {
  if (found > 0) return null;
  if (largestAh === null) return m.noneAtAll;
  if (sizing.batteryAh > largestAh) {
    const on12 = sizing.assumptions.batteryVoltage === 12;
    return m.tooBig(formatDecimal(sizing.batteryAh, 0), formatDecimal(largestAh, 0), on12);
  }
  return m.noBatteryInStock;
}

/**
 * The address of a sent form, without what it need not say: the fields of unused rows, empty
 * names and watts, a count of 1 and assumptions at their defaults (`readSizingInput` reads the
 * same form back). With JavaScript the form is sent so; without, the browser sends every field.
 */
export function compactSizingParams(sent: URLSearchParams): URLSearchParams {
  const input = readSizingInput(sent);
  const params = new URLSearchParams();
  input.rows.forEach((row, index) => {
    if (!isUsed(row)) return;
    const n = index + 1;
    if (row.appliance !== "") params.set(sizingFields.appliance(n), row.appliance);
    if (row.name.trim() !== "") params.set(sizingFields.name(n), row.name);
    if (row.watts.trim() !== "") params.set(sizingFields.watts(n), row.watts);
    if (row.count.trim() !== "1") params.set(sizingFields.count(n), row.count);
  });
  params.set(sizingFields.hours, input.hours);
  for (const name of ["volts", "dod", "efficiency", "pf"] as const) {
    if (input[name].trim() !== defaultAssumptionInputs[name]) params.set(name, input[name]);
  }
  return params;
}
