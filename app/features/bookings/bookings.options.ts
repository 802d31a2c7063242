import type { BookingIssue, BookingStatus } from "~/db/schema/enums";

/** The battery issues a customer may name, as the booking form lists them (the spec's three). */
export const bookingIssueLabels: Record<BookingIssue, string> = {
  not_charging: "Battery Not Charging",
  low_voltage: "Low Voltage",
  replacement: "Battery Replacement",
};

export const bookingStatusLabels: Record<BookingStatus, string> = {
  requested: "Requested",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** How far ahead a service can be booked, in days (today counts as day 0). */
export const BOOKING_DAYS_AHEAD = 60;
