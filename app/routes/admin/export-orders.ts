import { exportOrders } from "~/features/orders/order-read.server";
import { orderStatusLabels, paymentMethodLabels } from "~/features/orders/order-status";
import { orderListSchema } from "~/features/orders/orders.schema";
import { CSV_EXPORT_ROWS, csvResponse, momentColumns, toCsv } from "~/lib/csv";
import { requireAdmin } from "~/lib/guards.server";
import { paiseToRupeeString } from "~/lib/money";
import type { Route } from "./+types/export-orders";

/** GET /admin/order/export: the orders the list's search and filter show, as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const query = orderListSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const rows = await exportOrders(context.db, query, CSV_EXPORT_ROWS);
  const csv = toCsv(
    [
      { header: "Order ID", value: (o) => o.number },
      ...momentColumns<(typeof rows)[number]>("Placed", (o) => o.createdAt),
      { header: "Status", value: (o) => orderStatusLabels[o.status] },
      { header: "Customer", value: (o) => o.customerName },
      { header: "E-mail", value: (o) => o.email ?? "" },
      { header: "Mobile", value: (o) => o.phone },
      { header: "Flat/house", value: (o) => o.house },
      { header: "Area/street", value: (o) => o.address },
      { header: "Landmark", value: (o) => o.landmark ?? "" },
      { header: "City", value: (o) => o.city },
      { header: "State", value: (o) => o.state },
      { header: "Pincode", value: (o) => o.pincode },
      { header: "Subtotal (INR)", value: (o) => paiseToRupeeString(o.subtotalPaise) },
      { header: "Discount (INR)", value: (o) => paiseToRupeeString(o.discountPaise) },
      { header: "Promo code", value: (o) => o.promoCode ?? "" },
      { header: "Shipping (INR)", value: (o) => paiseToRupeeString(o.shippingPaise) },
      { header: "Total (INR)", value: (o) => paiseToRupeeString(o.totalPaise) },
      { header: "GST included (INR)", value: (o) => paiseToRupeeString(o.gstIncludedPaise) },
      { header: "Payment", value: (o) => paymentMethodLabels[o.paymentMethod] },
      { header: "UPI reference", value: (o) => o.reference },
      { header: "UTR", value: (o) => o.utr ?? "" },
    ],
    rows,
  );
  return csvResponse("orders.csv", csv);
}
