import { fill } from "~/lib/i18n/translate";
import { formatDay } from "~/lib/india-time";
import { BOOKING_DAYS_AHEAD, bookingIssueLabels, bookingStatusLabels } from "./bookings.options";

/** Every text of service booking in one place. */
export const bookingMessages = {
  name: "Enter your name",
  phone: "Enter a valid phone number",
  vehicleModel: "Enter your vehicle's make and model",
  date: "Choose a day",
  time: "Choose a time",
  slotFull: "That time is fully booked, please choose another",
  dateOutOfRange: `Choose a day from today to ${BOOKING_DAYS_AHEAD} days ahead`,
  /** `days`: the centre's open days in the page's language (formatDays). */
  closedThatDay: (days: string) =>
    fill("The centre is closed that day; it is open {days}", { days }),
  timeOutsideHours: "Choose one of the centre's time slots",
  timePassed: "That time has passed, please choose a later one",
  centreNotFound: "That service centre is not taking bookings",
  bookingNotFound: "Booking not found",
  booked: (reference: string) => fill("Booking {reference} requested", { reference }),
  cancelled: (reference: string) => fill("Booking {reference} cancelled", { reference }),
  cannotCancel: "Only upcoming bookings that are not yet completed or cancelled can be cancelled",
  statusChanged: (reference: string, status: string) => `Booking ${reference} is now ${status}`,
  statusNotAllowed: (from: string, to: string) => `A booking that is ${from} cannot become ${to}`,
  notBegun: (day: string, time: string) =>
    `This booking can be completed from its time, ${formatDay(day)} at ${time}`,
  failed: {
    confirm: "Could not confirm the booking",
    complete: "Could not complete the booking",
    cancel: "Could not cancel the booking",
  },
  /** The option labels, so the customer's pages can show them in the language. */
  issues: bookingIssueLabels,
  statuses: bookingStatusLabels,
};
