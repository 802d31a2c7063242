import { z } from "zod";
import type { ProductSpecs } from "~/db/schema/catalog";
import { productCategories } from "~/db/schema/enums";
import { HSN_PATTERN } from "~/features/gst/hsn";
import { CONTENT_LOCALES, type ContentTranslations } from "~/lib/i18n/localized";
import { isCalendarDay } from "~/lib/india-time";
import { parseRupeesToPaise } from "~/lib/money";
import { lineField, searchField } from "~/lib/text.schema";
import { productMessages } from "./catalog.messages";

const m = productMessages;

/**
 * The fields whose absence gives the form's alert: the spec's "All fields are required!", said
 * truly ("Fill in the required fields marked below."): the name and MRP are optional.
 */
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

/** The largest product photo accepted (checked in the browser, then again on the server). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * ₹10 lakh: above any battery sold in India (a large industrial bank costs a few lakh), and
 * the products table's own cap (products_price_cap_check); order totals are bigint (issue 20).
 */
export const MAX_PRICE_PAISE = 100_000_000;

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

/** An optional text field: blank means none (null). */
const optionalText = (max: number, message: string) =>
  lineField()
    .max(max, message)
    .optional()
    .transform((v) => v || null);

/** An optional whole number: blank means none (null). */
const optionalWhole = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, message)
      .transform(Number)
      .pipe(z.number().int().min(1, message).max(max, message))
      .optional()
      .transform((n) => n ?? null),
  );

/** A description in another language: blank means missing (English is shown). */
const translatedDescription = z
  .string()
  .trim()
  .max(2000, m.descriptionTooLong)
  .optional()
  .transform((v) => v || null);

/** A ticked checkbox sends "on"; an unticked one sends nothing. */
const checkbox = z.preprocess((v) => v === "on" || v === "true", z.boolean());

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
    /** After the free replacement: months of a pro-rata discount (blank: none). */
    proRataMonths: z
      .string()
      .optional()
      .transform((v) => v?.trim() || "0")
      .pipe(z.string().regex(/^\d{1,3}$/, m.proRataFormat))
      .transform(Number)
      .pipe(z.number().int().max(120, m.proRataFormat)),
    /** The first day the model could be bought (a warranty registered before it is refused);
     * not in the future, which the server checks on its own clock. */
    onSaleSince: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || isCalendarDay(v), m.onSaleSinceFormat),
    /** The HSN code its tax invoices print (ADR 033); blank: its category's. */
    hsnCode: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || HSN_PATTERN.test(v), m.hsnFormat),
    price: rupees(m.priceRequired),
    mrp: z.preprocess((v) => (v === "" ? undefined : v), rupees(m.priceFormat).optional()),
    stock: wholeNumber(m.stockRequired, 0),
    description: z.string().trim().max(2000, m.descriptionTooLong).default(""),
    /** Blank: the name is made from the data ("Car battery 35Ah, 3 years warranty"). */
    name: optionalText(80, m.nameTooLong),
    technology: optionalText(60, m.technologyTooLong),
    cca: optionalWhole(2000, m.ccaFormat),
    lengthMm: optionalWhole(5000, m.dimensionFormat),
    widthMm: optionalWhole(5000, m.dimensionFormat),
    heightMm: optionalWhole(5000, m.dimensionFormat),
    weightKg: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z
        .string()
        .trim()
        .regex(/^\d{1,3}(\.\d)?$/, m.weightFormat)
        .transform(Number)
        .pipe(z.number().positive(m.weightFormat))
        .optional()
        .transform((n) => n ?? null),
    ),
    terminalLayout: optionalText(40, m.terminalLayoutTooLong),
    // The name and description in Hindi and Gujarati (issue 26): optional, the English rules.
    name_hi: optionalText(80, m.nameTooLong),
    name_gu: optionalText(80, m.nameTooLong),
    description_hi: translatedDescription,
    description_gu: translatedDescription,
    featured: checkbox,
    installationIncluded: checkbox,
    /** Edit only: whether the product shows in the catalogue. */
    active: z.preprocess(
      (v) => (v === undefined ? undefined : v === "on" || v === "true"),
      z.boolean().optional(),
    ),
  })
  .refine((v) => v.mrp === undefined || v.mrp >= v.price, {
    path: ["mrp"],
    message: m.mrpBelowPrice,
  })
  .refine(
    (v) => {
      const given = [v.lengthMm, v.widthMm, v.heightMm].filter((n) => n !== null).length;
      return given === 0 || given === 3;
    },
    { path: ["lengthMm"], message: m.dimensionsIncomplete },
  );
export type ProductFormInput = z.infer<typeof productFormSchema>;

/** The form's specification fields as stored in `products.specs`. */
export function specsFromForm(input: ProductFormInput): ProductSpecs {
  const specs: ProductSpecs = {};
  if (input.technology) specs.technology = input.technology;
  if (input.cca) specs.cca = input.cca;
  if (input.lengthMm && input.widthMm && input.heightMm)
    specs.dimensionsMm = `${input.lengthMm} × ${input.widthMm} × ${input.heightMm}`;
  if (input.weightKg) specs.weightKg = input.weightKg;
  if (input.terminalLayout) specs.terminalLayout = input.terminalLayout;
  return specs;
}

/** The fields of a product that have Hindi and Gujarati text. */
export const TRANSLATED_PRODUCT_FIELDS = ["name", "description"] as const;
export type TranslatedProductField = (typeof TRANSLATED_PRODUCT_FIELDS)[number];

/** The form's field of a field's translation: ("name", "hi") -> "name_hi". */
export const translationFieldName = (field: TranslatedProductField, locale: string) =>
  `${field}_${locale}` as `${TranslatedProductField}_${(typeof CONTENT_LOCALES)[number]}`;

/** The form's translations as stored in `products.translations` (a blank one left out). */
export function translationsFromForm(
  input: ProductFormInput,
): ContentTranslations<TranslatedProductField> {
  const translations: ContentTranslations<TranslatedProductField> = {};
  for (const locale of CONTENT_LOCALES) {
    for (const field of TRANSLATED_PRODUCT_FIELDS) {
      const text = input[translationFieldName(field, locale)];
      if (text) translations[locale] = { ...translations[locale], [field]: text };
    }
  }
  return translations;
}

/** A stored translation back into its form field's value ("" when missing). */
export function translationToForm(
  translations: ContentTranslations<TranslatedProductField> | null | undefined,
  field: TranslatedProductField,
  locale: (typeof CONTENT_LOCALES)[number],
): string {
  return translations?.[locale]?.[field] ?? "";
}

/** "242 × 175 × 190" back into the form's three fields (blank when absent or not in that form). */
export function dimensionsToForm(dimensionsMm: string | undefined) {
  const parts = (dimensionsMm ?? "").split(/\s*[×x]\s*/i).map((p) => p.trim());
  const valid = parts.length === 3 && parts.every((p) => /^\d{1,5}$/.test(p));
  return {
    lengthMm: valid ? parts[0] : "",
    widthMm: valid ? parts[1] : "",
    heightMm: valid ? parts[2] : "",
  };
}

/** True when any required field was left empty (the spec's single form-level message). */
export function missingRequiredField(values: Record<string, string>): boolean {
  return requiredProductFields.some((field) => !values[field]?.trim());
}

export const adminProductListSchema = z.object({
  q: searchField(60),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
