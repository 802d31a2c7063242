import { CalendarCheck, CheckCheck, XCircle } from "lucide-react";
import { Form } from "react-router";
import { z } from "zod";
import { RefreshLink, rowButtonClass } from "~/components/admin/admin-list";
import { AdminResourcePage, type Column } from "~/components/admin/resource-page";
import { BookingStatusBadge, bookingWhen } from "~/components/outlets/booking-parts";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { Field, SelectField } from "~/components/ui/field";
import { bookingStatuses } from "~/db/schema/enums";
import { bookingListSchema } from "~/features/bookings/booking.schema";
import { bookingMessages as m } from "~/features/bookings/bookings.messages";
import { bookingIssueLabels, bookingStatusLabels } from "~/features/bookings/bookings.options";
import {
  listBookings,
  listServiceCentreNames,
  setBookingStatus,
} from "~/features/bookings/bookings.server";
import { loadAdminList } from "~/lib/admin-list.server";
import { formAction, notFoundIfInvalid } from "~/lib/form-action.server";
import { recordIdSchema } from "~/lib/record-id";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Service bookings · Admin") },
];

export function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, bookingListSchema, ({ db, query }) => ({
    list: listBookings(db, query),
    centres: listServiceCentreNames(db),
  }));
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

const bookingIdSchema = z.object({ bookingId: recordIdSchema });

/** Confirm, complete or cancel: the status is stored, then the customer is e-mailed. */
export const action = formAction({ guard: "admin" }, (intent) => {
  const move = (status: "confirmed" | "completed" | "cancelled") =>
    intent({
      schema: bookingIdSchema,
      invalid: notFoundIfInvalid(m.bookingNotFound),
      async run({ data, actor, context }) {
        const booking = await setBookingStatus(context.db, { ...data, status }, actor, {
          publicUrl: context.publicUrl,
        });
        return {
          message: m.statusChanged(booking.reference, bookingStatusLabels[status].toLowerCase()),
        };
      },
    });
  return { confirm: move("confirmed"), complete: move("completed"), cancel: move("cancelled") };
});

type LoaderData = Route.ComponentProps["loaderData"];
type BookingRow = LoaderData["list"]["rows"][number];

const columns: Column<BookingRow>[] = [
  {
    header: "When",
    className: "px-4 py-3 font-medium text-slate-900",
    cell: (row) => (
      <>
        <span className="block">{bookingWhen(row)}</span>
        <span className="block font-mono text-sm text-slate-600">{row.reference}</span>
      </>
    ),
  },
  {
    header: "Centre",
    cell: (row) => (
      <>
        <span className="block">{row.centreName}</span>
        <span className="block text-sm text-slate-600">{row.centreCity}</span>
      </>
    ),
  },
  {
    header: "Customer",
    cell: (row) => (
      <>
        <span className="block">{row.name}</span>
        <a href={`mailto:${row.email}`} className="block text-sm text-brand-800 hover:underline">
          {row.email}
        </a>
        <span className="block text-sm text-slate-600">{row.phone}</span>
      </>
    ),
  },
  {
    header: "Vehicle",
    priority: "secondary",
    cell: (row) => (
      <>
        <span className="block">{row.vehicleModel}</span>
        {row.issue ? (
          <span className="block text-sm text-slate-600">
            {bookingIssueLabels[row.issue as keyof typeof bookingIssueLabels]}
          </span>
        ) : null}
      </>
    ),
  },
  { header: "Status", cell: (row) => <BookingStatusBadge status={row.status} /> },
];

const statusOptions = [
  { value: "", label: "All statuses" },
  ...bookingStatuses.map((status) => ({ value: status, label: bookingStatusLabels[status] })),
];

/** The buttons of the moves staff can make without asking: Confirm, then Complete. */
const plainMoves = [
  { status: "confirmed", intent: "confirm", label: "Confirm", Icon: CalendarCheck },
  { status: "completed", intent: "complete", label: "Complete", Icon: CheckCheck },
] as const;

/** The staff's moves of a row: Confirm and Complete at once, Cancel after asking. */
function RowMoves({ row }: { row: BookingRow }) {
  const hidden = <input type="hidden" name="bookingId" value={row.id} />;
  const which = <span className="sr-only">{` booking ${row.reference}`}</span>;
  return (
    <>
      {plainMoves
        .filter((move) => row.next.includes(move.status))
        .map(({ intent, label, Icon }) => (
          <Form method="post" key={intent}>
            {hidden}
            <button type="submit" name="intent" value={intent} className={rowButtonClass}>
              <Icon className="size-4" aria-hidden="true" />
              {label}
              {which}
            </button>
          </Form>
        ))}
      {row.next.includes("cancelled") ? (
        <ConfirmForm
          question={`Cancel booking ${row.reference} of ${row.name}? They will be e-mailed.`}
          confirmLabel="Cancel booking"
          cancelLabel="Keep booking"
          danger
        >
          {hidden}
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={rowButtonClass}>
            <XCircle className="size-4" aria-hidden="true" />
            Cancel
            {which}
          </button>
        </ConfirmForm>
      ) : null}
    </>
  );
}

export default function AdminBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, centres } = loaderData;
  const filtered = Boolean(query.centre || query.date || query.status);
  return (
    <AdminResourcePage
      title="Service bookings"
      filters={
        <>
          <SelectField
            label="Service centre"
            name="centre"
            options={[
              { value: "", label: "All centres" },
              ...centres.map((c) => ({ value: String(c.id), label: `${c.name}, ${c.city}` })),
            ]}
            defaultValue={query.centre ? String(query.centre) : ""}
            className="min-w-56 flex-1"
          />
          <Field
            label="Date"
            name="date"
            type="date"
            defaultValue={query.date ?? ""}
            className="w-44"
          />
          <SelectField
            label="Status"
            name="status"
            options={statusOptions}
            defaultValue={query.status ?? ""}
            className="w-44"
          />
        </>
      }
      searchExtra={<RefreshLink />}
      filtered={filtered}
      baseHref="/admin/bookings"
      list={list}
      noun={["booking", "bookings"]}
      emptyText={filtered ? "No bookings match these filters." : "No service bookings yet."}
      minWidth="52rem"
      columns={columns}
      rowKey={(row) => row.id}
      rowName={(row) => `booking ${row.reference}`}
      rowTestId="booking-row"
      rowActions={(row) => <RowMoves row={row} />}
      actionData={actionData}
      failureMessages={m.failed}
      dialog={null}
    />
  );
}
