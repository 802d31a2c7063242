import { z } from "zod";
import { indianStates } from "~/features/places/indian-states";
import { lineField } from "~/lib/text.schema";
import { gstMessages as m } from "./gst.messages";
import { gstinProblem, normaliseGstin } from "./gstin";

/** A GSTIN as typed (spaces and lower case allowed), checked by shape, state and check character. */
export const gstinSchema = z
  .string()
  .transform(normaliseGstin)
  .superRefine((gstin, ctx) => {
    const problem = gstinProblem(gstin);
    if (problem === null) return;
    const message =
      problem === "shape" ? m.gstinShape : problem === "state" ? m.gstinState : m.gstinCheck;
    ctx.addIssue({ code: "custom", message });
  });

/** A business's legal name, as on its GST registration. */
export const legalNameSchema = lineField().min(2, m.legalName).max(100, m.legalName);

/** A state or union territory, as `indianStates` names it. */
export const stateSchema = z.enum(indianStates, { error: m.chooseState });

/** An optional field: empty (or missing) is null. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (typed) => (typeof typed === "string" && typed.trim() === "" ? null : typed),
    schema.nullish().transform((value) => value ?? null),
  );

/**
 * The checkout's tax fields: the delivery State (empty: the pincode's, which the server looks
 * up), and for a business its GSTIN with its legal name (both, or neither).
 */
export const buyerTaxShape = {
  state: optional(stateSchema),
  buyerGstin: optional(gstinSchema),
  buyerLegalName: optional(legalNameSchema),
};

/** Both or neither: a GSTIN needs its legal name, and the other way round. */
export function refineBusinessBuyer(
  v: { buyerGstin: string | null; buyerLegalName: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.buyerGstin !== null && v.buyerLegalName === null) {
    ctx.addIssue({ code: "custom", path: ["buyerLegalName"], message: m.legalName });
  } else if (v.buyerGstin === null && v.buyerLegalName !== null) {
    ctx.addIssue({ code: "custom", path: ["buyerGstin"], message: m.legalNameWithoutGstin });
  }
}
