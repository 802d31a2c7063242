import type { OutletKind } from "~/db/schema/enums";
import { outletCsvColumns } from "~/features/imports/outlet-import.server";
import { listAdminOutlets } from "~/features/outlets/outlet-admin.server";
import { outletListSchema } from "~/features/outlets/outlet-form.schema";
import { CSV_EXPORT_ROWS, csvResponse, toCsv } from "~/lib/csv";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/export-outlets";

/** GET /admin/dealer/export and /admin/service/export: the list, with its filters, as CSV (the
 * format an import reads back, docs/csv-import.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const url = new URL(request.url);
  const kind: OutletKind = url.pathname.startsWith("/admin/service") ? "service_centre" : "dealer";
  const query = outletListSchema.parse(Object.fromEntries(url.searchParams));
  const { rows } = await listAdminOutlets(context.db, kind, { ...query, page: 1 }, CSV_EXPORT_ROWS);
  const columns = outletCsvColumns(kind).map((c) => ({ header: c.header, value: c.cell }));
  const file = kind === "dealer" ? "dealers.csv" : "service-centres.csv";
  return csvResponse(file, toCsv(columns, rows as Parameters<(typeof columns)[0]["value"]>[0][]));
}
