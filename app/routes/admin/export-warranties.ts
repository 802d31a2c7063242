import { claimStatusLabels, registrationStatusLabels } from "~/features/warranty/claim-status";
import { warrantyListSchema } from "~/features/warranty/warranty.schema";
import { exportWarranties } from "~/features/warranty/warranty.server";
import { CSV_EXPORT_ROWS, csvResponse, momentColumns, toCsv } from "~/lib/csv";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/export-warranties";

/** GET /admin/warranty/export: the registrations the list's search and filters show, as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const query = warrantyListSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const rows = await exportWarranties(context.db, query, CSV_EXPORT_ROWS);
  const openClaim = (row: (typeof rows)[number]) => row.claims.find((claim) => claim.open);
  const csv = toCsv(
    [
      { header: "Serial No.", value: (r) => r.serial },
      { header: "Model", value: (r) => r.model },
      { header: "Status", value: (r) => registrationStatusLabels[r.status] },
      { header: "Purchase date", value: (r) => r.purchaseDate },
      { header: "Free replacement until", value: (r) => r.freeUntil },
      { header: "Warranty ends", value: (r) => r.warrantyUntil },
      { header: "Days left", value: (r) => r.daysLeft },
      { header: "First name", value: (r) => r.firstName },
      { header: "Last name", value: (r) => r.lastName },
      { header: "Mobile", value: (r) => r.mobile },
      { header: "Pincode", value: (r) => r.pincode },
      { header: "E-mail", value: (r) => r.email ?? "" },
      { header: "Updates by SMS/WhatsApp", value: (r) => (r.consent ? "Yes" : "No") },
      { header: "Order ID", value: (r) => r.orderNumber ?? "" },
      { header: "Open claim", value: (r) => openClaim(r)?.reference ?? "" },
      {
        header: "Claim status",
        value: (r) => {
          const claim = openClaim(r);
          return claim ? claimStatusLabels[claim.status] : "";
        },
      },
      { header: "Claims", value: (r) => r.claims.length },
      ...momentColumns<(typeof rows)[number]>("Registered", (r) => r.createdAt),
    ],
    rows,
  );
  return csvResponse("warranties.csv", csv);
}
