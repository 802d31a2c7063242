import type { Db } from "~/db/client.server";
import type { BookingIssue } from "~/db/schema/enums";
import { formatClock } from "~/features/outlets/hours";
import { getSettings } from "~/features/settings/settings.server";
import { translatorFor } from "~/lib/i18n/catalogue.server";
import type { Locale } from "~/lib/i18n/locales";
import type { Translate } from "~/lib/i18n/translate";
import { formatDay } from "~/lib/india-time";
import { composeMail, mailClock, mailLink } from "~/lib/mail-layout.server";
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
> & { locale: Locale };

type T = Translate["t"];

function opening(t: T, status: MailedBooking["status"], reference: string): string {
  switch (status) {
    case "requested":
      return t(
        "Thank you for booking a service. Your booking {reference} is requested: the centre will confirm it.",
        { reference },
      );
    case "confirmed":
      return t("Your booking {reference} is confirmed. We look forward to seeing you.", {
        reference,
      });
    case "completed":
      return t("Your service {reference} is complete. Thank you for visiting us.", { reference });
    case "cancelled":
      return t("Your booking {reference} is cancelled. You are welcome to book another time.", {
        reference,
      });
  }
}

/** The e-mail of a booking's new status: requested (on booking), confirmed, completed or
 * cancelled, in the language the booking was made in. */
export function bookingMail(booking: MailedBooking, brand: string, publicUrl: string): Mail {
  const { locale } = booking;
  const { t } = translatorFor(locale, "mail");
  const status = t(bookingStatusLabels[booking.status]);
  return composeMail(locale, {
    to: booking.email,
    subject: t("{brand} service booking {reference}: {status}", {
      brand,
      reference: booking.reference,
      status,
    }),
    lines: [
      t("Hello {name},", { name: booking.name }),
      "",
      opening(t, booking.status, booking.reference),
      "",
      t("When: {day}, {time}", {
        day: formatDay(booking.date, locale),
        time: locale === "en" ? formatClock(booking.time) : mailClock(booking.time, locale),
      }),
      t("Where: {centre}, {address}, {city} (phone {phone})", {
        centre: booking.centreName,
        address: booking.centreAddress,
        city: booking.centreCity,
        phone: booking.centrePhone,
      }),
      t("Vehicle: {vehicle}", { vehicle: booking.vehicleModel }),
      ...(booking.issue
        ? [
            t("Issue: {issue}", {
              issue: t(bookingIssueLabels[booking.issue as BookingIssue] ?? booking.issue),
            }),
          ]
        : []),
      t("Status: {status}", { status }),
      ...(booking.userId
        ? [
            "",
            t("Your bookings: {link}", { link: mailLink(publicUrl, locale, "/account#bookings") }),
          ]
        : []),
    ],
  });
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
