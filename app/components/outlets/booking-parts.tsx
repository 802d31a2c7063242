import { Link } from "react-router";
import { StatusBadge } from "~/components/order-parts";
import { ConfirmForm } from "~/components/ui/confirm-form";
import type { BookingStatus } from "~/db/schema/enums";
import { bookingIssueLabels, bookingStatusLabels } from "~/features/bookings/bookings.options";
import { formatClock } from "~/features/outlets/hours";
import { telHref } from "~/lib/format";
import { type T, useT } from "~/lib/i18n/react";
import { formatDay } from "~/lib/india-time";

const statusTone: Record<BookingStatus, string> = {
  requested: "bg-warning-50 text-warning-700",
  confirmed: "bg-brand-50 text-brand-800",
  completed: "bg-success-50 text-success-700",
  cancelled: "bg-slate-100 text-slate-700",
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const t = useT("bookings");
  return (
    <StatusBadge
      label={t(bookingStatusLabels[status])}
      tone={statusTone[status]}
      testId="booking-status"
    />
  );
}

/** When a booking is: "Wed, 25 Nov 2026 at 11:00 am"; in the page's language with its
 * translator (catalogue "bookings"). */
export function bookingWhen(booking: { date: string; time: string }, t?: T): string {
  if (!t) return `${formatDay(booking.date)} at ${formatClock(booking.time)}`;
  return t("{day} at {time}", {
    day: formatDay(booking.date, t.locale),
    time: formatClock(booking.time, t.locale),
  });
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
  const t = useT("bookings");
  return (
    <section
      id="bookings"
      aria-labelledby="bookings-title"
      className="mt-8 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="bookings-title" className="text-xl font-semibold text-slate-900">
        {t("Service bookings")}
      </h2>
      {bookings.length === 0 ? (
        <p className="mt-2 text-slate-600">
          {t("You have no service bookings.")}{" "}
          <Link to="/service" className="font-medium text-brand-700 underline">
            {t("Book a service")}
          </Link>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {bookings.map((b) => (
            <li key={b.id} className="py-4 first:pt-0 last:pb-0" data-testid="customer-booking">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-slate-900">{bookingWhen(b, t)}</p>
                  <p className="text-sm text-slate-700">
                    {b.centreName}, {b.centreAddress}, {b.centreCity} ·{" "}
                    <a href={telHref(b.centrePhone)} className="underline">
                      {b.centrePhone}
                    </a>
                  </p>
                  <p className="text-sm text-slate-600">
                    {`${t("Reference {reference}", { reference: b.reference })} · ${b.vehicleModel}`}
                    {b.issue
                      ? ` · ${t(bookingIssueLabels[b.issue as keyof typeof bookingIssueLabels])}`
                      : ""}
                  </p>
                </div>
                <BookingStatusBadge status={b.status} />
              </div>
              {b.cancellable ? (
                <ConfirmForm
                  question={t("Cancel your booking on {when}?", { when: bookingWhen(b, t) })}
                  confirmLabel={t("Cancel booking")}
                  cancelLabel={t("Keep booking")}
                  danger
                  className="mt-3"
                >
                  <input type="hidden" name="intent" value="cancelBooking" />
                  <input type="hidden" name="bookingId" value={b.id} />
                  <button type="submit" className="btn-outline">
                    {t("Cancel booking")}
                    <span className="sr-only">{` ${b.reference}`}</span>
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
