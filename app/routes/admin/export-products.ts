import { listAdminProducts } from "~/features/catalog/product-admin.server";
import { adminProductListSchema } from "~/features/catalog/product-form.schema";
import { productCsvColumns } from "~/features/imports/product-import.server";
import { CSV_EXPORT_ROWS, csvResponse, toCsv } from "~/lib/csv";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/export-products";

/** GET /admin/product/export: the products list, with its search, as CSV: every column an
 * import reads back (docs/csv-import.md), so a file exported, edited and imported round-trips. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const query = adminProductListSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows } = await listAdminProducts(context.db, { ...query, page: 1 }, CSV_EXPORT_ROWS);
  // The list's rows are whole products, as the columns read them.
  const columns = productCsvColumns.map((c) => ({ header: c.header, value: c.cell }));
  return csvResponse("products.csv", toCsv(columns, rows));
}
