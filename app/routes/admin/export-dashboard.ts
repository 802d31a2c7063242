import { getDailyFigures } from "~/features/dashboard/dashboard.server";
import { csvResponse, toCsv } from "~/lib/csv";
import { requireAdmin } from "~/lib/guards.server";
import { paiseToRupeeString } from "~/lib/money";
import type { Route } from "./+types/export-dashboard";

/** GET /admin/dashboard/export: the dashboard chart's 30 India days as CSV, oldest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const days = await getDailyFigures(context.db, new Date());
  const csv = toCsv(
    [
      { header: "Day", value: (d) => d.day },
      { header: "Orders", value: (d) => d.orders },
      { header: "Revenue (INR)", value: (d) => paiseToRupeeString(d.revenuePaise) },
    ],
    days,
  );
  return csvResponse(`dashboard-${days.at(-1)?.day ?? "days"}.csv`, csv);
}
