import { RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { OrderStatusBadge } from "~/components/order-parts";
import { getDashboardCounts, listRecentOrders } from "~/features/dashboard/dashboard.server";
import { formatDate } from "~/lib/format";
import { requireAdmin } from "~/lib/guards.server";
import { formatPaise } from "~/lib/money";
import { pageTitle } from "~/root";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Dashboard · Admin") },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const [counts, recent] = await Promise.all([
    getDashboardCounts(context.db),
    listRecentOrders(context.db),
  ]);
  return { counts, recent };
}

const numberFormat = new Intl.NumberFormat("en-IN");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, recent } = loaderData;
  const tiles: { label: string; value: string; note?: string; to?: string; link?: string }[] = [
    {
      label: "Orders",
      value: numberFormat.format(counts.orders),
      note: `${counts.awaitingPayment} awaiting payment`,
      to: "/admin/order?status=payment_pending",
      link: "Check payments",
    },
    {
      label: "Open claims",
      value: numberFormat.format(counts.openClaims),
      note: "warranty claims not closed yet",
      to: "/admin/warranties?status=claim_open",
      link: "Review claims",
    },
    {
      label: "Revenue",
      value: formatPaise(counts.revenuePaise),
      note: `from ${counts.paidOrders} paid ${counts.paidOrders === 1 ? "order" : "orders"}`,
    },
    {
      label: "Active products",
      value: numberFormat.format(counts.activeProducts),
      note: `${counts.outOfStockProducts} out of stock`,
    },
    {
      label: "Users",
      value: numberFormat.format(counts.users),
      note: `${counts.admins} ${counts.admins === 1 ? "admin" : "admins"}`,
      to: "/admin/user",
    },
    { label: "Dealers", value: numberFormat.format(counts.dealers) },
    { label: "Service centres", value: numberFormat.format(counts.serviceCentres) },
    { label: "Vehicles in the finder", value: numberFormat.format(counts.vehicles) },
  ];
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {tiles.map((tile) => (
          <li
            key={tile.label}
            className="rounded-xl border border-slate-200 bg-white p-5"
            data-testid="dashboard-tile"
          >
            <p className="text-sm font-medium text-slate-600">{tile.label}</p>
            <p className="mt-2 text-3xl font-bold text-slate-900">{tile.value}</p>
            {tile.note ? <p className="mt-1 text-sm text-slate-600">{tile.note}</p> : null}
            {tile.to ? (
              <Link
                to={tile.to}
                className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
              >
                {tile.link ?? "Manage"}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      <section aria-labelledby="recent-orders" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="recent-orders" className="text-lg font-semibold text-slate-900">
            Recent orders
          </h2>
          <div className="flex gap-2">
            <Link to="/admin" className="btn-outline" data-testid="dashboard-refresh">
              <RefreshCw className="size-4" aria-hidden="true" />
              Refresh
            </Link>
            <Link to="/admin/order" className="btn-outline">
              All orders
            </Link>
          </div>
        </div>
        {recent.length === 0 ? (
          <p className="mt-3 rounded-xl border border-slate-200 bg-white p-5 text-slate-700">
            No orders yet.
          </p>
        ) : (
          <section
            aria-label="Recent orders table"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable).
            tabIndex={0}
            className="table-scroll-region mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white"
          >
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">The newest orders, newest first</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Order ID
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Customer
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Total
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Date
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {recent.map((order) => (
                  <tr key={order.number} data-testid="recent-order">
                    <td className="px-4 py-3 font-medium">
                      <Link
                        to={`/admin/order/${order.number}`}
                        className="text-brand-800 hover:underline"
                      >
                        #{order.number}
                      </Link>
                    </td>
                    <td className="px-4 py-3">{order.customerName}</td>
                    <td className="px-4 py-3">
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className="px-4 py-3">{formatPaise(order.totalPaise)}</td>
                    <td className="px-4 py-3">{formatDate(new Date(order.createdAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>
    </div>
  );
}
