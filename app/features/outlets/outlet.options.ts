import type { OutletCategory, OutletKind } from "~/db/schema/enums";

/** The categories an outlet can serve, as the filters and forms name them. */
export const outletCategoryLabels: Record<OutletCategory, string> = {
  car: "Car",
  bike: "Bike",
  inverter: "Inverter",
};

/** What one outlet of a kind is called in headings, buttons and toasts. */
export const outletNouns: Record<OutletKind, { one: string; many: string }> = {
  dealer: { one: "Dealer", many: "Dealers" },
  service_centre: { one: "Service centre", many: "Service centres" },
};

/** ISO days of the week (1 Monday … 7 Sunday), short and long. */
export const weekdays = [
  { day: 1, short: "Mon", long: "Monday" },
  { day: 2, short: "Tue", long: "Tuesday" },
  { day: 3, short: "Wed", long: "Wednesday" },
  { day: 4, short: "Thu", long: "Thursday" },
  { day: 5, short: "Fri", long: "Friday" },
  { day: 6, short: "Sat", long: "Saturday" },
  { day: 7, short: "Sun", long: "Sunday" },
] as const;
