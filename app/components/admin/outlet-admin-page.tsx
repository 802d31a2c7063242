import { MapPinPlus } from "lucide-react";
import { type ReactNode, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { DialogActions, RefreshLink } from "~/components/admin/admin-list";
import { CsvImportDialog } from "~/components/admin/csv-import-dialog";
import { AdminResourcePage, type Column } from "~/components/admin/resource-page";
import { UrlDialog } from "~/components/ui/dialog";
import { Field, FieldError, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { type OutletKind, outletCategories } from "~/db/schema/enums";
import { csvImportMessages } from "~/features/imports/csv-import.messages";
import type { ImportDialogState } from "~/features/imports/csv-import.schema";
import { formatHours } from "~/features/outlets/hours";
import { outletCategoryLabels, outletNouns, weekdays } from "~/features/outlets/outlet.options";
import { outletAdminMessages as m } from "~/features/outlets/outlet-admin.messages";
import type { AdminOutlet, AdminOutletList } from "~/features/outlets/outlet-admin.server";
import {
  allRequiredMissing,
  categoryField,
  DEFAULT_BOOKING_CAPACITY,
  dayField,
  type OutletListQuery,
  outletFormSchema,
} from "~/features/outlets/outlet-form.schema";
import { indianStates } from "~/features/places/indian-states";
import type { MapTiles } from "~/features/settings/public-store";
import type { FormResult } from "~/lib/forms";
import { formatLatLng } from "~/lib/geo";
import { OutletLocationField } from "./outlet-location-field";

/** The page's address of each kind (the spec's /admin/dealer and /admin/service). */
export const outletAdminHref: Record<OutletKind, string> = {
  dealer: "/admin/dealer",
  service_centre: "/admin/service",
};

/** What a new outlet starts with: open Monday to Saturday 9 to 7, serving every category. */
const newOutlet = {
  openDays: [1, 2, 3, 4, 5, 6],
  opensAt: "09:00",
  closesAt: "19:00",
  categories: [...outletCategories],
  bookingCapacity: DEFAULT_BOOKING_CAPACITY,
};

/** Only service centres take bookings, so only they have a booking capacity. */
const takesBookings = (kind: OutletKind) => kind === "service_centre";

/** The State select's choices: "Choose…" first, then India's states and union territories. */
const stateOptions = [
  { value: "", label: "Choose…" },
  ...indianStates.map((state) => ({ value: state, label: state })),
];

function OutletDialog({
  kind,
  outlet,
  actionData,
  closeHref,
  tiles,
}: {
  kind: OutletKind;
  outlet: AdminOutlet | null;
  actionData: FormResult | undefined;
  closeHref: string;
  tiles: MapTiles;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useValidatedForm(outletFormSchema, actionData, {
    check: (values): Record<string, string> =>
      allRequiredMissing(values) ? { "": m.allRequired } : {},
  });
  const busy = useNavigation().state === "submitting";
  const v = form.value;
  const e = form.errors;
  const noun = outletNouns[kind].one;
  const saved = outlet ?? newOutlet;
  // After a refused save the boxes show what was sent (an unticked box sends nothing).
  const sent = Object.keys(form.values).length > 0;
  const ticked = (name: string, wasSaved: boolean) =>
    sent ? form.values[name] === "on" : wasSaved;
  return (
    <UrlDialog
      title={outlet ? `Edit ${outlet.name}` : `Add ${noun.toLowerCase()}`}
      closeHref={closeHref}
    >
      <Form ref={formRef} method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
        <FormAlert message={form.formError} />
        <input type="hidden" name="intent" value={outlet ? "edit" : "add"} />
        {outlet ? <input type="hidden" name="outletId" value={outlet.id} /> : null}
        {outlet ? (
          <p className="text-sm text-slate-600">
            Id <span className="font-semibold text-slate-900">{outlet.id}</span> (given by the
            store)
          </p>
        ) : null}
        <Field
          label="Name"
          name="name"
          required
          maxLength={100}
          autoComplete="off"
          defaultValue={v("name", outlet?.name)}
          error={e.name}
        />
        <Field
          label="Address"
          name="address"
          required
          maxLength={300}
          autoComplete="off"
          defaultValue={v("address", outlet?.address)}
          error={e.address}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="City"
            name="city"
            required
            maxLength={60}
            autoComplete="off"
            defaultValue={v("city", outlet?.city)}
            error={e.city}
          />
          <SelectField
            label="State"
            name="state"
            required
            options={stateOptions}
            defaultValue={v("state", outlet?.state)}
            error={e.state}
          />
          <Field
            label="Pincode"
            name="pincode"
            required
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            defaultValue={v("pincode", outlet?.pincode)}
            error={e.pincode}
          />
        </div>
        <OutletLocationField
          form={formRef}
          tiles={tiles}
          defaultValue={v("location", outlet ? formatLatLng(outlet) : undefined)}
          error={e.location}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Phone"
            name="phone"
            type="tel"
            required
            autoComplete="off"
            defaultValue={v("phone", outlet?.phone)}
            error={e.phone}
          />
          <Field
            label="E-mail (optional)"
            name="email"
            type="email"
            autoComplete="off"
            defaultValue={v("email", outlet?.email)}
            error={e.email}
          />
        </div>
        <CheckboxFieldset
          legend="Open on"
          error={e.openDays}
          boxes={weekdays.map((w) => ({
            name: dayField(w.day),
            label: w.long,
            shown: w.short,
            checked: ticked(dayField(w.day), saved.openDays.includes(w.day)),
          }))}
        >
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <Field
              label="Opens at"
              name="opensAt"
              type="time"
              required
              defaultValue={v("opensAt", saved.opensAt)}
              error={e.opensAt}
            />
            <Field
              label="Closes at"
              name="closesAt"
              type="time"
              required
              defaultValue={v("closesAt", saved.closesAt)}
              error={e.closesAt}
            />
          </div>
        </CheckboxFieldset>
        <CheckboxFieldset
          legend="Batteries served"
          error={e.categories}
          boxes={outletCategories.map((c) => ({
            name: categoryField(c),
            label: outletCategoryLabels[c],
            checked: ticked(categoryField(c), saved.categories.includes(c)),
          }))}
        />
        {takesBookings(kind) ? (
          <Field
            label="Booking capacity"
            name="bookingCapacity"
            inputMode="numeric"
            required
            hint="Bookings one time slot takes, 1 to 50."
            defaultValue={v("bookingCapacity", saved.bookingCapacity)}
            error={e.bookingCapacity}
          />
        ) : null}
        {outlet ? (
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              name="active"
              value="on"
              defaultChecked={ticked("active", outlet.active)}
              className="size-4"
            />
            {/* After the checkbox on purpose: formValues keeps a name's first value, so this
                "false" is read only when the box is unticked (and so sends nothing). */}
            <input type="hidden" name="active" value="false" />
            Show on the public pages
          </label>
        ) : null}
        <DialogActions
          closeHref={closeHref}
          submitLabel={outlet ? "Save" : `Add ${noun.toLowerCase()}`}
          busy={busy}
        />
      </Form>
    </UrlDialog>
  );
}

/** A group of checkboxes (one name each) under a legend, its error under the boxes. */
function CheckboxFieldset({
  legend,
  error,
  boxes,
  children,
}: {
  legend: string;
  error?: string;
  /** `shown`: a shorter text on screen ("Mon"); screen readers hear `label` ("Monday"). */
  boxes: { name: string; label: string; shown?: string; checked: boolean }[];
  children?: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset
      className="rounded-xl border border-slate-200 p-4"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="px-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4">
        {boxes.map((box) => (
          <label key={box.name} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name={box.name}
              value="on"
              defaultChecked={box.checked}
              className="size-4"
            />
            {box.shown ? (
              <>
                <span aria-hidden="true">{box.shown}</span>
                <span className="sr-only">{box.label}</span>
              </>
            ) : (
              box.label
            )}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
      {children}
    </fieldset>
  );
}

function columnsFor(kind: OutletKind): Column<AdminOutlet>[] {
  const columns: Column<AdminOutlet>[] = [
    { header: "Id", className: "px-4 py-3 tabular-nums text-slate-700", cell: (o) => o.id },
    { header: "Name", className: "px-4 py-3 font-medium text-slate-900", cell: (o) => o.name },
    { header: "Address", priority: "secondary", cell: (o) => o.address },
    { header: "City", cell: (o) => o.city },
    { header: "Pincode", priority: "secondary", cell: (o) => o.pincode },
    {
      header: "Location",
      priority: "secondary",
      className: "px-4 py-3 whitespace-nowrap tabular-nums",
      cell: (o) => formatLatLng(o),
    },
    {
      header: "Phone",
      priority: "secondary",
      className: "px-4 py-3 whitespace-nowrap",
      cell: (o) => o.phone,
    },
    { header: "Hours", priority: "secondary", cell: (o) => formatHours(o) },
    {
      header: "Serves",
      priority: "secondary",
      cell: (o) => o.categories.map((c) => outletCategoryLabels[c]).join(", "),
    },
  ];
  if (takesBookings(kind)) {
    columns.push({ header: "Capacity", priority: "secondary", cell: (o) => o.bookingCapacity });
  }
  columns.push({
    header: "State",
    priority: "secondary",
    cell: (o) => (
      <span
        className={`rounded-full px-2.5 py-1 text-xs font-semibold ${o.active ? "bg-success-50 text-success-700" : "bg-slate-100 text-slate-700"}`}
      >
        {o.active ? "Active" : "Hidden"}
      </span>
    ),
  });
  return columns;
}

/** The dealers or the service centres of the back office: list, filter, add, edit, delete. */
export function OutletAdminPage({
  kind,
  list,
  query,
  editing,
  adding,
  closeHref,
  actionData,
  tiles,
  importing,
}: {
  kind: OutletKind;
  /** The CSV import dialog the address opens (`?import=`), if any. */
  importing: ImportDialogState;
  list: AdminOutletList;
  query: OutletListQuery;
  /** The outlet the edit dialog is for (null: none, or not found). */
  editing: AdminOutlet | null;
  adding: boolean;
  /** The list's address without the open dialog. */
  closeHref: string;
  actionData: FormResult | undefined;
  /** The location picker's map tiles (the store's settings). */
  tiles: MapTiles;
}) {
  const noun = outletNouns[kind];
  const filters = new URLSearchParams({
    ...(query.name ? { name: query.name } : {}),
    ...(query.city ? { city: query.city } : {}),
  }).toString();
  return (
    <AdminResourcePage
      title={noun.many}
      add={{ label: `Add ${noun.one.toLowerCase()}`, icon: MapPinPlus }}
      filters={
        <>
          <Field
            label="Search by name"
            name="name"
            type="search"
            defaultValue={query.name}
            className="min-w-48 flex-1"
          />
          <Field
            label="Search by city"
            name="city"
            type="search"
            defaultValue={query.city}
            className="min-w-40 flex-1"
          />
        </>
      }
      searchButton={{ label: "Filter", name: "filter", value: "1" }}
      searchExtra={<RefreshLink />}
      searchWarning={list.warning}
      filtered={Boolean(query.name || query.city)}
      baseHref={outletAdminHref[kind]}
      exportHref={`${outletAdminHref[kind]}/export${filters ? `?${filters}` : ""}`}
      importCsv
      list={list}
      noun={[noun.one.toLowerCase(), noun.many.toLowerCase()]}
      emptyText={
        query.name || query.city
          ? `No ${noun.many.toLowerCase()} match this name and city.`
          : `No ${noun.many.toLowerCase()} yet: add the first one.`
      }
      minWidth="72rem"
      columns={columnsFor(kind)}
      rowKey={(o) => o.id}
      rowName={(o) => `${o.name}, ${o.city}`}
      rowTestId="outlet-row"
      editKey={(o) => String(o.id)}
      deleteRow={(o) => ({
        question: `Delete ${o.name}, ${o.city}? This cannot be undone.`,
        hidden: { outletId: o.id },
      })}
      actionData={actionData}
      failureMessages={{ ...m.failed[kind], ...csvImportMessages.failed }}
      dialog={
        importing ? (
          <CsvImportDialog state={importing} actionData={actionData} closeHref={closeHref} />
        ) : adding || editing ? (
          <OutletDialog
            kind={kind}
            outlet={editing}
            actionData={actionData}
            closeHref={closeHref}
            tiles={tiles}
          />
        ) : null
      }
    />
  );
}
