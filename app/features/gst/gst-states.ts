import { type IndianState, indianStates } from "~/features/places/indian-states";

/**
 * The GST state code of each state and union territory (the first two digits of a GSTIN, and
 * the code printed beside the place of supply). Codes follow the GST portal's list: 25 (Daman
 * and Diu) merged into 26 in 2020, 28 is the undivided Andhra Pradesh's (37 today), 38 Ladakh.
 * Free of zod: the checkout's select and the server both use it.
 */
export const gstStateCodes = {
  "Jammu and Kashmir": "01",
  "Himachal Pradesh": "02",
  Punjab: "03",
  Chandigarh: "04",
  Uttarakhand: "05",
  Haryana: "06",
  Delhi: "07",
  Rajasthan: "08",
  "Uttar Pradesh": "09",
  Bihar: "10",
  Sikkim: "11",
  "Arunachal Pradesh": "12",
  Nagaland: "13",
  Manipur: "14",
  Mizoram: "15",
  Tripura: "16",
  Meghalaya: "17",
  Assam: "18",
  "West Bengal": "19",
  Jharkhand: "20",
  Odisha: "21",
  Chhattisgarh: "22",
  "Madhya Pradesh": "23",
  Gujarat: "24",
  "Dadra and Nagar Haveli and Daman and Diu": "26",
  Maharashtra: "27",
  Karnataka: "29",
  Goa: "30",
  Lakshadweep: "31",
  Kerala: "32",
  "Tamil Nadu": "33",
  Puducherry: "34",
  "Andaman and Nicobar Islands": "35",
  Telangana: "36",
  "Andhra Pradesh": "37",
  Ladakh: "38",
} as const satisfies Record<IndianState, string>;

/** The GST code of a state or union territory named as in `indianStates`; "" for any other. */
export function gstStateCodeOf(state: string): string {
  return Object.hasOwn(gstStateCodes, state) ? gstStateCodes[state as IndianState] : "";
}

/** The state or union territory a GST code stands for; null for a code no state has today. */
export function stateOfGstCode(code: string): IndianState | null {
  for (const [state, stateCode] of Object.entries(gstStateCodes)) {
    if (stateCode === code) return state as IndianState;
  }
  return null;
}

/** A State select's choices: `none` first (its empty value), then every state and union
 * territory with its GST code, "Gujarat (24)". */
export function gstStateChoices(none: string): { value: string; label: string }[] {
  return [
    { value: "", label: none },
    ...indianStates.map((state) => ({ value: state, label: `${state} (${gstStateCodes[state]})` })),
  ];
}
