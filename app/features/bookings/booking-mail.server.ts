import type { Db } from "~/db/client.server";
import { formatClock } from "~/features/outlets/hours";
import { getSettings } from "~/features/settings/settings.server";
import { formatDay } from "~/lib/india-time";
import { queueMail } from "~/lib/mail-outbox.server";
import type { Mail } from "~/lib/mailer.server";
import { bookingIssueLabels, bookingStatusLabels } from "./bookings.options";
import type { BookingView } from "./bookings.server";

type MailedBooking = Pick<
  BookingView,
  | "reference"
  | "name"
  | "email"
  | "userId"
  | "vehicleModel"
  | "issue"
  | "date"
  | "time"
  | "status"
  | "centreName"
  | "centreAddress"
  | "centreCity"
  | "centrePhone"
>;

const opening: Record<MailedBooking["status"], (ref: string) => string> = {
  requested: (ref) =>
    `Thank you for booking a service. Your booking ${ref} is requested: the centre will confirm it.`,
  confirmed: (ref) => `Your booking ${ref} is confirmed. We look forward to seeing you.`,
  completed: (ref) => `Your service ${ref} is complete. Thank you for visiting us.`,
  cancelled: (ref) => `Your booking ${ref} is cancelled. You are welcome to book another time.`,
};

/** The e-mail of a booking's new status: requested (on booking), confirmed, completed or cancelled. */
export function bookingMail(booking: MailedBooking, brand: string, publicUrl: string): Mail {
  const status = bookingStatusLabels[booking.status];
  return {
    to: booking.email,
    subject: `${brand} service booking ${booking.reference}: ${status}`,
    text: [
      `Hello ${booking.name},`,
      "",
      opening[booking.status](booking.reference),
      "",
      `When: ${formatDay(booking.date)}, ${formatClock(booking.time)}`,
      `Where: ${booking.centreName}, ${booking.centreAddress}, ${booking.centreCity} (phone ${booking.centrePhone})`,
      `Vehicle: ${booking.vehicleModel}`,
      ...(booking.issue
        ? [`Issue: ${bookingIssueLabels[booking.issue as keyof typeof bookingIssueLabels]}`]
        : []),
      `Status: ${status}`,
      ...(booking.userId
        ? ["", `Your bookings: ${new URL("/account#bookings", publicUrl).toString()}`]
        : []),
    ].join("\n"),
  };
}

/** Queues a booking's e-mail in the caller's transaction, with the change (ADR 026). */
export async function queueBookingMail(
  tx: Db,
  booking: MailedBooking,
  publicUrl: string,
): Promise<void> {
  const { brandName } = await getSettings(tx);
  await queueMail(tx, bookingMail(booking, brandName, publicUrl));
}
