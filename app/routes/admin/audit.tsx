import { Link } from "react-router";
import { AdminResourcePage, type Column } from "~/components/admin/resource-page";
import { Field, SelectField } from "~/components/ui/field";
import { type AuditListQuery, auditListSchema, SYSTEM_ACTOR } from "~/features/audit/audit.schema";
import { auditEntityLabel } from "~/features/audit/audit-format";
import { auditFilterChoices, listAudit } from "~/features/audit/audit-read.server";
import { loadAdminList } from "~/lib/admin-list.server";
import { formatDateTime } from "~/lib/format";
import { pageTitle } from "~/root";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Audit log · Admin") },
];

export function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, auditListSchema, ({ db, query }) => ({
    list: listAudit(db, query),
    choices: auditFilterChoices(db),
  }));
}

type AuditRow = Route.ComponentProps["loaderData"]["list"]["rows"][number];

/** The fields an entry changed, before and after side by side. */
function Changes({ row }: { row: AuditRow }) {
  if (row.changes.length === 0) return <span className="text-sm text-slate-600">No fields</span>;
  return (
    <table className="w-full text-sm" data-testid="audit-changes">
      <thead className="sr-only">
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {row.changes.map((change) => (
          <tr key={change.field} className="align-top">
            <th scope="row" className="py-0.5 pr-3 text-left font-medium text-slate-700">
              {change.field}
            </th>
            <td className="py-0.5 pr-2 break-all text-slate-600 line-through decoration-slate-400">
              {change.before}
            </td>
            <td className="py-0.5 break-all text-slate-900">
              <span aria-hidden="true" className="mr-1 text-slate-500">
                →
              </span>
              {change.after}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Actor({ row }: { row: AuditRow }) {
  if (row.actor) {
    return (
      <>
        <span className="block">{row.actor.name}</span>
        <span className="block text-sm break-all text-slate-600">{row.actor.email}</span>
      </>
    );
  }
  return <span>{row.actorId ? "Removed account" : "System"}</span>;
}

const columns: Column<AuditRow>[] = [
  {
    header: "When",
    priority: "secondary",
    className: "px-4 py-3 whitespace-nowrap",
    cell: (row) => (
      <time dateTime={new Date(row.createdAt).toISOString()}>
        {formatDateTime(new Date(row.createdAt))}
      </time>
    ),
  },
  { header: "Who", priority: "secondary", cell: (row) => <Actor row={row} /> },
  {
    header: "Record",
    className: "px-4 py-3 font-medium text-slate-900",
    cell: (row) => (
      <>
        <span className="block">{auditEntityLabel(row.entity)}</span>
        {row.href ? (
          <Link
            to={row.href}
            className="font-mono text-sm break-all text-brand-800 underline underline-offset-2"
          >
            {row.entityId}
          </Link>
        ) : (
          <span className="font-mono text-sm break-all">{row.entityId}</span>
        )}
        <span className="block text-sm font-normal text-slate-600">{row.action}</span>
        {/* A phone has no When and Who columns: both under the record. */}
        <span className="block text-sm font-normal text-slate-600 sm:hidden">
          {formatDateTime(new Date(row.createdAt))} by{" "}
          {row.actor?.name ?? (row.actorId ? "a removed account" : "the system")}
        </span>
      </>
    ),
  },
  { header: "Changes", className: "px-4 py-3 min-w-56", cell: (row) => <Changes row={row} /> },
];

/** The list's filters as an address's query (the export takes the same). */
function auditFilterQuery(query: AuditListQuery): string {
  return new URLSearchParams(
    Object.entries({
      entity: query.entity ?? "",
      actor: query.actor ?? "",
      from: query.from ?? "",
      to: query.to ?? "",
      q: query.q,
    }).filter(([, value]) => value),
  ).toString();
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { list, query, choices } = loaderData;
  const filtered = Boolean(query.entity || query.actor || query.from || query.to || query.q);
  const filters = auditFilterQuery(query);
  return (
    <AdminResourcePage
      title="Audit log"
      filters={
        <>
          <SelectField
            label="Record type"
            name="entity"
            options={[
              { value: "", label: "All records" },
              ...choices.entities.map((entity) => ({
                value: entity,
                label: auditEntityLabel(entity),
              })),
            ]}
            defaultValue={query.entity ?? ""}
            className="w-44"
          />
          <SelectField
            label="Changed by"
            name="actor"
            options={[
              { value: "", label: "Anyone" },
              ...choices.actors.map((actor) => ({
                value: actor.id,
                label: `${actor.name} (${actor.email})`,
              })),
              { value: SYSTEM_ACTOR, label: "System" },
            ]}
            defaultValue={query.actor ?? ""}
            className="w-56"
          />
          <Field
            label="From"
            name="from"
            type="date"
            defaultValue={query.from ?? ""}
            className="w-40"
          />
          <Field label="To" name="to" type="date" defaultValue={query.to ?? ""} className="w-40" />
          <Field label="Record ID" name="q" type="search" defaultValue={query.q} className="w-40" />
        </>
      }
      filtered={filtered}
      searchWarning={
        query.from && query.to && query.from > query.to
          ? "The From day is after the To day: no entry can match."
          : null
      }
      baseHref="/admin/audit"
      exportHref={`/admin/audit/export${filters ? `?${filters}` : ""}`}
      list={list}
      noun={["entry", "entries"]}
      emptyText={filtered ? "No entries match these filters." : "No changes are recorded yet."}
      minWidth="56rem"
      columns={columns}
      rowKey={(row) => row.id}
      rowName={(row) => `${row.entity} ${row.entityId}`}
      rowTestId="audit-row"
      actionData={undefined}
      failureMessages={{}}
      dialog={null}
    />
  );
}
