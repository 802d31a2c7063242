import { CarFront } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { DialogActions } from "~/components/admin/admin-list";
import { CsvImportDialog } from "~/components/admin/csv-import-dialog";
import { AdminResourcePage, type Column } from "~/components/admin/resource-page";
import { UrlDialog } from "~/components/ui/dialog";
import { Field, FieldError, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { fuelTypes, type VehicleType, vehicleTypes } from "~/db/schema/enums";
import { vehicleMessages } from "~/features/finder/finder.messages";
import {
  deleteVehicle,
  getVehicle,
  listBatteryChoices,
  listVehicleNames,
  listVehicles,
  saveVehicle,
} from "~/features/finder/vehicle-admin.server";
import {
  formVehicleTypes,
  vehicleFormSchema,
  vehicleListSchema,
  vehicleTypeLabels,
} from "~/features/finder/vehicle-form.schema";
import { csvImportMessages } from "~/features/imports/csv-import.messages";
import { vehicleImporter } from "~/features/imports/vehicle-import.server";
import { loadAdminList } from "~/lib/admin-list.server";
import { NotFound } from "~/lib/errors";
import { formAction, notFoundIfInvalid } from "~/lib/form-action.server";
import { recordIdSchema } from "~/lib/record-id";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/catalog-vehicles";
import { csvImportIntents, importBodyLimit, loadImportDialog } from "./csv-import.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Vehicles · Admin") },
];

export function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, vehicleListSchema, ({ db, query, adding, editId, admin }) => {
    const dialogOpen = adding || editId !== null;
    return {
      list: listVehicles(db, query),
      importing: loadImportDialog(args.request, args.context, admin, vehicleImporter),
      editing: editId ? getVehicle(db, editId) : null,
      batteries: dialogOpen ? listBatteryChoices(db) : [],
      names: dialogOpen ? listVehicleNames(db) : { makes: [], models: [] },
    };
  });
}

