/**
 * The old site's documents (its spec, section 3) as the import reads them: one zod schema per
 * collection, turning the old text formats ("₹4,500", "40Ah", "12V", "1 Years",
 * "23.06,72.52", "Mar 5, 2025") into the store's numbers. docs/importing.md describes them.
 */
import { z } from "zod";
import {
  type FuelType,
  fuelTypes,
  type ProductCategory,
  productCategories,
} from "~/db/schema/enums";
import { parseRupeesToPaise } from "~/lib/money";
import { PINCODE_PATTERN } from "~/lib/pincode";
import { legacyMessages as m } from "./legacy.messages";

/** The collections of the old site's document database, in the order they are imported. */
export const legacyCollections = [
  "battery",
  "batterytest",
  "car",
  "Dealers",
  "Services",
  "user",
  "order",
] as const;
export type LegacyCollection = (typeof legacyCollections)[number];

// ---------------------------------------------------------------------------------------------
// The text formats. Each parser returns null for text it does not recognise.

/** Digits grouped the Indian way ("1,23,456"), the Western way ("123,456") or not at all. */
const GROUPED_DIGITS = /^(\d+|\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})*,\d{3})(\.\d{1,2})?$/;

/**
 * A rupee amount as the old site wrote it ("₹4,500", "Rs. 4500", "4,500.50", or a number of
 * rupees) in paise. Stricter than the old site, which stripped every non-digit: "₹4,5OO" and
 * "45.00.00" are not amounts (and "4,500.50" is not 450050 rupees).
 */
export function parseLegacyPaise(value: string | number): number | null {
  if (typeof value === "number") {
    const paise = Math.round(value * 100);
    return Number.isFinite(value) && value >= 0 && Math.abs(paise - value * 100) < 1e-6
      ? paise
      : null;
  }
  const amount = value
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, "")
    .trim();
  return GROUPED_DIGITS.test(amount) ? parseRupeesToPaise(amount) : null;
}

/** A number followed by its unit, any case and spacing: "40Ah", "40 ah", or a bare number. */
function withUnit(value: string | number, unit: RegExp): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? value : null;
  const match = new RegExp(`^(\\d+(?:\\.\\d+)?)\\s*(?:${unit.source})?$`, "i").exec(value.trim());
  const number = match ? Number(match[1]) : Number.NaN;
  return number > 0 ? number : null;
}

/** "40Ah" -> 40 (ampere-hours). "7.2Ah" -> 7.2, which the store refuses (whole Ah only). */
export function parseCapacityAh(value: string | number): number | null {
  return withUnit(value, /ah/);
}

/** "12V" -> 12 (volts). */
export function parseVoltageV(value: string | number): number | null {
  const volts = withUnit(value, /v|volts?/);
  return volts !== null && Number.isInteger(volts) ? volts : null;
}

/** "1 Years" / "2 years" / "1 Year" -> 12 / 24 / 12; "18 Months" -> 18 (months). */
export function parseWarrantyMonths(value: string | number): number | null {
  if (typeof value !== "string") return null; // a bare number: years or months? Not guessed.
  const match = /^(\d{1,3})\s*(years?|yrs?|months?|mths?)$/i.exec(value.trim());
  if (!match) return null;
  const count = Number(match[1]);
  const months = (match[2] ?? "").toLowerCase().startsWith("y") ? count * 12 : count;
  return months <= 240 ? months : null;
}

