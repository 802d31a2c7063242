import { Link } from "react-router";
import { AdminResourcePage, type Column } from "~/components/admin/resource-page";
import { Field, SelectField } from "~/components/ui/field";
import { ClaimStatusBadge, RegistrationStatusBadge } from "~/components/warranty-parts";
import { registrationStatuses, registrationStatusLabels } from "~/features/warranty/claim-status";
import { type WarrantyListQuery, warrantyListSchema } from "~/features/warranty/warranty.schema";
import { listWarranties, listWarrantyModels } from "~/features/warranty/warranty.server";
import { loadAdminList } from "~/lib/admin-list.server";
import { formatDay } from "~/lib/india-time";
import { pageTitle } from "~/root";
import type { Route } from "./+types/warranties";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Warranties · Admin") },
];

export function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, warrantyListSchema, ({ db, query }) => ({
    list: listWarranties(db, query).then((page) => ({
      ...page,
      // What the table shows: the claims' timelines stay on the registration's own page.
      rows: page.rows.map((row) => {
        const open = row.claims.find((claim) => claim.open);
        return {
          id: row.id,
          serial: row.serial,
          model: row.model,
          name: `${row.firstName} ${row.lastName}`.trim(),
          mobile: row.mobile,
          orderNumber: row.orderNumber,
          purchaseDate: row.purchaseDate,
          warrantyUntil: row.warrantyUntil,
          daysLeft: row.daysLeft,
          status: row.status,
          openClaim: open ? { reference: open.reference, status: open.status } : null,
        };
      }),
    })),
    models: listWarrantyModels(db),
  }));
}

type WarrantyRow = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const columns: Column<WarrantyRow>[] = [
  {
    header: "Battery",
    className: "px-4 py-3 font-medium text-slate-900",
    cell: (row) => (
      <>
        <Link
          to={`/admin/warranties/${row.id}`}
          className="block font-mono whitespace-nowrap text-brand-800 underline-offset-2 hover:underline"
        >
          {row.serial}
        </Link>
        <span className="block text-sm font-normal text-slate-600">{row.model}</span>
        {/* A phone has no Owner column: the owner under the battery. */}
        <span className="block text-sm font-normal text-slate-600 sm:hidden">
          {row.name} · {row.mobile}
          {row.orderNumber ? ` · order #${row.orderNumber}` : ""}
        </span>
      </>
    ),
  },
  {
    header: "Owner",
    priority: "secondary",
    cell: (row) => (
      <>
        <span className="block">{row.name}</span>
        <span className="block text-sm text-slate-600">{row.mobile}</span>
        {row.orderNumber ? (
          <span className="block text-sm text-slate-600">from order #{row.orderNumber}</span>
        ) : null}
      </>
    ),
  },
  {
    header: "Purchased",
    priority: "secondary",
    cell: (row) => formatDay(row.purchaseDate),
  },
  {
    header: "Warranty ends",
    priority: "secondary",
    cell: (row) => (
      <>
        <span className="block">{formatDay(row.warrantyUntil)}</span>
        <span className="block text-sm text-slate-600">
          {row.status === "replaced"
            ? "Replaced"
            : row.daysLeft === 1
              ? "1 day left"
              : `${row.daysLeft} days left`}
        </span>
      </>
    ),
  },
  {
    header: "Status",
    cell: (row) => (
      <div className="flex flex-col items-start gap-1">
        <RegistrationStatusBadge status={row.status} />
        {row.openClaim ? (
          <span className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
            <span className="font-mono">{row.openClaim.reference}</span>
            <ClaimStatusBadge status={row.openClaim.status} />
          </span>
        ) : null}
      </div>
    ),
  },
];

const statusOptions = [
  { value: "", label: "All statuses" },
  ...registrationStatuses.map((status) => ({
    value: status,
    label: registrationStatusLabels[status],
  })),
];

/** The list's filters as an address's query (the export takes the same). */
function warrantyFilterQuery(query: WarrantyListQuery): string {
  return new URLSearchParams(
    Object.entries({
      q: query.q ?? "",
      status: query.status ?? "",
      product: query.product ? String(query.product) : "",
    }).filter(([, value]) => value),
  ).toString();
}

export default function AdminWarranties({ loaderData }: Route.ComponentProps) {
  const { list, query, models } = loaderData;
  const filtered = Boolean(query.q || query.status || query.product);
  const filters = warrantyFilterQuery(query);
  return (
    <AdminResourcePage
      title="Warranties"
      filters={
        <>
          <Field
            label="Search by serial, mobile or name"
            name="q"
            type="search"
            defaultValue={query.q ?? ""}
            className="min-w-56 flex-1"
          />
          <SelectField
            label="Status"
            name="status"
            options={statusOptions}
            defaultValue={query.status ?? ""}
            className="w-44"
          />
          <SelectField
            label="Model"
            name="product"
            options={[
              { value: "", label: "All models" },
              ...models.map((model) => ({ value: String(model.id), label: model.model })),
            ]}
            defaultValue={query.product ? String(query.product) : ""}
            className="w-52"
          />
        </>
      }
      filtered={filtered}
      baseHref="/admin/warranties"
      exportHref={`/admin/warranty/export${filters ? `?${filters}` : ""}`}
      list={list}
      noun={["registration", "registrations"]}
      emptyText={
        filtered ? "No registrations match these filters." : "No batteries are registered yet."
      }
      minWidth="52rem"
      columns={columns}
      rowKey={(row) => row.id}
      rowName={(row) => `battery ${row.serial}`}
      rowTestId="warranty-row"
      actionData={undefined}
      failureMessages={{}}
      dialog={null}
    />
  );
}
