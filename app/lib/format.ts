/** Display forms of the catalogue's numeric attributes (see seed-spec preface, rule 5). */

export function formatCapacity(ah: number): string {
  return `${ah}Ah`;
}

export function formatVoltage(volts: number): string {
  return `${volts}V`;
}

/** 12 -> "1 year", 24 -> "2 years", 18 -> "18 months", 0 -> "No warranty". */
export function formatWarranty(months: number): string {
  if (months <= 0) return "No warranty";
  if (months % 12 === 0) {
    const years = months / 12;
    return `${years} ${years === 1 ? "year" : "years"}`;
  }
  return `${months} ${months === 1 ? "month" : "months"}`;
}
