import { Link } from "react-router";
import { RefreshLink, rowButtonClass } from "~/components/admin/admin-list";
import { AdminResourcePage, type Column } from "~/components/admin/resource-page";
import { OrderStatusBadge } from "~/components/order-parts";
import { Field, SelectField } from "~/components/ui/field";
import { listOrders } from "~/features/orders/order-read.server";
import { orderStatuses, orderStatusLabels } from "~/features/orders/order-status";
import { orderListSchema } from "~/features/orders/orders.schema";
import { loadAdminList } from "~/lib/admin-list.server";
import { formatDate } from "~/lib/format";
import { formatPaise } from "~/lib/money";
import { pageTitle } from "~/root";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Orders · Admin") },
];

export function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, orderListSchema, ({ db, query }) => ({
    list: listOrders(db, query),
  }));
}

type OrderRow = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const orderColumns: Column<OrderRow>[] = [
  {
    header: "Order ID",
    className: "px-4 py-3 font-medium text-slate-900",
    cell: (row) => (
      <Link to={`/admin/order/${row.number}`} className="text-brand-800 hover:underline">
        #{row.number}
      </Link>
    ),
  },
  {
    header: "Customer",
    cell: (row) => (
      <>
        <span className="block">{row.customerName}</span>
        <span className="block text-sm text-slate-600">{row.email ?? row.phone}</span>
      </>
    ),
  },
  { header: "Status", cell: (row) => <OrderStatusBadge status={row.status} /> },
  { header: "Total", cell: (row) => formatPaise(row.totalPaise) },
  { header: "Date", priority: "secondary", cell: (row) => formatDate(new Date(row.createdAt)) },
];

const statusOptions = [
  { value: "", label: "All statuses" },
  ...orderStatuses.map((status) => ({ value: status, label: orderStatusLabels[status] })),
];

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { list, query } = loaderData;

  const filterQuery = new URLSearchParams(
    Object.entries({ q: query.q, status: query.status ?? "" }).filter(([, v]) => v),
  ).toString();
  return (
    <>
      <AdminResourcePage
        title="Orders"
        filters={
          <>
            <Field
              label="Search by order number, customer, phone or UTR"
              name="q"
              type="search"
              defaultValue={query.q}
              className="min-w-56 flex-1"
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
        filtered={Boolean(query.q || query.status)}
        baseHref="/admin/order"
        exportHref={`/admin/order/export${filterQuery ? `?${filterQuery}` : ""}`}
        list={list}
        noun={["order", "orders"]}
        emptyText={query.q || query.status ? "No orders match these filters." : "No orders yet."}
        minWidth="44rem"
        columns={orderColumns}
        rowKey={(row) => row.number}
        rowName={(row) => `order ${row.number}`}
        rowTestId="order-row"
        rowActions={(row) => (
          <Link to={`/admin/order/${row.number}`} className={rowButtonClass}>
            Open<span className="sr-only"> order {row.number}</span>
          </Link>
        )}
        actionData={undefined}
        failureMessages={{}}
        dialog={null}
      />
      <div className="mt-4 flex flex-wrap gap-2">
        <RefreshLink testId="orders-refresh" />
        <Link to="/admin/order/reconcile" className="btn-outline">
          Match a bank statement
        </Link>
      </div>
    </>
  );
}
