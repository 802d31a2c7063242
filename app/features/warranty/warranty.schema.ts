import { z } from "zod";
import { claimOutcomes, claimProblems, claimStatuses } from "~/db/schema/enums";
import { emailSchema } from "~/features/accounts/accounts.schema";
import { isCalendarDay } from "~/lib/india-time";
import { normaliseMobile } from "~/lib/mobile";
import { parseRupeesToPaise } from "~/lib/money";
import { PINCODE_PATTERN } from "~/lib/pincode";
import { recordId } from "~/lib/record-id";
import { lineField, searchField, textField } from "~/lib/text.schema";
import { registrationStatuses } from "./claim-status";
import { warrantyMessages as m } from "./warranty.messages";

/** A serial as printed or typed ("ab-12 345") made comparable: upper case, no spaces or dashes. */
export function normaliseSerial(typed: string): string {
  return typed.replace(/[\s-]/g, "").toUpperCase();
}

/** A battery's serial number: 6-20 letters or digits once normalised. */
export const serialSchema = z
  .string()
  .transform(normaliseSerial)
  .pipe(z.string().regex(/^[A-Z0-9]{6,20}$/, m.serial));

export { normaliseMobile };

/** An Indian mobile number: ten digits starting 6-9, once normalised. */
export const warrantyMobileSchema = z
  .string()
  .transform(normaliseMobile)
  .pipe(z.string().regex(/^[6-9]\d{9}$/, m.mobile));

export const warrantyPincodeSchema = z.string().trim().regex(PINCODE_PATTERN, m.pincode);

/**
 * "Register Your Battery". The rules that need the catalogue or the clock (the model exists, the
 * purchase date is not in the future nor before the model was on sale, the warranty has not
 * ended) are the server's, in warranty.server.ts.
 */
export const registrationFormSchema = z.object({
  serial: serialSchema,
  productId: recordId(m.product),
  firstName: lineField().min(1, m.firstName).max(50, m.firstName),
  lastName: lineField().min(1, m.lastName).max(50, m.lastName),
  pincode: warrantyPincodeSchema,
  purchaseDate: z.string().trim().refine(isCalendarDay, m.purchaseDate),
  mobile: warrantyMobileSchema,
  email: z
    .string()
    .trim()
    .max(254, m.email)
    .refine((typed) => typed === "" || z.email().safeParse(typed).success, m.email)
    .transform((typed) => (typed === "" ? null : typed.toLowerCase()))
    .optional()
    .transform((email) => email ?? null),
  consent: z
    .literal("on")
    .optional()
    .transform((on) => on === "on"),
});
export type RegistrationForm = z.output<typeof registrationFormSchema>;

/** "View Registered Battery": both must match one registration. */
export const lookupFormSchema = z.object({
  serial: serialSchema,
  mobile: warrantyMobileSchema,
});
export type LookupForm = z.output<typeof lookupFormSchema>;

/** Raising a claim: what is wrong, where it is inspected, optionally when, and where news goes. */
export const claimFormSchema = z
  .object({
    problem: z.enum(claimProblems, { error: m.problem }),
    details: textField()
      .max(500, m.details)
      .transform((typed) => typed || null)
      .optional()
      .transform((typed) => typed ?? null),
    centreId: recordId(m.centre),
    /** The inspection slot: both or neither. */
    date: z
      .string()
      .trim()
      .optional()
      .transform((typed) => typed || null),
    time: z
      .string()
      .trim()
      .optional()
      .transform((typed) => typed || null),
    email: emailSchema,
  })
  .superRefine((claim, ctx) => {
    if (claim.problem === "other" && !claim.details) {
      ctx.addIssue({ code: "custom", path: ["details"], message: m.detailsNeeded });
    }
    if (claim.time && !(claim.date && isCalendarDay(claim.date))) {
      ctx.addIssue({ code: "custom", path: ["time"], message: "Choose the day of the slot" });
    }
    if (claim.time && !/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(claim.time)) {
      ctx.addIssue({ code: "custom", path: ["time"], message: "Choose one of the slots" });
    }
  });
export type ClaimForm = z.output<typeof claimFormSchema>;

const noteSchema = textField()
  .max(500, m.note)
  .optional()
  .transform((typed) => typed || null);

/** Staff move a claim: to which status, with a note for the owner, and what approval gives. */
export const claimMoveSchema = z
  .object({
    claimId: recordId(m.claimNotFound),
    to: z.enum(claimStatuses, { error: m.moveTo }),
    note: noteSchema,
    outcome: z
      .union([z.literal(""), z.enum(claimOutcomes)])
      .optional()
      .transform((typed) => typed || null),
    discount: z
      .string()
      .trim()
      .optional()
      .transform((typed) => typed || null),
    rejectReason: textField()
      .max(500, m.note)
      .optional()
      .transform((typed) => typed || null),
  })
  .transform((move, ctx) => {
    let discountPaise: number | null = null;
    if (move.to === "approved") {
      if (!move.outcome) ctx.addIssue({ code: "custom", path: ["outcome"], message: m.outcome });
      if (move.outcome === "pro_rata") {
        const paise = move.discount === null ? null : parseRupeesToPaise(move.discount);
        if (paise === null || paise <= 0) {
          ctx.addIssue({ code: "custom", path: ["discount"], message: m.discount });
        } else discountPaise = paise;
      }
    }
    if (move.to === "rejected" && !move.rejectReason) {
      ctx.addIssue({ code: "custom", path: ["rejectReason"], message: m.rejectReason });
    }
    return {
      claimId: move.claimId,
      to: move.to,
      note: move.note,
      outcome: move.to === "approved" ? move.outcome : null,
      discountPaise,
      rejectReason: move.to === "rejected" ? move.rejectReason : null,
    };
  });
export type ClaimMove = z.output<typeof claimMoveSchema>;

/** The admin's warranty list, read from the address: a bad value is dropped, never an error. */
export const warrantyListSchema = z.object({
  q: searchField(100)
    .transform((typed) => typed || undefined)
    .optional(),
  status: z.enum(registrationStatuses).optional().catch(undefined),
  product: recordId().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type WarrantyListQuery = z.output<typeof warrantyListSchema>;

/** A serial's field on the admin order page: `serial-<orderItemId>-<unit>` (serialFieldName). */
export const SERIAL_FIELD_PATTERN = /^serial-\d{1,10}-\d{1,3}$/;

/** The serial fields of a posted order form, as typed; the form's other fields left out. */
export function serialFieldsOf(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => SERIAL_FIELD_PATTERN.test(name)),
  );
}

/**
 * "Batteries fitted" of a delivered order: a serial per field, or blank for a battery whose
 * serial is not known yet; at least one. Read through `serialFieldsOf`.
 */
export const orderSerialsSchema = z
  .record(
    z.string().regex(SERIAL_FIELD_PATTERN),
    z
      .string()
      .transform(normaliseSerial)
      .refine((serial) => serial === "" || /^[A-Z0-9]{6,20}$/.test(serial), m.serial),
  )
  .refine((serials) => Object.values(serials).some((serial) => serial !== ""), m.serialsNone);
export type OrderSerials = z.output<typeof orderSerialsSchema>;
