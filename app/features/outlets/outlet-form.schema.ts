import { z } from "zod";
import { type OutletCategory, outletCategories } from "~/db/schema/enums";
import { isIndianState } from "~/features/places/indian-states";
import { phoneSchema } from "~/features/settings/settings.schema";
import { fieldsClean } from "~/lib/forms";
import { latLngFieldSchema } from "~/lib/geo";
import { PINCODE_PATTERN } from "~/lib/pincode";
import { lineField } from "~/lib/text.schema";
import { weekdays } from "./outlet.options";
import { outletAdminMessages as m } from "./outlet-admin.messages";

/** A service centre's slots take this many bookings unless the admin says otherwise. */
export const DEFAULT_BOOKING_CAPACITY = 2;

/** The checkbox of an opening day ("day1" Monday … "day7" Sunday). */
export const dayField = (day: number) => `day${day}`;
/** The checkbox of a category served ("serves-car"). */
export const categoryField = (category: OutletCategory) => `serves-${category}`;

/**
 * The typed fields whose absence, all at once, gives the form's alert: the spec's "All fields are
 * required!", said truly ("Fill in the required fields marked below."): some fields are optional.
 */
export const requiredOutletFields = [
  "name",
  "address",
  "city",
  "state",
  "pincode",
  "location",
  "phone",
] as const;

/** True when every required field was left empty (the spec's single form-level message). */
export function allRequiredMissing(values: Record<string, string | undefined>): boolean {
  return requiredOutletFields.every((field) => !values[field]?.trim());
}

const requiredText = (required: string, max: number) =>
  lineField({ error: required }).min(1, required).max(max, m.tooLong(max));

/** A ticked checkbox sends "on"; an unticked one sends nothing. */
const checkbox = z.preprocess((v) => v === "on" || v === "true", z.boolean());

const clock = z
  .string({ error: m.timeFormat })
  .trim()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, m.timeFormat);

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const checkboxes = <K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, checkbox])) as Record<K, typeof checkbox>;

const dayFields = weekdays.map((w) => dayField(w.day));
const categoryFields = outletCategories.map(categoryField);

/**
 * The admin's dealer and service centre form (add and edit), the same in the browser and on the
 * server. The state is one of India's states and union territories; the location is one
 * "latitude,longitude" field (picked on the map, or left blank for the pincode's point, which
 * `saveOutlet` looks up); the hours are the days open (one
 * checkbox a day) and the opening and closing times; the categories served are checkboxes. The
 * booking capacity is only on the service centre form (blank or absent: unchanged, or 2 for a
 * new one).
 */
export const outletFormSchema = z
  .object({
    name: requiredText(m.nameRequired, 100),
    address: requiredText(m.addressRequired, 300),
    city: requiredText(m.cityRequired, 60),
    state: z
      .string({ error: m.stateRequired })
      .trim()
      .min(1, m.stateRequired)
      .refine(isIndianState, m.stateFromList),
    pincode: z
      .string({ error: m.pincodeRequired })
      .trim()
      .min(1, m.pincodeRequired)
      .regex(PINCODE_PATTERN, m.pincodeFormat),
    /** Blank: the pincode's point from the pincode directory (the server fills it in). */
    location: z.preprocess(blankToUndefined, latLngFieldSchema.optional()),
    phone: z.string({ error: m.phoneRequired }).trim().min(1, m.phoneRequired).pipe(phoneSchema),
    email: z.preprocess(
      blankToUndefined,
      z
        .email({ error: m.emailFormat })
        .max(254, m.emailFormat)
        .optional()
        .transform((v) => v ?? null),
    ),
    ...checkboxes(dayFields),
    opensAt: clock,
    closesAt: clock,
    ...checkboxes(categoryFields),
    bookingCapacity: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{1,2}$/, m.capacityFormat)
        .transform(Number)
        .pipe(z.number().int().min(1, m.capacityFormat).max(50, m.capacityFormat))
        .optional(),
    ),
    /** Edit only: whether the public pages show it. */
    active: z.preprocess(
      (v) => (v === undefined ? undefined : v === "on" || v === "true"),
      z.boolean().optional(),
    ),
  })
  .superRefine(
    (v, ctx) => {
      const ticked = (name: string) => (v as unknown as Record<string, unknown>)[name] === true;
      if (!dayFields.some(ticked)) {
        ctx.addIssue({ code: "custom", path: ["openDays"], message: m.openDaysRequired });
      }
      if (!categoryFields.some(ticked)) {
        ctx.addIssue({ code: "custom", path: ["categories"], message: m.categoriesRequired });
      }
    },
    // Shown with the other fields' errors, not only once they are right.
    { when: () => true },
  )
  .superRefine(
    (v, ctx) => {
      // "HH:MM" compares as text.
      if (v.opensAt >= v.closesAt) {
        ctx.addIssue({ code: "custom", path: ["closesAt"], message: m.closesBeforeOpens });
      }
    },
    { when: fieldsClean("opensAt", "closesAt") },
  )
  .transform((v) => {
    const ticked = v as unknown as Record<string, boolean>;
    return {
      name: v.name,
      address: v.address,
      city: v.city,
      state: v.state,
      pincode: v.pincode,
      /** Null when left blank: the pincode's point (saveOutlet). */
      location: v.location ?? null,
      phone: v.phone,
      email: v.email,
      openDays: weekdays.map((w): number => w.day).filter((day) => ticked[dayField(day)]),
      opensAt: v.opensAt,
      closesAt: v.closesAt,
      categories: outletCategories.filter((c) => ticked[categoryField(c)]),
      bookingCapacity: v.bookingCapacity,
      active: v.active,
    };
  });
export type OutletFormInput = z.output<typeof outletFormSchema>;

/**
 * The list's query (from the URL): exact name and city (any case, spaces around ignored), whether
 * the Filter button sent it, and the page.
 */
export const outletListSchema = z.object({
  name: z.string().trim().max(100).catch(""),
  city: z.string().trim().max(60).catch(""),
  filter: z
    .literal("1")
    .optional()
    .catch(undefined)
    .transform((v) => v === "1"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type OutletListQuery = z.infer<typeof outletListSchema>;
