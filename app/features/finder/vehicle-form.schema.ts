import { z } from "zod";
import { fuelTypes, vehicleTypes } from "~/db/schema/enums";
import { recordId } from "~/lib/record-id";
import { plainLine } from "~/lib/text";
import { searchField } from "~/lib/text.schema";
import { vehicleMessages } from "./finder.messages";

const m = vehicleMessages;

export const vehicleTypeLabels: Record<(typeof vehicleTypes)[number], string> = {
  car: "Car",
  bike: "Two-wheeler",
  commercial: "Commercial",
};

/**
 * The vehicle types the admin form offers: the ones the finder shows. `commercial` stays in the
 * table's list for rows made before, but is no longer offered (docs/architecture.md).
 */
export const formVehicleTypes = ["car", "bike"] as const;

/** Trims a name and collapses inner runs of spaces ('maruti  suzuki ' → 'maruti suzuki'),
 * invisible and control characters taken out (lib/text.ts). */
export function normaliseName(value: string): string {
  return plainLine(value);
}

/** The admin vehicle form; `alternatives` are the other batteries that fit, in order. */
export const vehicleFormSchema = z
  .object({
    vehicleType: z.enum(formVehicleTypes, { error: m.typeRequired }),
    make: z.string().transform(normaliseName).pipe(z.string().min(1, m.makeRequired).max(40)),
    model: z.string().transform(normaliseName).pipe(z.string().min(1, m.modelRequired).max(60)),
    year: z.coerce
      .number({ error: m.yearInvalid })
      .int(m.yearInvalid)
      .min(1980, m.yearInvalid)
      .refine((y) => y <= new Date().getFullYear() + 1, m.yearInvalid),
    fuelType: z.enum(fuelTypes, { error: m.fuelRequired }),
    recommendedProductId: recordId(m.batteryRequired),
    alternatives: z.preprocess(
      (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z.array(recordId(m.unknownBattery)).max(10),
    ),
  })
  .transform((v) => ({
    ...v,
    alternatives: [...new Set(v.alternatives)].filter((id) => id !== v.recommendedProductId),
  }));
export type VehicleFormInput = z.infer<typeof vehicleFormSchema>;

export const vehicleListSchema = z.object({
  q: searchField(60),
  type: z.enum(vehicleTypes).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
