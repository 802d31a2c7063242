import { z } from "zod";
import { productCategories } from "~/db/schema/enums";
import { exchangeChoiceSchema } from "~/features/purchase/purchase.schema";
import { recordIdSchema } from "~/lib/record-id";
import { textField } from "~/lib/text.schema";
import { catalogMessages } from "./catalog.messages";
import { catalogSorts } from "./catalog.options";

/** A positive whole number from the query string, or undefined for anything else. */
const optionalPositiveInt = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number().int().positive().max(100_000).optional().catch(undefined),
);

/** The catalogue's URL query. Unknown or malformed values are dropped, never an error page. */
export const catalogQuerySchema = z.object({
  capacity: optionalPositiveInt,
  voltage: optionalPositiveInt,
  warranty: optionalPositiveInt,
  category: z
    .preprocess((v) => (v === "" ? undefined : v), z.enum(productCategories).optional())
    .catch(undefined),
  /** A search: a model ("drive 40", "UPS-1240"), a capacity ("150Ah") or a vehicle ("Swift"). */
  q: z
    .preprocess(
      (v) => (typeof v === "string" ? v.trim().replace(/\s+/g, " ").slice(0, 40) : undefined),
      z.string().optional(),
    )
    .transform((v) => v || undefined)
    .catch(undefined),
  sort: z.enum(catalogSorts).catch("featured"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  /** Present when the visitor pressed "Apply filter". */
  apply: z.preprocess((v) => v === "1" || v === "", z.boolean()).catch(false),
});
export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

/** Parses the catalogue query from URL search params. */
export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  const raw = Object.fromEntries(params);
  if (!params.has("apply")) delete raw.apply;
  return catalogQuerySchema.parse(raw);
}

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ error: catalogMessages.ratingRequired })
    .int(catalogMessages.ratingRequired)
    .min(1, catalogMessages.ratingRequired)
    .max(5, catalogMessages.ratingRequired),
  // Browsers send a textarea's line breaks as CRLF while counting them as one character:
  // textField counts them as one here too, so a review the box accepted is never refused.
  body: textField().max(2000, catalogMessages.reviewTooLong),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

export const addToCartSchema = z.object({
  productId: recordIdSchema,
  /** 1 to 4 (the spec's choices); absent means 1. Anything else is refused, never "corrected". */
  quantity: z.preprocess(
    (v) => (v === undefined || v === "" ? 1 : v),
    z.coerce.number().int().min(1).max(4),
  ),
  /** "1": the shopper returns their old battery for the exchange credit. */
  exchange: exchangeChoiceSchema,
});
