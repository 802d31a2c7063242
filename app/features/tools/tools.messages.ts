import { fill } from "~/lib/i18n/translate";

/** Every message the Battery Health Checker and the inverter battery sizing show (ready for
 * translation). The checker's four verdicts are the original site's own words (seed spec). */

export const healthMessages = {
  title: "Battery Health Checker",
  intro:
    "Measure your 12 V battery's resting voltage with a multimeter across its two terminals, then enter the reading to see its health and an estimate of its charge.",
  restNote:
    "Measure a rested battery: leave it a few hours (ideally overnight) after driving or charging, with everything switched off. A reading taken sooner shows surface charge and looks better than the battery is.",
  voltageLabel: "Resting voltage (V)",
  voltageHint: "For example 12.4 (a comma works too: 12,4).",
  temperatureLabel: "Battery temperature (°C, optional)",
  temperatureHint: "A cold battery reads low: give its temperature to correct the state of charge.",
  submit: "Check battery",
  /** The spec's message for anything that is not a voltage from 0 to 20 V. */
  invalidVoltage: "Please enter a valid voltage.",
  invalidTemperature: "Enter a temperature from -20 to 60 °C, or leave it empty.",
  verdicts: {
    healthy: "Battery is healthy.",
    weak: "Battery is weak, consider recharging.",
    low: "Battery is low! Needs immediate replacement.",
  },
  resultHeading: "Your result",
  reading: (volts: string) => fill("Reading: {volts} V", { volts }),
  stateOfCharge: (percent: number) => fill("Estimated state of charge: {percent}%", { percent }),
  stateOfChargeBasis:
    "Estimated from the standard open-circuit voltage table for a 12 V lead-acid battery at 25-27 °C (12.65 V full, 11.89 V empty).",
  corrected: (volts: string, added: string, celsius: string) =>
    fill(
      "Corrected for {celsius} °C: {volts} V ({added} V added, 0.0036 V per cell for each degree below 25 °C)",
      { volts, added, celsius },
    ),
  verdictOnReading:
    "The verdict above is the standard one on the reading as measured; the estimate of charge uses the corrected reading.",
  noCorrection: (celsius: string) =>
    fill("At {celsius} °C no correction is needed: the table is for 25-27 °C.", { celsius }),
  surfaceCharge:
    "Above 13 V the battery is most likely still carrying surface charge from driving or charging: let it rest a few hours and measure again.",
  next: {
    healthy: "Need a spare or a battery for another vehicle?",
    weak: "Recharge it and measure again after a rest. If it stays weak, have it tested.",
    low: "A battery this low is unlikely to start your vehicle reliably.",
  },
  readingsHeading: "What the readings mean",
  readingsVerdicts: {
    healthy: "12.6 V or more: healthy",
    weak: "12.0 V up to 12.6 V: weak, recharge it",
    low: "Below 12.0 V: low, replace it",
  },
  tableCaption: "A 12 V lead-acid battery at rest, 25-27 °C:",
  tableVoltage: "Reading",
  tableCharge: "Charge",
  findBattery: "Find a battery that fits",
  bookService: "Book a battery check",
  otherTool: "Sizing a home inverter battery?",
  otherToolLink: "Inverter battery sizing",
  metaDescription:
    "Enter your 12 V battery's resting voltage to see if it is healthy, weak or low, with an estimate of its state of charge corrected for temperature.",
};

