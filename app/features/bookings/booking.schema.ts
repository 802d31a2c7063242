import { z } from "zod";
import { bookingIssues } from "~/db/schema/enums";
import { emailSchema } from "~/features/accounts/accounts.schema";
import { phoneSchema } from "~/features/settings/settings.schema";
import { isCalendarDay } from "~/lib/india-time";
import { recordIdSchema } from "~/lib/record-id";
import { lineField } from "~/lib/text.schema";
import { bookingMessages as m } from "./bookings.messages";

/**
 * 'Book a Service Appointment', checked by the browser before sending and by the action. The
 * rules that need the centre or the clock (open days, slots, capacity, the 60-day window) are
 * the server's, in bookings.server.ts.
 */
export const bookingFormSchema = z.object({
  name: lineField().min(2, m.name).max(80, m.name),
  email: emailSchema,
  phone: phoneSchema,
  vehicleModel: lineField().min(2, m.vehicleModel).max(80, m.vehicleModel),
  // The spec's optional select: "" is no issue named.
  issue: z
    .union([z.literal(""), z.enum(bookingIssues)])
    .optional()
    .transform((issue) => issue || null),
  date: z.string().refine(isCalendarDay, m.date),
  time: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, m.time),
});
export type BookingForm = z.output<typeof bookingFormSchema>;

/** The fields a visitor fills in that the dialog keeps when "Show times" reloads it without
 * JavaScript (a GET of the page: the form's values come back in the address). The time is kept
 * only where the new day still offers it (booking-dialog.tsx). */
const draftFields = ["name", "email", "phone", "vehicleModel", "issue", "time"] as const;
export type BookingDraft = Partial<Record<(typeof draftFields)[number], string>>;

/** Every name the booking form sends, so the address behind the dialog can drop them. */
export const bookingFormNames = ["intent", "centreId", ...Object.keys(bookingFormSchema.shape)];

/** The typed values a "Show times" reload brought back in the address (as typed, cut short). */
export function readBookingDraft(params: URLSearchParams): BookingDraft {
  const draft: BookingDraft = {};
  for (const field of draftFields) {
    const value = params.get(field);
    if (value !== null) draft[field] = value.slice(0, 200);
  }
  return draft;
}

/** The admin's booking list filters, read from the address: a malformed or out-of-range value
 * (a centre id past the database's integer) is dropped, never a query that fails. */
export const bookingListSchema = z.object({
  centre: recordIdSchema.optional().catch(undefined),
  date: z.string().refine(isCalendarDay).optional().catch(undefined),
  status: z.enum(["requested", "confirmed", "completed", "cancelled"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
