import { z } from "zod";
import { gstr1Messages as m } from "./gstr1.messages";

/** GST began on 1 July 2017: no return is for an earlier month. */
export const FIRST_GST_MONTH = "2017-07";
/** The last month the page asks about (four-digit years, and a bound for typed nonsense). */
export const LAST_GST_MONTH = "2099-12";

/** A return's month as `<input type="month">` sends it: "2026-11". */
export const gstMonthSchema = z
  .string({ error: m.monthMissing })
  .trim()
  .min(1, m.monthMissing)
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, m.monthShape)
  .refine((month) => month >= FIRST_GST_MONTH && month <= LAST_GST_MONTH, m.monthRange);

/**
 * The sections of GSTR-1 the store's documents fill, each a CSV of the GST offline tool:
 * B2B invoices (Table 4A), B2C large (5), B2C small (7), credit notes to registered (9B CDNR) and
 * unregistered buyers (9B CDNUR), and the HSN summary (12), in its B2B and B2C tabs.
 */
export const gstr1Sections = [
  "b2b",
  "b2cl",
  "b2cs",
  "cdnr",
  "cdnur",
  "hsn-b2b",
  "hsn-b2c",
] as const;
export type Gstr1Section = (typeof gstr1Sections)[number];

/** The page's GET form: which month. */
export const gstr1MonthSchema = z.object({ month: gstMonthSchema });

/** A CSV download: the month and the section. */
export const gstr1ExportSchema = z.object({
  month: gstMonthSchema,
  section: z.enum(gstr1Sections, { error: m.sectionUnknown }),
});
