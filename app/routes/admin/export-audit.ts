import { auditListSchema } from "~/features/audit/audit.schema";
import { auditChangesText } from "~/features/audit/audit-format";
import { exportAudit } from "~/features/audit/audit-read.server";
import { CSV_EXPORT_ROWS, csvResponse, momentColumns, toCsv } from "~/lib/csv";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/export-audit";

/** GET /admin/audit/export: the audit entries the log's filters select, as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const query = auditListSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const rows = await exportAudit(context.db, query, CSV_EXPORT_ROWS);
  const csv = toCsv(
    [
      ...momentColumns<(typeof rows)[number]>("Time", (e) => e.createdAt),
      {
        header: "Changed by",
        value: (e) => e.actor?.name ?? (e.actorId ? "Removed account" : "System"),
      },
      { header: "E-mail", value: (e) => e.actor?.email ?? "" },
      { header: "Action", value: (e) => e.action },
      { header: "Record type", value: (e) => e.entity },
      { header: "Record ID", value: (e) => e.entityId },
      { header: "Changes", value: (e) => auditChangesText(e.changes) },
    ],
    rows,
  );
  return csvResponse("audit-log.csv", csv);
}