/** "23.06,72.52" (latitude,longitude) -> the point, in range. */
export function parseLocation(value: string): { lat: number; lng: number } | null {
  const match = /^(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An order's date as the old site wrote it (short month, day, year, US English):
 * "Mar 5, 2025" -> "2025-03-05". */
export function parseUsShortDate(value: string): string | null {
  const match = /^([A-Za-z]{3})\.?\s+(\d{1,2}),\s*(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = MONTHS.findIndex((name) => name.toLowerCase() === match[1]?.toLowerCase()) + 1;
  const day = Number(match[2]);
  const year = Number(match[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month === 0 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A cart or order quantity: the old dropdown's 1 to 4 (a number or its text). */
export function parseQuantity(value: unknown): number | null {
  const number = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) && number >= 1 && number <= 4
    ? number
    : null;
}

/**
 * The store's category of an old battery, which had none (the old site sold car, bike and
 * industrial batteries without saying which was which): more than 12 V is industrial, up to
 * 20 Ah a bike's, 100 Ah or more an inverter's, the rest a car's. A `category` field, when an
 * export has one, wins. The admin can change it afterwards.
 */
export function categoryOf(capacityAh: number, voltageV: number): ProductCategory {
  if (voltageV > 12) return "industrial";
  if (capacityAh <= 20) return "bike";
  if (capacityAh >= 100) return "inverter";
  return "car";
}

// ---------------------------------------------------------------------------------------------
// Fields.

const absent = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A field in one of the old text formats: "missing" when absent, `"x" is not <what>` else. */
function formatted<T>(parse: (value: string | number) => T | null, what: string) {
  // optional() first: a missing key still reaches the transform, which calls it missing.
  return z
    .unknown()
    .optional()
    .transform((value, ctx): T => {
      if (absent(value)) {
        ctx.addIssue({ code: "custom", message: m.missing });
        return z.NEVER;
      }
      const parsed =
        typeof value === "string" || typeof value === "number" ? parse(value) : (null as T | null);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message: m.notA(value, what) });
        return z.NEVER;
      }
      return parsed;
    });
}

/** A required text field (a number is taken as its digits). */
const requiredText = formatted((value) => String(value).trim() || null, "text");
/** An optional text field: absent or blank is undefined. */
const optionalText = z
  .unknown()
  .transform((value) =>
    absent(value) || (typeof value !== "string" && typeof value !== "number")
      ? undefined
      : String(value).trim(),
  )
  .optional();

const price = formatted(parseLegacyPaise, "an amount")
  .refine((paise) => paise > 0, m.priceZero)
  .refine((paise) => paise <= 100_000_000, m.priceCap);

const pincode = formatted((value) => {
  const text = String(value).trim();
  return PINCODE_PATTERN.test(text) ? text : null;
}, "a 6-digit pincode");

// ---------------------------------------------------------------------------------------------
// Documents.

/** `battery` and `batterytest` (the old site's new products, by mistake): one product each. */
export const legacyBatterySchema = z.object({
  model: requiredText,
  capacity: formatted(parseCapacityAh, "a capacity (like 40Ah)").refine(
    Number.isInteger,
    m.capacityWhole,
  ),
  voltage: formatted(parseVoltageV, "a voltage (like 12V)"),
  warranty: formatted(parseWarrantyMonths, "a warranty (like 1 Years or 18 Months)"),
  price,
  imageUrl: optionalText,
  category: z
    .unknown()
    .optional()
    .transform((value, ctx): ProductCategory | undefined => {
      if (absent(value)) return undefined;
      const category = String(value).trim().toLowerCase();
      if ((productCategories as readonly string[]).includes(category)) {
        return category as ProductCategory;
      }
      ctx.addIssue({ code: "custom", message: m.notA(value, "a category") });
      return z.NEVER;
    }),
});
export type LegacyBattery = z.infer<typeof legacyBatterySchema>;

/** `car`: a vehicle of the finder and the battery that fits it. */
export const legacyCarSchema = z.object({
  make: requiredText,
  model: requiredText,
  year: formatted((value) => {
    const year = Number(String(value).trim());
    return Number.isInteger(year) && year >= 1980 && year <= 2100 ? year : null;
  }, "a year from 1980 to 2100"),
  type: formatted(
    (value) =>
      fuelTypes.find((fuel) => fuel.toLowerCase() === String(value).trim().toLowerCase()) ?? null,
    `an engine type (${fuelTypes.join(", ")})`,
  ) as z.ZodType<FuelType>,
  battery_model: requiredText,
});
export type LegacyCar = z.infer<typeof legacyCarSchema>;

/** `Dealers` and `Services`: an outlet. The old numeric `id` is the database's now. */
export const legacyOutletSchema = z.object({
  name: requiredText,
  address: requiredText,
  city: requiredText,
  pincode,
  /** Optional: blank places the outlet at its pincode's point, as the admin form does. */
  location: z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (absent(value)) return null;
      const point = typeof value === "string" ? parseLocation(value) : null;
      if (!point) {
        ctx.addIssue({ code: "custom", message: m.notA(value, "a location (latitude,longitude)") });
        return z.NEVER;
      }
      return point;
    }),
  /** Not in the old documents; when absent, the pincode's state from India Post's directory. */
  state: optionalText,
});
export type LegacyOutlet = z.infer<typeof legacyOutletSchema>;

/** The fields of a user document that are not cart lines. */
const USER_FIELDS = new Set(["email", "displayName", "cart"]);

/**
 * `user`: the document keyed by the e-mail (given as `email`), the display name from the old
 * identity service (`displayName`), the placeholder `cart` field registration wrote, and one
 * field per battery in the cart: its model mapped to the quantity.
 */
export const legacyUserSchema = z
  .object({
    email: z
      .unknown()
      .transform((value) => (typeof value === "string" ? value.trim().toLowerCase() : value))
      .pipe(
        z.email({
          error: (issue) =>
            absent(issue.input) ? m.missing : m.notA(issue.input, "an e-mail address"),
        }),
      ),
    displayName: optionalText,
  })
  .catchall(z.unknown())
  .transform(({ email, displayName, ...fields }) => ({
    email,
    displayName,
    cart: Object.entries(fields)
      .filter(([key]) => !USER_FIELDS.has(key))
      .map(([model, quantity]) => ({ model: model.trim(), quantity })),
  }));
export type LegacyUser = z.infer<typeof legacyUserSchema>;

/**
 * `order`: the spec's id (five digits), name (the buyer's display name), client-side total and
 * date, plus `items`, the batteries ordered (model -> quantity, the cart's shape), which an
 * export must add: the old documents did not keep them.
 */
export const legacyOrderSchema = z.object({
  id: formatted((value) => {
    const id = Number(String(value).trim());
    return /^\d{5}$/.test(String(value).trim()) && id >= 10000 ? id : null;
  }, "a five-digit order id"),
  name: requiredText,
  total: formatted(parseLegacyPaise, "an amount"),
  date: formatted((value) => parseUsShortDate(String(value)), "a date (like Mar 5, 2025)"),
  items: z
    .record(z.string(), formatted(parseQuantity, "a quantity from 1 to 4"), { error: m.noItems })
    .refine((items) => Object.keys(items).length > 0, m.noItems),
});
export type LegacyOrder = z.infer<typeof legacyOrderSchema>;

/** The export: an object of collections, each a list of documents. */
export const legacyExportSchema = z.record(z.string(), z.unknown(), { error: m.notAnExport });
