import { and, count, desc, eq, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog, outlets, user, warrantyClaims } from "~/db/schema";
import { addDays, indiaMidnight } from "~/lib/india-time";
import { paginate } from "~/lib/paginate";
import { byName, qualified } from "~/lib/sql.server";
import { type AuditListQuery, SYSTEM_ACTOR } from "./audit.schema";
import { type AuditChange, auditChanges } from "./audit-format";

export const AUDIT_PAGE_SIZE = 25;

function auditWhere(query: AuditListQuery): SQL | undefined {
  return and(
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.actor === SYSTEM_ACTOR
      ? isNull(auditLog.actorId)
      : query.actor
        ? eq(auditLog.actorId, query.actor)
        : undefined,
    query.from ? gte(auditLog.createdAt, indiaMidnight(query.from)) : undefined,
    query.to ? lt(auditLog.createdAt, indiaMidnight(addDays(query.to, 1))) : undefined,
    query.q ? eq(auditLog.entityId, query.q) : undefined,
  );
}

/** An entry as the log shows it: who, when, which record (and its page), what changed. */
export type AuditEntry = {
  id: number;
  createdAt: Date;
  action: string;
  entity: string;
  entityId: string;
  /** The actor's name and e-mail; null: the system (or an account since removed, `actorId`). */
  actor: { name: string; email: string } | null;
  actorId: string | null;
  /** The record's page in the back office, where it has one. */
  href: string | null;
  changes: AuditChange[];
};

type Row = {
  id: number;
  createdAt: Date;
  action: string;
  entity: string;
  entityId: string;
  details: Record<string, unknown>;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  outletKind: string | null;
  claimRegistrationId: number | null;
};

/** Where a record is seen in the back office; null where no page shows it (a deleted review). */
export function auditRecordHref(row: {
  entity: string;
  entityId: string;
  outletKind: string | null;
  claimRegistrationId: number | null;
}): string | null {
  const id = encodeURIComponent(row.entityId);
  switch (row.entity) {
    case "order":
      return `/admin/order/${id}`;
    case "product":
      return `/admin/product?edit=${id}`;
    case "vehicle":
      return `/admin/vehicle?edit=${id}`;
    case "promo_code":
      return `/admin/promo?edit=${id}`;
    case "exchange_rate":
      return `/admin/exchange?edit=${id}`;
    case "delivery_area":
      return `/admin/delivery?edit=${id}`;
    case "user":
      return `/admin/user?edit=${id}`;
    case "setting":
      return "/admin/settings";
    case "outlet":
      // A deleted outlet has no page (its kind is gone with it).
      return row.outletKind === "dealer"
        ? `/admin/dealer?edit=${id}`
        : row.outletKind === "service"
          ? `/admin/service?edit=${id}`
          : null;
    case "warranty_registration":
      return `/admin/warranties/${id}`;
    case "warranty_claim":
      return row.claimRegistrationId === null
        ? null
        : `/admin/warranties/${row.claimRegistrationId}`;
    case "service_booking":
      return "/admin/bookings";
    case "contact_message":
      return "/admin/messages?status=all";
    default:
      return null;
  }
}

function entryOf(row: Row): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    actorId: row.actorId,
    actor: row.actorName === null ? null : { name: row.actorName, email: row.actorEmail ?? "" },
    href: auditRecordHref(row),
    changes: auditChanges(row.details),
  };
}

/** The entries the filters select, newest first, from `offset`. */
async function auditRows(db: Db, query: AuditListQuery, limit: number, offset: number) {
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      details: auditLog.details,
      actorId: auditLog.actorId,
      actorName: user.name,
      actorEmail: user.email,
      outletKind: outlets.kind,
      claimRegistrationId: warrantyClaims.registrationId,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorId))
    .leftJoin(
      outlets,
      and(eq(auditLog.entity, "outlet"), eq(sql`${outlets.id}::text`, auditLog.entityId)),
    )
    .leftJoin(
      warrantyClaims,
      and(
        eq(auditLog.entity, "warranty_claim"),
        eq(sql`${warrantyClaims.id}::text`, auditLog.entityId),
      ),
    )
    .where(auditWhere(query))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return rows.map(entryOf);
}

/** A page of the audit log (25 entries), newest first. */
export async function listAudit(db: Db, query: AuditListQuery, pageSize = AUDIT_PAGE_SIZE) {
  const [totalRow] = await db.select({ n: count() }).from(auditLog).where(auditWhere(query));
  const total = totalRow?.n ?? 0;
  const { page, pageCount, limit, offset } = paginate(total, query.page, pageSize);
  const rows = await auditRows(db, query, limit, offset);
  return { rows, total, page, pageCount };
}

/** Every entry the filters select (up to `max`), newest first, for the CSV export. */
export function exportAudit(db: Db, query: AuditListQuery, max: number) {
  return auditRows(db, query, max, 0);
}

/** The filters' choices: the kinds of record the log holds, and everyone who made a change. */
export async function auditFilterChoices(db: Db) {
  const [entities, actors] = await Promise.all([
    db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
    db
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .where(
        sql`exists (select 1 from ${auditLog} where ${qualified(auditLog.actorId)} = ${qualified(user.id)})`,
      )
      .orderBy(...byName(user.name), user.email),
  ]);
  return { entities: entities.map((row) => row.entity), actors };
}
