import { gstr1ExportSchema } from "~/features/gst/gstr1.schema";
import { gstr1Figures } from "~/features/gst/gstr1.server";
import { gstr1Csv, gstr1CsvFilename } from "~/features/gst/gstr1-csv";
import { csvResponse } from "~/lib/csv";
import { parseForm } from "~/lib/forms";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/export-gst";

/**
 * GET /admin/gst/export?month=2026-11&section=b2b: one section of the month's GSTR-1 figures as
 * the GST offline tool's CSV (app/features/gst/gstr1-csv.ts). A month or section that is not one
 * answers 400 with what is wrong.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = parseForm(gstr1ExportSchema, query);
  if (!parsed.success) {
    return new Response(Object.values(parsed.fieldErrors).join("\n"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { month, section } = parsed.data;
  const figures = await gstr1Figures(context.db, { month });
  return csvResponse(gstr1CsvFilename(month, section), gstr1Csv(figures, section));
}
