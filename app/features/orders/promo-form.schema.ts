import { z } from "zod";
import { type PromoKind, promoKinds } from "~/db/schema/enums";
import { fieldsClean } from "~/lib/forms";
import { indiaDayOf, isCalendarDay } from "~/lib/india-time";
import { parseRupeesToPaise } from "~/lib/money";
import { searchField } from "~/lib/text.schema";
import { promoAdminMessages as m } from "./promo-admin.messages";

/** ₹1 crore: far above any discount or order, and well inside the integer columns. */
export const MAX_PROMO_PAISE = 1_000_000_000;
export const MAX_USAGE_LIMIT = 1_000_000;

/** India Standard Time: UTC+05:30 all year (no daylight saving). */
const IST_OFFSET = "+05:30";

/**
 * A day typed in an `<input type="date">` ("2026-11-22") as an instant in India's time: its
 * first millisecond ("start") or its last ("end"). Null for anything that is not a real day.
 */
export function indiaDay(value: string, edge: "start" | "end"): Date | null {
  // 2026-02-30 is not a day: the calendar must give back what was typed.
  if (!isCalendarDay(value)) return null;
  const year = Number(value.slice(0, 4));
  if (year < 2000 || year > 2100) return null;
  const time = edge === "start" ? "00:00:00.000" : "23:59:59.999";
  return new Date(`${value}T${time}${IST_OFFSET}`);
}

/** An instant as the day an `<input type="date">` shows for it, in India's time ("2026-11-22"). */
export function indiaDayInput(date: Date | string | null | undefined): string {
  return date ? indiaDayOf(new Date(date)) : "";
}

/**
 * The discount a kind and a typed amount stand for: a whole percentage from 1 to 100, or paise
 * from rupees ("500", "1,250.50"); null when the amount does not fit the kind.
 */
export function promoAmount(kind: PromoKind, typed: string): number | null {
  if (kind === "percent") {
    if (!/^\d{1,3}$/.test(typed)) return null;
    const percent = Number(typed);
    return percent >= 1 && percent <= 100 ? percent : null;
  }
  const paise = parseRupeesToPaise(typed);
  return paise !== null && paise > 0 && paise <= MAX_PROMO_PAISE ? paise : null;
}

/** Blank means not given: the optional fields are posted as "" when left empty. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** An optional day (blank: open on that side), as its first or last instant in India's time. */
const day = (edge: "start" | "end") =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .transform((value, ctx) => {
        const at = indiaDay(value, edge);
        if (!at) {
          ctx.addIssue({ code: "custom", message: m.dateFormat });
          return z.NEVER;
        }
        return at;
      })
      .optional()
      .transform((at) => at ?? null),
  );

/**
 * The admin's promo code form (add and edit), the same in the browser and on the server. The code
 * is saved upper-case; a percentage is a whole number, an amount off and the minimum subtotal
 * are typed in rupees and become paise; the days are India's (from 00:00 of the first to the end
 * of the last); a blank usage limit means no limit.
 */
export const promoFormSchema = z
  .object({
    code: z
      .string({ error: m.codeFormat })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{3,20}$/, m.codeFormat),
    kind: z.enum(promoKinds, { error: m.kindRequired }),
    amount: z.string({ error: m.amountRequired }).trim().min(1, m.amountRequired),
    minSubtotal: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .transform((value, ctx) => {
          const paise = parseRupeesToPaise(value);
          if (paise === null || paise > MAX_PROMO_PAISE) {
            ctx.addIssue({ code: "custom", message: m.minSubtotalFormat });
            return z.NEVER;
          }
          return paise;
        })
        .optional()
        .transform((paise) => paise ?? 0),
    ),
    startsOn: day("start"),
    endsOn: day("end"),
    usageLimit: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{1,7}$/, m.usageLimitFormat)
        .transform(Number)
        .pipe(z.number().int().min(1, m.usageLimitFormat).max(MAX_USAGE_LIMIT, m.usageLimitFormat))
        .optional()
        .transform((n) => n ?? null),
    ),
  })
  .superRefine(
    (v, ctx) => {
      if (promoAmount(v.kind, v.amount) === null) {
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: v.kind === "percent" ? m.amountPercent : m.amountRupees,
        });
      }
    },
    { when: fieldsClean("kind", "amount") },
  )
  .superRefine(
    (v, ctx) => {
      if (v.startsOn && v.endsOn && v.endsOn < v.startsOn) {
        ctx.addIssue({ code: "custom", path: ["endsOn"], message: m.endsBeforeStarts });
      }
    },
    { when: fieldsClean("startsOn", "endsOn") },
  )
  .transform((v) => ({
    code: v.code,
    kind: v.kind,
    // Checked just above: only a fitting amount reaches here.
    amount: promoAmount(v.kind, v.amount) ?? 0,
    minSubtotalPaise: v.minSubtotal,
    startsAt: v.startsOn,
    endsAt: v.endsOn,
    usageLimit: v.usageLimit,
  }));
export type PromoCodeInput = z.output<typeof promoFormSchema>;

/** Which codes the list shows. */
export const promoStatuses = ["active", "inactive"] as const;

/** The list's query (from the URL): a search by code, active/inactive/all, and the page. */
export const promoListSchema = z.object({
  q: searchField(40),
  status: z.enum(promoStatuses).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type PromoListQuery = z.infer<typeof promoListSchema>;
