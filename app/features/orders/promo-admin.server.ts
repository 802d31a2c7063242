import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { promoCodes } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { Conflict, NotFound, ValidationError } from "~/lib/errors";
import { paginate } from "~/lib/paginate";
import { escapeLike, PG_UNIQUE_VIOLATION, pgErrorCode } from "~/lib/sql.server";
import { normalisePromoCode } from "./promo.server";
import { promoAdminMessages as a } from "./promo-admin.messages";
import type { PromoCodeInput, PromoListQuery } from "./promo-form.schema";

export const PROMO_CODES_PAGE_SIZE = 20;

type PromoRow = typeof promoCodes.$inferSelect;

/** The promo codes for the back office, newest first; `q` matches part of the code. */
export async function listPromoCodes(db: Db, query: PromoListQuery) {
  const conditions: SQL[] = [];
  if (query.q) {
    conditions.push(ilike(promoCodes.code, `%${escapeLike(normalisePromoCode(query.q))}%`));
  }
  if (query.status) conditions.push(eq(promoCodes.active, query.status === "active"));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(promoCodes).where(where);
  const total = totalRow?.n ?? 0;
  const { page, pageCount, limit, offset } = paginate(total, query.page, PROMO_CODES_PAGE_SIZE);
  const rows = await db
    .select()
    .from(promoCodes)
    .where(where)
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(limit)
    .offset(offset);
  return { rows, total, page, pageCount };
}

export async function getPromoCode(db: Db, id: number) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row ?? null;
}

/** What the audit log keeps of a code. */
const snapshot = (r: PromoCodeInput | PromoRow) => ({
  code: r.code,
  kind: r.kind,
  amount: r.amount,
  minSubtotalPaise: r.minSubtotalPaise,
  startsAt: r.startsAt?.toISOString() ?? null,
  endsAt: r.endsAt?.toISOString() ?? null,
  usageLimit: r.usageLimit,
});

/**
 * Adds a promo code (id null) or changes one. A code another promo already has is refused next
 * to the code; so is a usage limit below the uses already made (the row is locked while it is
 * checked, so an order taking the last use cannot slip in between). Uses and the active flag are
 * not changed here.
 */
export async function savePromoCode(
  db: Db,
  input: PromoCodeInput & { id: number | null },
  actor: { id: string },
): Promise<number> {
  const values = {
    code: input.code,
    kind: input.kind,
    amount: input.amount,
    minSubtotalPaise: input.minSubtotalPaise,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    usageLimit: input.usageLimit,
  };
  try {
    return await db.transaction(async (tx) => {
      if (input.id === null) {
        const [row] = await tx.insert(promoCodes).values(values).returning({ id: promoCodes.id });
        if (!row) throw new Error("insert returned nothing");
        await recordAudit(tx, actor, "promo_code", row.id, null, snapshot(input));
        return row.id;
      }
      const [before] = await tx
        .select()
        .from(promoCodes)
        .where(eq(promoCodes.id, input.id))
        .for("update");
      if (!before) throw new NotFound(a.promoNotFound);
      if (input.usageLimit !== null && input.usageLimit < before.uses) {
        const message = a.usageLimitBelowUses(before.uses);
        throw new ValidationError(message, { usageLimit: message });
      }
      await tx
        .update(promoCodes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(promoCodes.id, input.id));
      await recordAudit(tx, actor, "promo_code", input.id, snapshot(before), snapshot(input));
      return input.id;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new Conflict(a.codeTaken, { code: a.codeTaken });
    }
    throw error;
  }
}

/**
 * Deactivates a promo code (shoppers are told it is not valid) or makes it usable again. Codes
 * are never deleted: orders keep a reference to the code they used.
 */
export async function setPromoCodeActive(
  db: Db,
  input: { id: number; active: boolean },
  actor: { id: string },
): Promise<PromoRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.id, input.id))
      .for("update");
    if (!before) throw new NotFound(a.promoNotFound);
    if (before.active === input.active) return before;
    const [after] = await tx
      .update(promoCodes)
      .set({ active: input.active, updatedAt: new Date() })
      .where(eq(promoCodes.id, input.id))
      .returning();
    if (!after) throw new NotFound(a.promoNotFound);
    await recordAudit(
      tx,
      actor,
      "promo_code",
      input.id,
      { code: before.code, active: before.active },
      { code: after.code, active: after.active },
      input.active ? "reactivate" : "deactivate",
    );
    return after;
  });
}
