import { formatDays } from "~/features/outlets/hours";
import { BOOKING_DAYS_AHEAD } from "./bookings.options";

/** Every text of service booking in one place. */
export const bookingMessages = {
  name: "Enter your name",
  phone: "Enter a valid phone number",
  vehicleModel: "Enter your vehicle's make and model",
  date: "Choose a day",
  time: "Choose a time",
  slotFull: "That time is fully booked, please choose another",
  dateOutOfRange: `Choose a day from today to ${BOOKING_DAYS_AHEAD} days ahead`,
  closedThatDay: (openDays: readonly number[]) =>
    `The centre is closed that day; it is open ${formatDays(openDays)}`,
  timeOutsideHours: "Choose one of the centre's time slots",
  timePassed: "That time has passed, please choose a later one",
  centreNotFound: "That service centre is not taking bookings",
  bookingNotFound: "Booking not found",
  booked: (reference: string) => `Booking ${reference} requested`,
  cancelled: (reference: string) => `Booking ${reference} cancelled`,
  cannotCancel: "Only upcoming bookings that are not yet completed or cancelled can be cancelled",
  statusChanged: (reference: string, status: string) => `Booking ${reference} is now ${status}`,
  statusNotAllowed: (from: string, to: string) => `A booking that is ${from} cannot become ${to}`,
  failed: {
    confirm: "Could not confirm the booking",
    complete: "Could not complete the booking",
    cancel: "Could not cancel the booking",
  },
};
