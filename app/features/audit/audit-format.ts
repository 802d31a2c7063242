import { formatPaise } from "~/lib/money";

/** One changed field of an audit entry, as people read it: "price", "₹4,500", "₹4,800". */
export type AuditChange = { field: string; before: string; after: string };

/** What a field is called on the page when its name alone reads badly. */
const fieldLabels: Record<string, string> = {
  mrpPaise: "MRP",
  hsnCode: "HSN code",
  capacityAh: "capacity (Ah)",
  voltageV: "voltage (V)",
  "specs.cca": "CCA",
  "specs.weightKg": "weight (kg)",
  "specs.dimensionsMm": "dimensions (mm)",
};

/** "warrantyMonths" -> "warranty months", "pricePaise" -> "price", "specs.technology" -> "technology". */
export function auditFieldLabel(field: string): string {
  const known = fieldLabels[field];
  if (known) return known;
  return field
    .replace(/^specs\./, "")
    .replace(/Paise$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
}

/** A recorded value for people: amounts in paise as rupees, yes/no, "none" for nothing. */
export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (/Paise$/.test(field) && Number.isSafeInteger(value)) return formatPaise(value as number);
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** Whether two recorded values are the same (objects compared by their JSON; missing is null). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function snapshotOf(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * The fields an entry's details (`{ from, to }`, audit.server.ts) record as changed, before and
 * after: every field of a creation or a deletion, and of an edit those whose value differs (an
 * edit recorded whole, before `changedFields`, shows only what changed too).
 */
export function auditChanges(details: Record<string, unknown>): AuditChange[] {
  const from = snapshotOf(details.from);
  const to = snapshotOf(details.to);
  const fields = [...new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])];
  return fields
    .filter((field) => !(from && to) || !sameValue(from[field], to[field]))
    .map((field) => ({
      field: auditFieldLabel(field),
      before: auditValue(field, from?.[field]),
      after: auditValue(field, to?.[field]),
    }));
}

/** The changes as one line of text (the CSV export): "price: ₹4,500 -> ₹4,800; stock: 3 -> 9". */
export function auditChangesText(changes: AuditChange[]): string {
  return changes.map((c) => `${c.field}: ${c.before} -> ${c.after}`).join("; ");
}

/** A kind of record for people: "promo_code" -> "Promo code". */
export function auditEntityLabel(entity: string): string {
  const words = entity.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
