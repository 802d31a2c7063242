import { z } from "zod";
import { outletCategories } from "~/db/schema/enums";
import { pincodeSchema } from "~/features/places/pincode.schema";
import { queryValues } from "~/lib/forms";
import { parseLatLng } from "~/lib/geo";

export const outletSorts = ["name", "distance"] as const;
export type OutletSort = (typeof outletSorts)[number];

/**
 * The public outlet search, read from the address (a GET form): never refused, anything odd
 * falls back to "not given", but for a malformed pincode, which `readOutletSearch` answers with
 * a field error. `near` is the visitor's shared position, "lat,lng".
 */
export const outletSearchSchema = z.object({
  pincode: z.string().trim().max(12).catch(""),
  city: z.string().trim().max(80).catch(""),
  category: z.enum(outletCategories).optional().catch(undefined),
  sort: z.enum(outletSorts).catch("name"),
  near: z
    .string()
    .optional()
    .transform((text) => (text ? (parseLatLng(text) ?? undefined) : undefined))
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type OutletSearch = z.output<typeof outletSearchSchema>;

/** The search as the URL says it: whether Search was pressed (its fields are in the URL), and
 * the pincode's error when one was typed that cannot be a pincode ("12ab", "38001"). */
export type OutletSearchQuery = OutletSearch & { searched: boolean; pincodeError?: string };

/** The search as the URL says it, plus whether Search was pressed and the pincode's error. */
export function readOutletSearch(url: URL): OutletSearchQuery {
  const typed = queryValues(url.searchParams);
  const query = outletSearchSchema.parse({
    pincode: typed.pincode,
    city: typed.city,
    category: typed.category || undefined,
    sort: typed.sort,
    near: typed.near,
    page: typed.page,
  });
  const pincode = query.pincode ? pincodeSchema.safeParse(query.pincode) : null;
  return {
    ...query,
    searched: url.searchParams.has("pincode") || url.searchParams.has("city"),
    ...(pincode?.success === false ? { pincodeError: pincode.error.issues[0]?.message } : {}),
  };
}
