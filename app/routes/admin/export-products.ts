import { categoryLabels } from "~/features/catalog/catalog.options";
import { listAdminProducts } from "~/features/catalog/product-admin.server";
import { adminProductListSchema } from "~/features/catalog/product-form.schema";
import { CSV_EXPORT_ROWS, csvResponse, toCsv } from "~/lib/csv";
import { requireAdmin } from "~/lib/guards.server";
import { paiseToRupeeString } from "~/lib/money";
import type { Route } from "./+types/export-products";

/** GET /admin/product/export: the products list, with its search, as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const query = adminProductListSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows } = await listAdminProducts(context.db, { ...query, page: 1 }, CSV_EXPORT_ROWS);
  const csv = toCsv(
    [
      { header: "Id", value: (p) => p.id },
      { header: "Model", value: (p) => p.model },
      { header: "Category", value: (p) => categoryLabels[p.category] },
      { header: "Capacity (Ah)", value: (p) => p.capacityAh },
      { header: "Voltage (V)", value: (p) => p.voltageV },
      { header: "Warranty (months)", value: (p) => p.warrantyMonths },
      { header: "Pro-rata (months)", value: (p) => p.proRataMonths },
      { header: "On sale since", value: (p) => p.onSaleSince ?? "" },
      { header: "Price (INR)", value: (p) => paiseToRupeeString(p.pricePaise) },
      { header: "MRP (INR)", value: (p) => paiseToRupeeString(p.mrpPaise) },
      { header: "Stock", value: (p) => p.stock },
      { header: "Active", value: (p) => (p.active ? "yes" : "no") },
      { header: "Name (Hindi)", value: (p) => p.translations.hi?.name ?? "" },
      { header: "Description (Hindi)", value: (p) => p.translations.hi?.description ?? "" },
      { header: "Name (Gujarati)", value: (p) => p.translations.gu?.name ?? "" },
      { header: "Description (Gujarati)", value: (p) => p.translations.gu?.description ?? "" },
    ],
    rows,
  );
  return csvResponse("products.csv", csv);
}