/** The vehicle form's values, with every chosen alternative (a multi-select posts several). */
function vehicleInput(values: Record<string, string>, form: FormData) {
  const alternatives = form
    .getAll("alternatives")
    .filter((v): v is string => typeof v === "string" && v !== "");
  return { ...values, alternatives };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

const imports = csvImportIntents(() => vehicleImporter);

export const action = formAction({ guard: "admin", bodyLimit: importBodyLimit() }, (intent) => ({
  add: intent({
    schema: vehicleFormSchema,
    input: vehicleInput,
    async run({ data, actor, context }) {
      await saveVehicle(context.db, { ...data, id: null }, actor);
    },
    success: vehicleMessages.added,
  }),
  edit: intent({
    schema: vehicleFormSchema.and(z.object({ vehicleId: recordIdSchema })),
    input: vehicleInput,
    check(values) {
      if (!recordIdSchema.safeParse(values.vehicleId).success) {
        throw new NotFound(vehicleMessages.notFound);
      }
    },
    async run({ data, actor, context }) {
      await saveVehicle(context.db, { ...data, id: data.vehicleId }, actor);
    },
    success: vehicleMessages.updated,
  }),
  delete: intent({
    schema: z.object({ vehicleId: recordIdSchema }),
    invalid: notFoundIfInvalid(vehicleMessages.notFound),
    async run({ data, actor, context }) {
      await deleteVehicle(context.db, { id: data.vehicleId }, actor);
    },
    success: vehicleMessages.deleted,
  }),
  importPreview: intent(imports.importPreview),
  importConfirm: intent(imports.importConfirm),
}));

type LoaderData = Route.ComponentProps["loaderData"];

function VehicleDialog({
  vehicle,
  batteries,
  names,
  actionData,
  closeHref,
}: {
  vehicle: LoaderData["editing"];
  batteries: LoaderData["batteries"];
  names: LoaderData["names"];
  actionData: Route.ComponentProps["actionData"];
  closeHref: string;
}) {
  const form = useValidatedForm(vehicleFormSchema, actionData);
  const busy = useNavigation().state === "submitting";
  const v = form.value;
  const e = form.errors;
  const batteryOptions = batteries.map((b) => ({
    value: String(b.id),
    label: `${b.model} (${b.category}, ${b.capacityAh}Ah ${b.voltageV}V)`,
  }));
  const alternatives = vehicle?.productIds.slice(1).map(String) ?? [];
  return (
    <UrlDialog
      title={vehicle ? `Edit ${vehicle.make} ${vehicle.model}` : "Add vehicle"}
      closeHref={closeHref}
    >
      <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
        <FormAlert message={form.formError} />
        <input type="hidden" name="intent" value={vehicle ? "edit" : "add"} />
        {vehicle ? <input type="hidden" name="vehicleId" value={vehicle.id} /> : null}
        <SelectField
          label="Vehicle type"
          name="vehicleType"
          options={[
            { value: "", label: "Choose…" },
            ...formVehicleTypes.map((t) => ({ value: t, label: vehicleTypeLabels[t] })),
          ]}
          defaultValue={v("vehicleType", vehicle?.vehicleType)}
          error={e.vehicleType}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Make"
            name="make"
            required
            maxLength={40}
            defaultValue={v("make", vehicle?.make)}
            error={e.make}
            list="vehicle-makes"
            autoComplete="off"
          />
          <Field
            label="Model"
            name="model"
            required
            maxLength={60}
            defaultValue={v("model", vehicle?.model)}
            error={e.model}
            list="vehicle-models"
            autoComplete="off"
          />
          {/* Existing spellings as suggestions; the server also matches them case-insensitively. */}
          <datalist id="vehicle-makes">
            {names.makes.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <datalist id="vehicle-models">
            {names.models.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <Field
            label="Year"
            name="year"
            inputMode="numeric"
            required
            defaultValue={v("year", vehicle?.year)}
            error={e.year}
          />
          <SelectField
            label="Engine type"
            name="fuelType"
            options={[
              { value: "", label: "Choose…" },
              ...fuelTypes.map((f) => ({ value: f, label: f })),
            ]}
            defaultValue={v("fuelType", vehicle?.fuelType)}
            error={e.fuelType}
          />
        </div>
        <SelectField
          label="Recommended battery"
          name="recommendedProductId"
          options={[{ value: "", label: "Choose…" }, ...batteryOptions]}
          defaultValue={v("recommendedProductId", vehicle?.productIds[0])}
          error={e.recommendedProductId}
        />
        <div>
          <label htmlFor="vehicle-alternatives" className="field-label">
            Alternative batteries (optional)
          </label>
          <select
            id="vehicle-alternatives"
            name="alternatives"
            multiple
            size={6}
            defaultValue={alternatives}
            aria-describedby="vehicle-alternatives-hint"
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-1"
          >
            {batteryOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <p id="vehicle-alternatives-hint" className="mt-1 text-sm text-slate-600">
            Hold Ctrl (or ⌘) to choose several.
          </p>
          <FieldError message={e.alternatives} />
        </div>
        <DialogActions
          closeHref={closeHref}
          submitLabel={vehicle ? "Save" : "Add vehicle"}
          busy={busy}
        />
      </Form>
    </UrlDialog>
  );
}

type VehicleRow = LoaderData["list"]["rows"][number];

const vehicleColumns: Column<VehicleRow>[] = [
  {
    header: "Vehicle",
    className: "px-4 py-3 font-medium text-slate-900",
    cell: (row) => `${row.make} ${row.model}`,
  },
  {
    header: "Type",
    priority: "secondary",
    cell: (row) => vehicleTypeLabels[row.vehicleType as VehicleType],
  },
  { header: "Year", priority: "secondary", cell: (row) => row.year },
  { header: "Engine", priority: "secondary", cell: (row) => row.fuelType },
  {
    header: "Recommended battery",
    cell: (row) => row.recommended ?? <span className="text-danger-700">None</span>,
  },
  { header: "Alternatives", priority: "secondary", cell: (row) => row.alternatives },
];

const vehicleName = (row: VehicleRow) => `${row.make} ${row.model} ${row.year} ${row.fuelType}`;

export default function AdminVehicles({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, editing, adding, batteries, names, closeHref, importing } = loaderData;
  const filters = new URLSearchParams({
    ...(query.q ? { q: query.q } : {}),
    ...(query.type ? { type: query.type } : {}),
  }).toString();
  return (
    <AdminResourcePage
      title="Vehicles"
      add={{ label: "Add vehicle", icon: CarFront }}
      filters={
        <>
          <Field
            label="Search by make or model"
            name="q"
            type="search"
            defaultValue={query.q}
            className="min-w-56 flex-1"
          />
          <SelectField
            label="Type"
            name="type"
            options={[
              { value: "", label: "All types" },
              ...vehicleTypes.map((t) => ({ value: t, label: vehicleTypeLabels[t] })),
            ]}
            defaultValue={query.type ?? ""}
            className="w-44"
          />
        </>
      }
      filtered={Boolean(query.q || query.type)}
      baseHref="/admin/vehicle"
      exportHref={`/admin/vehicle/export${filters ? `?${filters}` : ""}`}
      importCsv
      list={list}
      noun={["vehicle", "vehicles"]}
      emptyText="No vehicles match."
      minWidth="48rem"
      columns={vehicleColumns}
      rowKey={(row) => row.id}
      rowName={vehicleName}
      rowTestId="vehicle-row"
      editKey={(row) => String(row.id)}
      deleteRow={(row) => ({
        question: `Delete ${vehicleName(row)}?`,
        hidden: { vehicleId: row.id },
      })}
      actionData={actionData}
      failureMessages={{ ...vehicleMessages.failed, ...csvImportMessages.failed }}
      dialog={
        importing ? (
          <CsvImportDialog state={importing} actionData={actionData} closeHref={closeHref} />
        ) : adding || editing ? (
          <VehicleDialog
            vehicle={editing}
            batteries={batteries}
            names={names}
            actionData={actionData}
            closeHref={closeHref}
          />
        ) : null
      }
    />
  );
}
