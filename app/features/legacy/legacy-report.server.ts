import { formatPaise } from "~/lib/money";
import { legacyCollections } from "./legacy.schema";
import { importChanged, type LegacyImportReport } from "./legacy-import.server";

/** The signed difference in rupees: "+₹100", "-₹2,250". */
function signed(paise: number): string {
  return `${paise < 0 ? "-" : "+"}${formatPaise(Math.abs(paise))}`;
}

/** What `npm run import:legacy` prints: counts per collection, then every rejected record,
 * every order total that differs, every note, and whether anything changed. */
export function formatImportReport(report: LegacyImportReport): string {
  const lines: string[] = [];
  const columns = ["created", "updated", "unchanged", "rejected"] as const;
  const width = Math.max(...legacyCollections.map((c) => c.length), "collection".length);
  lines.push([`${"collection".padEnd(width)}`, ...columns.map((c) => c.padStart(9))].join(" "));
  for (const collection of legacyCollections) {
    const counts = report.counts[collection];
    lines.push(
      [collection.padEnd(width), ...columns.map((c) => String(counts[c]).padStart(9))].join(" "),
    );
  }
  if (report.rejected.length > 0) {
    lines.push("", `Rejected (${report.rejected.length}):`);
    for (const { ref, reason } of report.rejected) lines.push(`  ${ref} ${reason}`);
  }
  if (report.totalDifferences.length > 0) {
    lines.push(
      "",
      "Order totals recomputed with the store's prices and rules, not as the old site said:",
    );
    for (const d of report.totalDifferences) {
      lines.push(
        `  ${d.ref} (old order ${d.legacyId}): ${formatPaise(d.legacyTotalPaise)} on the old site, ${formatPaise(d.totalPaise)} now (${signed(d.totalPaise - d.legacyTotalPaise)})`,
      );
    }
  }
  if (report.notes.length > 0) {
    lines.push("", "Notes:");
    for (const { ref, note } of report.notes) lines.push(`  ${ref} ${note}`);
  }
  const changed = importChanged(report);
  lines.push(
    "",
    report.dryRun
      ? changed
        ? "Dry run: nothing was written. Run again without --dry-run to import."
        : "Dry run: nothing was written, and an import would change nothing."
      : changed
        ? "Imported."
        : "Nothing changed: everything in the export is already in the store.",
  );
  return `${lines.join("\n")}\n`;
}
