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

const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** A day as the store writes it, in India's time: "Nov 22, 2026". */
export function formatDate(date: Date): string {
  return shortDate.format(date);
}

const shortDateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** A moment as the store writes it, in India's time: "Nov 22, 2026, 4:05 PM". */
export function formatDateTime(date: Date): string {
  return shortDateTime.format(date);
}

/** A phone number as a tel: link ("+91 98250 41122" -> "tel:+919825041122"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
