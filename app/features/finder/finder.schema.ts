import { z } from "zod";

const text = z
  .preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined),
    z.string().max(80).optional(),
  )
  .catch(undefined);

/** The finder's URL query: each level only counts when the levels before it are chosen. */
export const finderQuerySchema = z.object({
  type: z.enum(["car", "bike"]).catch("car"),
  make: text,
  model: text,
  year: z
    .preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce.number().int().min(1980).max(2100).optional(),
    )
    .catch(undefined),
  fuel: text,
  find: z.preprocess((v) => v !== undefined && v !== null, z.boolean()).catch(false),
});
export type FinderQuery = z.infer<typeof finderQuerySchema>;
