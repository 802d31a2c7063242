import { listVehicles } from "~/features/finder/vehicle-admin.server";
import { vehicleListSchema } from "~/features/finder/vehicle-form.schema";
import {
  loadVehiclesWithFitments,
  vehicleCsvColumns,
} from "~/features/imports/vehicle-import.server";
import { CSV_EXPORT_ROWS, csvResponse, toCsv } from "~/lib/csv";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/export-vehicles";

/** GET /admin/vehicle/export: the vehicles list, with its filters, and their batteries as CSV
 * (the format an import reads back, docs/csv-import.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const query = vehicleListSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows } = await listVehicles(context.db, { ...query, page: 1 }, CSV_EXPORT_ROWS);
  const vehicles = await loadVehiclesWithFitments(
    context.db,
    rows.map((r) => r.id),
  );
  const columns = vehicleCsvColumns.map((c) => ({ header: c.header, value: c.cell }));
  return csvResponse("vehicles.csv", toCsv(columns, vehicles));
}
