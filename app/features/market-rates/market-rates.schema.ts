import { z } from "zod";
import { isCalendarDay } from "~/lib/india-time";
import { marketRatesMessages as m } from "./market-rates.messages";

/** The tool's form: the day whose rates to ask for. */
export const marketRatesFormSchema = z.object({
  date: z
    .string({ error: m.dateInvalid })
    .trim()
    .refine((day) => isCalendarDay(day), m.dateInvalid),
});
