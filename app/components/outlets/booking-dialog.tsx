import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import { UrlDialog } from "~/components/ui/dialog";
import { Field, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { type BookingDraft, bookingFormSchema } from "~/features/bookings/booking.schema";
import { bookingIssueLabels } from "~/features/bookings/bookings.options";
import type { BookingSlots } from "~/features/bookings/bookings.server";
import { formatClock, formatHours } from "~/features/outlets/hours";
import type { FormResult } from "~/lib/forms";
import { type T, useT } from "~/lib/i18n/react";
import { formatDay } from "~/lib/india-time";

/** What Book Now answers once the booking is stored (the action's data reply). */
export type BookedResult = {
  reference: string;
  centreName: string;
  date: string;
  time: string;
  email: string;
  signedIn: boolean;
};

const issueOptions = (t: T) => [
  { value: "", label: t("Choose (optional)") },
  ...Object.entries(bookingIssueLabels).map(([value, label]) => ({ value, label: t(label) })),
];

type Slot = BookingSlots["slots"][number];

/** What a slot offers: the places left, or why it cannot be taken (null: nothing to say); in
 * the page's language with its translator (catalogue "bookings"), else in English. */
export function slotNote(slot: Slot, t?: T): string | null {
  if (slot.passed) return t ? t("passed") : "passed";
  if (slot.left === 0) return t ? t("fully booked") : "fully booked";
  if (slot.left === null) return null;
  if (t) {
    return t("{count, plural, one {# place left} other {# places left}}", { count: slot.left });
  }
  return `${slot.left} ${slot.left === 1 ? "place" : "places"} left`;
}

function slotLabel(slot: Slot, t: T): string {
  const note = slotNote(slot, t);
  const time = formatClock(slot.time, t.locale);
  return note ? `${time} (${note})` : time;
}

function Booked({ booked, closeHref }: { booked: BookedResult; closeHref: string }) {
  const t = useT("bookings");
  return (
    <div className="space-y-4" data-testid="booking-confirmation">
      <p className="flex items-center gap-2 text-lg font-semibold text-emerald-800">
        <SpriteIcon name="circle-check" className="size-6" /> {t("Booking requested")}
      </p>
      <p className="text-slate-700">
        {t.rich(
          "Your reference is <0>{reference}</0>. {centre} expects you on {day} at {time} and will confirm the booking.",
          {
            0: (reference) => (
              <strong className="font-mono text-slate-900" data-testid="booking-reference">
                {reference}
              </strong>
            ),
          },
          {
            reference: booked.reference,
            centre: booked.centreName,
            day: formatDay(booked.date, t.locale),
            time: formatClock(booked.time, t.locale),
          },
        )}
      </p>
      <p className="text-sm text-slate-600">
        {t("We have e-mailed the details to {email}.", { email: booked.email })}
      </p>
      <div className="flex flex-wrap gap-2">
        {booked.signedIn ? (
          <Link to="/account#bookings" className="btn-primary">
            {t("See your bookings")}
          </Link>
        ) : null}
        <Link to={closeHref} className="btn-outline">
          {t("Done")}
        </Link>
      </div>
    </div>
  );
}

/**
 * Without JavaScript: reloads the dialog for the day typed (a GET of this page with the form's
 * values, ?book=<id>&date=<day>&name=…), the search behind the dialog kept.
 */
function ShowTimes({ centreId, closeHref }: { centreId: number; closeHref: string }) {
  const t = useT("bookings");
  const search = new URLSearchParams(closeHref.split("?")[1] ?? "");
  return (
    <>
      {[...search].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        formMethod="get"
        name="book"
        value={centreId}
        className="btn-outline mt-2 w-full"
      >
        <SpriteIcon name="clock" className="size-4" /> {t("Show times")}
      </button>
    </>
  );
}

/**
 * 'Book a Service Appointment' for one service centre (?book=<id>): the spec's fields, the days
 * it can be booked and its slots for the chosen day (?date=<day>) with the places left. Picking
 * another day reloads the slots: with JavaScript at once; without it "Show times" does, a GET of
 * the page that brings the typed values back in the address (the loader's `prefill`). A day
 * that cannot be booked says why next to the date.
 */
export function BookingDialog({
  booking,
  prefill,
  actionData,
  closeHref,
}: {
  booking: BookingSlots;
  /** Starting values: the signed-in customer's name and e-mail, what "Show times" kept. */
  prefill: BookingDraft;
  actionData: FormResult | undefined;
  closeHref: string;
}) {
  const form = useValidatedForm(bookingFormSchema, actionData);
  const t = useT("bookings");
  const busy = useNavigation().state === "submitting";
  const navigate = useNavigate();
  const location = useLocation();
  const { centre, window } = booking;
  const v = form.value;
  const e = form.errors;
  const booked =
    actionData?.ok && actionData.intent === "book" ? (actionData.result as BookedResult) : null;
  const chosenDay = v("date", booking.date ?? "");
  const bookable = (slot: Slot) => booking.open && !slot.passed && slot.left !== 0;
  // The day's own problem belongs next to it while the field still shows that day.
  const dateError =
    e.date ??
    (chosenDay === (booking.date ?? "") && booking.dateError ? t.text(booking.dateError) : null);
  const hydrated = useHydrated();
  // A time kept from before "Show times", where the day shown still has a place at it.
  const keptTime = booking.slots.some((slot) => slot.time === prefill.time && bookable(slot))
    ? prefill.time
    : undefined;
  return (
    <UrlDialog title={t("Book a Service Appointment")} closeHref={closeHref}>
      {booked ? (
        <Booked booked={booked} closeHref={closeHref} />
      ) : (
        <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
          <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            <p className="font-semibold text-slate-900">{centre.name}</p>
            <p>
              {centre.address}, {centre.city} {centre.pincode}
            </p>
            <p>{formatHours(centre, t)}</p>
          </div>
          <FormAlert message={form.formError} />
          <input type="hidden" name="intent" value="book" />
          <input type="hidden" name="centreId" value={centre.id} />
          <Field
            label={t("Your Name")}
            name="name"
            required
            autoComplete="name"
            maxLength={80}
            defaultValue={v("name", prefill.name)}
            error={e.name}
          />
          <Field
            label={t("Your Email")}
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={v("email", prefill.email)}
            error={e.email}
          />
          <Field
            label={t("Phone")}
            name="phone"
            type="tel"
            required
            autoComplete="tel"
            defaultValue={v("phone", prefill.phone)}
            error={e.phone}
          />
          <Field
            label={t("Vehicle Model")}
            name="vehicleModel"
            required
            maxLength={80}
            hint={t("Make and model, such as Maruti Swift or Honda Activa")}
            defaultValue={v("vehicleModel", prefill.vehicleModel)}
            error={e.vehicleModel}
          />
          <SelectField
            label={t("Battery issue")}
            name="issue"
            options={issueOptions(t)}
            defaultValue={v("issue", prefill.issue)}
            error={e.issue}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <Field
                label={t("Date")}
                name="date"
                type="date"
                required
                min={window.today}
                max={window.lastDay}
                defaultValue={chosenDay}
                error={dateError ?? undefined}
                onChange={(event) => {
                  const day = event.currentTarget.value;
                  if (!day) return;
                  const params = new URLSearchParams(location.search);
                  params.set("date", day);
                  navigate(`?${params}`, { replace: true, preventScrollReset: true });
                }}
              />
              {hydrated ? null : <ShowTimes centreId={centre.id} closeHref={closeHref} />}
            </div>
            <SelectField
              key={booking.date ?? "none"}
              label={t("Time")}
              name="time"
              options={[
                { value: "", label: t("Choose a time") },
                ...booking.slots.map((slot) => ({
                  value: slot.time,
                  label: slotLabel(slot, t),
                  disabled: !bookable(slot),
                })),
              ]}
              defaultValue={v("time", keptTime)}
              hint={
                booking.date && booking.open
                  ? t("Times on {day}", { day: formatDay(booking.date, t.locale) })
                  : undefined
              }
              error={e.time}
            />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            <SpriteIcon name="calendar-days" className="size-4" />
            {busy ? t("Booking…") : t("Book Now")}
          </button>
        </Form>
      )}
    </UrlDialog>
  );
}
