import { CarFront, Pencil } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import {
  DeleteRowButton,
  DialogActions,
  ListSearch,
  ResultTable,
  Th,
} from "~/components/admin/admin-list";
import { UrlDialog } from "~/components/ui/dialog";
import { Field, FieldError, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Pagination } from "~/components/ui/pagination";
import { useFailureToast } from "~/components/ui/use-failure-toast";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { fuelTypes, vehicleTypes } from "~/db/schema/enums";
import {
  getVehicle,
  listBatteryChoices,
  listVehicles,
} from "~/features/finder/vehicle-admin.server";
import { handleVehicleAction } from "~/features/finder/vehicle-admin-actions.server";
import {
  vehicleFormSchema,
  vehicleListSchema,
  vehicleMessages,
  vehicleTypeLabels,
} from "~/features/finder/vehicle-form.schema";
import { requireAdmin } from "~/lib/guards.server";
import { queryWith, readListUrl } from "~/lib/url-dialogs";
import type { Route } from "./+types/catalog-vehicles";

export const meta: Route.MetaFunction = () => [{ title: "Vehicles · Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { values, adding, editId, closeHref } = readListUrl(request.url);
  const query = vehicleListSchema.parse(values);
  const editing = editId ? await getVehicle(context.db, editId) : null;
  const [list, batteries] = await Promise.all([
    listVehicles(context.db, query),
    adding || editing ? listBatteryChoices(context.db) : Promise.resolve([]),
  ]);
  return { query, list, editing, adding, batteries, closeHref };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  return handleVehicleAction(request, context, admin);
}

type LoaderData = Route.ComponentProps["loaderData"];

function VehicleDialog({
  vehicle,
  batteries,
  actionData,
  closeHref,
}: {
  vehicle: LoaderData["editing"];
  batteries: LoaderData["batteries"];
  actionData: Route.ComponentProps["actionData"];
  closeHref: string;
}) {
  const form = useValidatedForm(vehicleFormSchema, actionData);
  const busy = useNavigation().state === "submitting";
  const v = (name: string, fallback: string | number | undefined) =>
    form.values[name] ?? (fallback === undefined ? "" : String(fallback));
  const e = form.errors;
  const batteryOptions = batteries.map((b) => ({
    value: String(b.id),
    label: `${b.model} (${b.capacityAh}Ah ${b.voltageV}V)`,
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
            ...vehicleTypes.map((t) => ({ value: t, label: vehicleTypeLabels[t] })),
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
          />
          <Field
            label="Model"
            name="model"
            required
            maxLength={60}
            defaultValue={v("model", vehicle?.model)}
            error={e.model}
          />
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
          <label
            htmlFor="vehicle-alternatives"
            className="block text-sm font-medium text-slate-800"
          >
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

export default function AdminVehicles({ loaderData, actionData }: Route.ComponentProps) {
  useFailureToast(actionData, vehicleMessages);
  const { list, query, editing, adding, batteries, closeHref } = loaderData;
  const { search } = useLocation();
  const deleteError =
    actionData && !actionData.ok && actionData.values.intent === "delete"
      ? actionData.formError
      : undefined;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Vehicles</h1>
        <Link to={queryWith(search, "add", "1")} className="btn-primary" preventScrollReset>
          <CarFront className="size-4" aria-hidden="true" />
          Add vehicle
        </Link>
      </div>
      <ListSearch clearHref="/admin/vehicle" filtered={Boolean(query.q || query.type)}>
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
      </ListSearch>
      <div className="mt-4">
        <FormAlert message={deleteError} />
      </div>
      <ResultTable
        total={list.total}
        noun={["vehicle", "vehicles"]}
        emptyText="No vehicles match."
        minWidth="48rem"
        headers={
          <>
            <Th>Vehicle</Th>
            <Th>Type</Th>
            <Th>Year</Th>
            <Th>Engine</Th>
            <Th>Recommended battery</Th>
            <Th>Alternatives</Th>
            <Th right>Actions</Th>
          </>
        }
      >
        {list.rows.map((row) => {
          const name = `${row.make} ${row.model} ${row.year} ${row.fuelType}`;
          return (
            <tr key={row.id} data-testid="vehicle-row">
              <td className="px-4 py-3 font-medium text-slate-900">
                {row.make} {row.model}
              </td>
              <td className="px-4 py-3">
                {vehicleTypeLabels[row.vehicleType as keyof typeof vehicleTypeLabels] ??
                  row.vehicleType}
              </td>
              <td className="px-4 py-3">{row.year}</td>
              <td className="px-4 py-3">{row.fuelType}</td>
              <td className="px-4 py-3">
                {row.recommended ?? <span className="text-danger-700">None</span>}
              </td>
              <td className="px-4 py-3">{row.alternatives}</td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  <Link
                    to={queryWith(search, "edit", String(row.id))}
                    preventScrollReset
                    className="btn-outline min-h-10 px-3"
                    aria-label={`Edit ${name}`}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                  </Link>
                  <DeleteRowButton
                    label={`Delete ${name}`}
                    question={`Delete ${name}?`}
                    hidden={{ vehicleId: row.id }}
                  />
                </div>
              </td>
            </tr>
          );
        })}
      </ResultTable>
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(n) => queryWith(search, "page", String(n))}
      />
      {adding ? (
        <VehicleDialog
          vehicle={null}
          batteries={batteries}
          actionData={actionData}
          closeHref={closeHref}
        />
      ) : null}
      {editing ? (
        <VehicleDialog
          vehicle={editing}
          batteries={batteries}
          actionData={actionData}
          closeHref={closeHref}
        />
      ) : null}
    </div>
  );
}
