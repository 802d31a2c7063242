import { StatusBadge } from "~/components/order-parts";
import { ConfirmForm } from "~/components/ui/confirm-form";
import type { BookingStatus } from "~/db/schema/enums";
import { bookingIssueLabels, bookingStatusLabels } from "~/features/bookings/bookings.options";
import { formatClock } from "~/features/outlets/hours";
import { telHref } from "~/lib/format";
import { formatDay } from "~/lib/india-time";

const statusTone: Record<BookingStatus, string> = {
  requested: "bg-warning-50 text-warning-700",
  confirmed: "bg-brand-50 text-brand-800",
  completed: "bg-success-50 text-success-700",
  cancelled: "bg-slate-100 text-slate-700",
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <StatusBadge
      label={bookingStatusLabels[status]}
      tone={statusTone[status]}
      testId="booking-status"
    />
  );
}

/** When a booking is: "Wed, 25 Nov 2026 at 11:00 am". */
export function bookingWhen(booking: { date: string; time: string }): string {
  return `${formatDay(booking.date)} at ${formatClock(booking.time)}`;
}

type CustomerBooking = {
  id: number;
  reference: string;
  date: string;
  time: string;
  status: BookingStatus;
  vehicleModel: string;
  issue: string | null;
  centreName: string;
  centreAddress: string;
  centreCity: string;
  centrePhone: string;
  cancellable: boolean;
};

/** A signed-in customer's service bookings on /account, each upcoming one with Cancel. */
export function CustomerBookings({ bookings }: { bookings: CustomerBooking[] }) {
  return (
    <section
      id="bookings"
      aria-labelledby="bookings-title"
      className="mt-8 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="bookings-title" className="text-xl font-semibold text-slate-900">
        Service bookings
      </h2>
      {bookings.length === 0 ? (
        <p className="mt-2 text-slate-600">
          You have no service bookings.{" "}
          <a href="/service" className="font-medium text-brand-700 underline">
            Book a service
          </a>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {bookings.map((b) => (
            <li key={b.id} className="py-4 first:pt-0 last:pb-0" data-testid="customer-booking">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-slate-900">{bookingWhen(b)}</p>
                  <p className="text-sm text-slate-700">
                    {b.centreName}, {b.centreAddress}, {b.centreCity} ·{" "}
                    <a href={telHref(b.centrePhone)} className="underline">
                      {b.centrePhone}
                    </a>
                  </p>
                  <p className="text-sm text-slate-600">
                    {`Reference ${b.reference} · ${b.vehicleModel}`}
                    {b.issue
                      ? ` · ${bookingIssueLabels[b.issue as keyof typeof bookingIssueLabels]}`
                      : ""}
                  </p>
                </div>
                <BookingStatusBadge status={b.status} />
              </div>
              {b.cancellable ? (
                <ConfirmForm
                  question={`Cancel your booking on ${bookingWhen(b)}?`}
                  confirmLabel="Cancel booking"
                  cancelLabel="Keep booking"
                  danger
                  className="mt-3"
                >
                  <input type="hidden" name="intent" value="cancelBooking" />
                  <input type="hidden" name="bookingId" value={b.id} />
                  <button type="submit" className="btn-outline">
                    Cancel booking<span className="sr-only">{` ${b.reference}`}</span>
                  </button>
                </ConfirmForm>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
