import { Link } from "react-router";
import { getDashboardCounts } from "~/features/dashboard/dashboard.server";
import { requireAdmin } from "~/lib/guards.server";
import { pageTitle } from "~/root";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Dashboard · Admin") },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { counts: await getDashboardCounts(context.db) };
}

const numberFormat = new Intl.NumberFormat("en-IN");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const tiles = [
    {
      label: "Active products",
      value: counts.activeProducts,
      note: `${counts.outOfStockProducts} out of stock`,
    },
    {
      label: "Users",
      value: counts.users,
      note: `${counts.admins} ${counts.admins === 1 ? "admin" : "admins"}`,
      to: "/admin/user",
    },
    { label: "Dealers", value: counts.dealers },
    { label: "Service centres", value: counts.serviceCentres },
    { label: "Vehicles in the finder", value: counts.vehicles },
  ];
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {tiles.map((tile) => (
          <li
            key={tile.label}
            className="rounded-xl border border-slate-200 bg-white p-5"
            data-testid="dashboard-tile"
          >
            <p className="text-sm font-medium text-slate-600">{tile.label}</p>
            <p className="mt-2 text-3xl font-bold text-slate-900">
              {numberFormat.format(tile.value)}
            </p>
            {tile.note ? <p className="mt-1 text-sm text-slate-600">{tile.note}</p> : null}
            {tile.to ? (
              <Link
                to={tile.to}
                className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
              >
                Manage
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
