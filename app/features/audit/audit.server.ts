import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { sameValue } from "./audit-format";

/** A database handle or an open transaction: audit rows are written in the change's own
 * transaction when there is one, so a rolled-back change leaves no record. */
export type DbOrTx = Pick<Db, "insert">;

type Snapshot = Record<string, unknown> | null;

/**
 * Records who changed which record, and how: `before` is null for a creation and `after` null
 * for a deletion. The action is `<entity>.<verb>`, the verb being create, update or delete
 * unless a more precise one is given (ban, deactivate...). Every admin change calls this.
 */
export async function recordAudit(
  db: DbOrTx,
  actor: { id: string } | null,
  entity: string,
  id: string | number,
  before: Snapshot,
  after: Snapshot,
  verb: string = before === null ? "create" : after === null ? "delete" : "update",
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    action: `${entity}.${verb}`,
    entity,
    entityId: String(id),
    details: { ...(before ? { from: before } : {}), ...(after ? { to: after } : {}) },
  });
}

type Fields = Record<string, unknown>;

/**
 * What an edit changed: the fields of `after` whose value differs from `before`'s, each snapshot
 * cut down to them (`before` holds the old values, `after` the new), so the audit log keeps
 * "price: 4,500 -> 4,800" and not the whole record twice. A field `after` lacks was not edited.
 */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } {
  const changed = Object.keys(after).filter((key) => !sameValue(before[key], after[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}

/** One audit entry of `recordAudits`: what `recordAudit` takes, for one record. */
export type AuditEntry = {
  entity: string;
  id: string | number;
  before: Snapshot;
  after: Snapshot;
  verb?: string;
};

/**
 * `recordAudit` for many records at once (a CSV import): one entry per record, written in bulk
 * statements of 1,000 rows.
 */
export async function recordAudits(
  db: DbOrTx,
  actor: { id: string } | null,
  entries: AuditEntry[],
): Promise<void> {
  const rows = entries.map(({ entity, id, before, after, verb }) => ({
    actorId: actor?.id ?? null,
    action: `${entity}.${verb ?? (before === null ? "create" : after === null ? "delete" : "update")}`,
    entity,
    entityId: String(id),
    details: { ...(before ? { from: before } : {}), ...(after ? { to: after } : {}) },
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(auditLog).values(rows.slice(i, i + 1000));
  }
}