export const sizingMessages = {
  title: "Inverter battery sizing",
  intro:
    "List what you want to run during a power cut and for how long: we work out the battery capacity and the inverter size you need, and show the batteries in stock that hold it.",
  appliancesLegend: "Appliances",
  appliancesHint:
    "Watts are typical values: the label on your appliance gives its own, and you can type it instead.",
  applianceLabel: (row: number) => fill("Appliance {row}", { row }),
  nameLabel: (row: number) => fill("Name of appliance {row} (for Other)", { row }),
  namePlaceholder: "For Other",
  wattsLabel: (row: number) => fill("Watts of appliance {row}", { row }),
  countLabel: (row: number) => fill("How many of appliance {row}", { row }),
  noAppliance: "None",
  otherAppliance: "Other (type its name and watts)",
  hoursLabel: "Backup hours",
  hoursHint: "How long a power cut should be covered, for example 3 or 2.5.",
  assumptions: "Assumptions",
  assumptionsHint: "The usual values for a home inverter; change them if yours differ.",
  voltageLabel: "Battery system voltage",
  voltageOptions: {
    12: "12 V (one 12 V battery)",
    24: "24 V (two 12 V batteries in series)",
  } as Record<12 | 24, string>,
  voltageHint: "Most small home inverters run on one 12 V battery; larger ones on two (24 V).",
  dodLabel: "Depth of discharge (%)",
  dodHint: "How much of the battery's capacity is used before it is recharged.",
  efficiencyLabel: "Inverter efficiency (%)",
  powerFactorLabel: "Power factor",
  submit: "Size my inverter battery",
  errors: {
    noAppliance: "Choose at least one appliance, or type one's name and watts.",
    unknownAppliance: "Choose an appliance from the list.",
    name: "Type the appliance's name (up to 40 characters).",
    watts: "Enter its watts, a whole number from 1 to 5,000.",
    count: "Enter how many, a whole number from 1 to 50.",
    hours: "Enter the backup hours, from 0.5 to 24.",
    voltage: "Choose 12 V or 24 V.",
    dod: "Enter a depth of discharge from 10 to 100%.",
    efficiency: "Enter an efficiency from 50 to 100%.",
    powerFactor: "Enter a power factor from 0.5 to 1.",
  },
  checkFields: "Please correct the fields marked below.",
  resultHeading: "What you need",
  batteriesHeading: "Batteries in stock that hold it",
  pairNote:
    "A 24 V system takes two identical 12 V batteries in series, each holding the capacity: prices are per battery, with the pair's total below.",
  noBatteryInStock: "None of our inverter batteries in stock holds this much right now.",
  tooBig: (neededAh: string, largestAh: string, on12Volts: boolean) =>
    on12Volts
      ? fill(
          "No battery we sell is big enough: this needs {neededAh} Ah per battery, and our largest inverter battery in stock holds {largestAh} Ah. Shorten the backup hours, run fewer appliances during a power cut, or choose a 24 V system in the assumptions.",
          { neededAh, largestAh },
        )
      : fill(
          "No battery we sell is big enough: this needs {neededAh} Ah per battery, and our largest inverter battery in stock holds {largestAh} Ah. Shorten the backup hours or run fewer appliances during a power cut.",
          { neededAh, largestAh },
        ),
  noneAtAll:
    "We have no inverter batteries in stock right now. Please check again soon, or call the store.",
  surgeNote:
    "Motors (a refrigerator, mixer, cooler or pump) draw several times their running watts for a moment when they start: leave the inverter some headroom.",
  otherTool: "Want to know if your battery is still good?",
  otherToolLink: "Battery Health Checker",
  metaDescription:
    "Work out the inverter battery capacity (Ah) and inverter size (VA) your home needs from your appliances and backup hours, and see the batteries in stock that hold it.",
};

/** The appliances the sizing lists (inverter-sizing.ts), by their key. */
export const applianceNames = {
  "ceiling-fan": "Ceiling fan",
  "bldc-fan": "BLDC ceiling fan (energy-saving)",
  "table-fan": "Table or pedestal fan",
  "led-bulb": "LED bulb",
  "tube-light": "Tube light",
  "led-tube": "LED tube light",
  tv: "TV",
  "set-top-box": "Set-top box",
  "wifi-router": "Wi-Fi router",
  "phone-charger": "Phone charger",
  laptop: "Laptop",
  "desktop-pc": "Desktop computer with monitor",
  fridge: "Refrigerator",
  "air-cooler": "Air cooler",
  mixer: "Mixer grinder",
} as const;
