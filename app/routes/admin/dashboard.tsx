import { ArrowDown, ArrowRight, ArrowUp, Download, RefreshCw, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { DashboardChart, DashboardChartTable } from "~/components/admin/dashboard-chart";
import { OrderStatusBadge } from "~/components/order-parts";
import { type Change, changeOf, describeChange } from "~/features/dashboard/change";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { getSettings } from "~/features/settings/settings.server";
import { formatDate } from "~/lib/format";
import { requireAdmin } from "~/lib/guards.server";
import { formatDay } from "~/lib/india-time";
import { formatPaise } from "~/lib/money";
import { pageTitle } from "~/root";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Dashboard · Admin") },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const { lowStockThreshold } = await getSettings(context.db);
  return getDashboard(context.db, { now: new Date(), lowStockThreshold });
}

const numberFormat = new Intl.NumberFormat("en-IN");
const AGAINST = "on the previous 30 days";

type Tile = { label: string; value: string; note: string; change: Change; to: string };

/** A tile's change: an arrow and the percent, or "New"; the words for screen readers. */
function ChangeBadge({ change }: { change: Change }) {
  const words = describeChange(change, AGAINST);
  const look =
    change.kind === "up"
      ? {
          Icon: ArrowUp,
          text: `${numberFormat.format(change.percent)}%`,
          tone: "text-emerald-800 bg-emerald-50",
        }
      : change.kind === "down"
        ? {
            Icon: ArrowDown,
            text: `${numberFormat.format(change.percent)}%`,
            tone: "text-red-800 bg-red-50",
          }
        : change.kind === "new"
          ? { Icon: Sparkles, text: "New", tone: "text-brand-800 bg-brand-50" }
          : { Icon: ArrowRight, text: "0%", tone: "text-slate-700 bg-slate-100" };
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold ${look.tone}`}
      data-testid="tile-change"
    >
      <look.Icon className="size-4" aria-hidden="true" />
      <span aria-hidden="true">{look.text}</span>
      <span className="sr-only">{words}</span>
    </span>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const recent = d.recent;
  const period = `${formatDay(d.from)} to ${formatDay(d.today)}`;
  const tiles: Tile[] = [
    {
      label: "Orders",
      value: numberFormat.format(d.orders.current),
      note: "placed in the last 30 days, not cancelled",
      change: changeOf(d.orders.current, d.orders.previous),
      to: "/admin/order",
    },
    {
      label: "Revenue",
      value: formatPaise(d.revenuePaise.current),
      note: "from paid, shipped and delivered orders placed in the last 30 days",
      change: changeOf(d.revenuePaise.current, d.revenuePaise.previous),
      to: "/admin/order",
    },
    {
      label: "Customers",
      value: numberFormat.format(d.customers.current),
      note: "new accounts in the last 30 days",
      change: changeOf(d.customers.current, d.customers.previous),
      to: "/admin/user",
    },
    {
      label: "Active products",
      value: numberFormat.format(d.activeProducts.current),
      note: "on sale now; the change counts those added in the last 30 days",
      change: changeOf(d.activeProducts.current, d.activeProducts.previous),
      to: "/admin/product",
    },
  ];
  const waiting = [
    {
      label: "Payments to verify",
      value: d.waiting.paymentsToVerify,
      to: "/admin/order?status=payment_pending",
    },
    {
      label: "Service bookings today",
      value: d.waiting.bookingsToday,
      to: `/admin/bookings?date=${d.today}`,
    },
    {
      label: "Open warranty claims",
      value: d.waiting.openClaims,
      to: "/admin/warranties?status=claim_open",
    },
    {
      label: "New contact messages",
      value: d.waiting.newMessages,
      to: "/admin/messages?status=open",
    },
  ];
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
          <p className="mt-1 text-sm text-slate-600">
            The last 30 days, {period} (India time), against the 30 days before.
          </p>
        </div>
        <Link to="/admin" className="btn-outline" data-testid="dashboard-refresh">
          <RefreshCw className="size-4" aria-hidden="true" />
          Refresh
        </Link>
      </div>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {tiles.map((tile) => (
          <li
            key={tile.label}
            className="rounded-xl border border-slate-200 bg-white p-5"
            data-testid="dashboard-tile"
          >
            <h2 className="text-sm font-medium text-slate-600">
              <Link to={tile.to} className="hover:underline">
                {tile.label}
              </Link>
            </h2>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="text-3xl font-bold text-slate-900 tabular-nums">{tile.value}</span>
              <ChangeBadge change={tile.change} />
            </p>
            <p className="mt-1 text-sm text-slate-600">{tile.note}</p>
          </li>
        ))}
      </ul>

      <section aria-labelledby="work-waiting" className="mt-8">
        <h2 id="work-waiting" className="text-lg font-semibold text-slate-900">
          Work waiting
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {waiting.map((item) => (
            <li key={item.label}>
              <Link
                to={item.to}
                className="flex min-h-16 items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-400"
                data-testid="waiting-tile"
              >
                <span className="font-medium text-slate-800">{item.label}</span>
                <span
                  className={`text-2xl font-bold tabular-nums ${item.value > 0 ? "text-brand-800" : "text-slate-500"}`}
                >
                  {numberFormat.format(item.value)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="daily-chart" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="daily-chart" className="text-lg font-semibold text-slate-900">
            Revenue and orders per day
          </h2>
          <a href="/admin/dashboard/export" className="btn-outline" download>
            <Download className="size-4" aria-hidden="true" />
            Download CSV
          </a>
        </div>
        <div className="mt-3 rounded-xl border border-slate-200 bg-white p-4">
          <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" aria-hidden="true">
            <span className="inline-flex items-center gap-2">
              <span className="inline-block size-3 rounded-sm bg-brand-300" />
              Revenue from paid orders (bars, left axis)
            </span>
            <span className="inline-flex items-center gap-2">
              <span className="inline-block h-0.5 w-4 bg-slate-900" />
              Orders (line, right axis)
            </span>
          </p>
          <section
            aria-label="Chart of revenue and orders per day"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable).
            tabIndex={0}
            className="mt-3 overflow-x-auto"
          >
            <DashboardChart days={d.days} titleId="daily-chart" />
          </section>
          <details className="mt-3" data-testid="dashboard-chart-details">
            <summary className="cursor-pointer text-sm font-semibold text-brand-700 underline">
              Show as table
            </summary>
            <section
              aria-label="Revenue and orders per day, table"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable).
              tabIndex={0}
              className="table-scroll-region mt-3 max-h-96 overflow-auto rounded-lg border border-slate-200"
            >
              <DashboardChartTable days={d.days} />
            </section>
          </details>
        </div>
      </section>

      <section aria-labelledby="low-stock" className="mt-8">
        <h2 id="low-stock" className="text-lg font-semibold text-slate-900">
          Low stock
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Products on sale with {numberFormat.format(d.lowStock.threshold)} or fewer in stock (
          <Link to="/admin/settings" className="text-brand-700 underline">
            change the threshold
          </Link>
          ).
        </p>
        {d.lowStock.count === 0 ? (
          <p className="mt-3 rounded-xl border border-slate-200 bg-white p-5 text-slate-700">
            No product is running low.
          </p>
        ) : (
          <>
            <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {d.lowStock.products.map((p) => (
                <li
                  key={p.id}
                  className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                  data-testid="low-stock-product"
                >
                  <span>
                    <span className="font-semibold text-slate-900">{p.model}</span>
                    {p.name ? <span className="text-slate-600"> · {p.name}</span> : null}
                  </span>
                  <span className="flex items-center gap-4">
                    <span
                      className={p.stock === 0 ? "font-semibold text-red-800" : "text-slate-800"}
                    >
                      {p.stock === 0 ? "Out of stock" : `${numberFormat.format(p.stock)} left`}
                    </span>
                    <Link
                      to={`/admin/product?edit=${p.id}`}
                      className="text-sm font-semibold text-brand-700 underline"
                    >
                      Edit<span className="sr-only"> {p.model}</span>
                    </Link>
                  </span>
                </li>
              ))}
            </ul>
            {d.lowStock.count > d.lowStock.products.length ? (
              <p className="mt-2 text-sm text-slate-600">
                {numberFormat.format(d.lowStock.count - d.lowStock.products.length)} more running
                low: the lowest are listed first.
              </p>
            ) : null}
          </>
        )}
      </section>

      <section aria-labelledby="recent-orders" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="recent-orders" className="text-lg font-semibold text-slate-900">
            Recent orders
          </h2>
          <Link to="/admin/order" className="btn-outline">
            All orders
          </Link>
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
