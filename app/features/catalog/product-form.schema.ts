import { z } from "zod";
import { productCategories } from "~/db/schema/enums";
import { parseRupeesToPaise } from "~/lib/money";
import { productMessages } from "./catalog.messages";

const m = productMessages;

/** The fields whose absence gives "All fields are required!". */
export const requiredProductFields = [
  "model",
  "category",
  "capacityAh",
  "voltageV",
  "warrantyMonths",
  "price",
  "stock",
] as const;

const wholeNumber = (message: string, min: number) =>
  z
    .string()
    .trim()
    .min(1, message)
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message));

/** ₹1 crore: far above any battery, and well inside the integer price columns (2^31 paise). */
/** The largest product photo accepted (checked in the browser, then again on the server). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const MAX_PRICE_PAISE = 1_000_000_000;

const rupees = (requiredMessage: string) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage)
    .transform((value, ctx) => {
      const paise = parseRupeesToPaise(value);
      if (paise === null || paise <= 0) {
        ctx.addIssue({ code: "custom", message: m.priceFormat });
        return z.NEVER;
      }
      if (paise > MAX_PRICE_PAISE) {
        ctx.addIssue({ code: "custom", message: m.priceTooHigh });
        return z.NEVER;
      }
      return paise;
    });

/** The admin product form (add and edit). Prices are typed in rupees and stored as paise. */
export const productFormSchema = z
  .object({
    model: z
      .string()
      .trim()
      .min(1, m.modelRequired)
      .max(40, m.modelFormat)
      .regex(/^[A-Za-z0-9][A-Za-z0-9 .-]*$/, m.modelFormat),
    category: z.enum(productCategories, { error: m.categoryRequired }),
    capacityAh: wholeNumber(m.capacityRequired, 1),
    voltageV: wholeNumber(m.voltageRequired, 1),
    warrantyMonths: wholeNumber(m.warrantyRequired, 1),
    price: rupees(m.priceRequired),
    mrp: z.preprocess((v) => (v === "" ? undefined : v), rupees(m.priceFormat).optional()),
    stock: wholeNumber(m.stockRequired, 0),
    description: z.string().trim().max(2000, m.descriptionTooLong).default(""),
    /** Edit only: whether the product shows in the catalogue. */
    active: z.preprocess(
      (v) => (v === undefined ? undefined : v === "on" || v === "true"),
      z.boolean().optional(),
    ),
  })
  .refine((v) => v.mrp === undefined || v.mrp >= v.price, {
    path: ["mrp"],
    message: m.mrpBelowPrice,
  });
export type ProductFormInput = z.infer<typeof productFormSchema>;

/** True when any required field was left empty (the spec's single form-level message). */
export function missingRequiredField(values: Record<string, string>): boolean {
  return requiredProductFields.some((field) => !values[field]?.trim());
}

export const adminProductListSchema = z.object({
  q: z.string().trim().max(60).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
