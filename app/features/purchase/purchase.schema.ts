import { z } from "zod";
import { productCategories } from "~/db/schema/enums";
import { parseRupeesToPaise } from "~/lib/money";
import { PINCODE_PATTERN } from "~/lib/pincode";
import { searchField } from "~/lib/text.schema";
import { purchaseAdminMessages as a, purchaseMessages as m } from "./purchase.messages";

/** An Indian pincode (lib/pincode.ts), as the product page's delivery check and checkout ask it. */
export const pincodeSchema = z.string().trim().regex(PINCODE_PATTERN, m.pincodeFormat);

/** The product page's delivery check (`?pincode=`): a bad value is shown as a field error. */
export const deliveryCheckSchema = z.object({ pincode: pincodeSchema });

/** Whether a cart line takes the old-battery exchange ("1") or not ("0", absent). */
export const exchangeChoiceSchema = z
  .enum(["0", "1"])
  .optional()
  .transform((v) => v === "1");

const wholeAh = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message));

/** The admin's exchange price: a category, a capacity band and the credit in rupees. */
export const exchangeRateFormSchema = z
  .object({
    category: z.enum(productCategories, { error: a.categoryRequired }),
    minCapacityAh: wholeAh(a.minCapacity),
    maxCapacityAh: wholeAh(a.maxCapacity),
    credit: z
      .string()
      .trim()
      .transform((value, ctx) => {
        const paise = parseRupeesToPaise(value);
        if (paise === null || paise <= 0 || paise > 10_000_000) {
          ctx.addIssue({ code: "custom", message: a.creditFormat });
          return z.NEVER;
        }
        return paise;
      }),
  })
  .refine((v) => v.maxCapacityAh >= v.minCapacityAh, {
    path: ["maxCapacityAh"],
    message: a.maxBelowMin,
  });
export type ExchangeRateInput = z.infer<typeof exchangeRateFormSchema>;

/** The admin's delivery area: a pincode or its first digits, the city and the days. */
export const deliveryAreaFormSchema = z.object({
  prefix: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{2,5}$/, a.prefixFormat),
  city: z.string().trim().min(1, a.cityRequired).max(60, a.cityRequired),
  days: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, a.daysFormat)
    .transform(Number)
    .pipe(z.number().int().min(1, a.daysFormat).max(30, a.daysFormat)),
});
export type DeliveryAreaInput = z.infer<typeof deliveryAreaFormSchema>;

export const purchaseAdminListSchema = z.object({
  category: z.enum(productCategories).optional().catch(undefined),
  q: searchField(60),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
