import { asc, count, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deliveryAreas } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { Conflict, NotFound } from "~/lib/errors";
import { formatWeekdayDate } from "~/lib/format";
import type { Locale } from "~/lib/i18n/locales";
import { paginate } from "~/lib/paginate";
import { escapeLike, PG_UNIQUE_VIOLATION, pgErrorCode } from "~/lib/sql.server";
import { purchaseAdminMessages as a, purchaseMessages } from "./purchase.messages";
import { type DeliveryAreaInput, deliveryCheckSchema } from "./purchase.schema";

export const DELIVERY_AREAS_PAGE_SIZE = 20;

export type DeliveryCheck =
  | { pincode: string; served: true; city: string; days: number }
  | { pincode: string; served: false };

/** Whether the store delivers to a (valid) pincode: the area with the longest matching prefix. */
export async function checkDelivery(db: Db, pincode: string): Promise<DeliveryCheck> {
  const [area] = await db
    .select({ city: deliveryAreas.city, days: deliveryAreas.days })
    .from(deliveryAreas)
    .where(sql`${pincode} like ${deliveryAreas.prefix} || '%'`)
    .orderBy(sql`length(${deliveryAreas.prefix}) desc`)
    .limit(1);
  return area ? { pincode, served: true, ...area } : { pincode, served: false };
}

/** The delivery areas for the back office, by prefix; `q` matches a prefix or a city. */
export async function listDeliveryAreas(db: Db, query: { q: string; page: number }) {
  const where = query.q
    ? or(
        ilike(deliveryAreas.prefix, `${escapeLike(query.q)}%`),
        ilike(deliveryAreas.city, `%${escapeLike(query.q)}%`),
      )
    : undefined;
  const [totalRow] = await db.select({ n: count() }).from(deliveryAreas).where(where);
  const total = totalRow?.n ?? 0;
  const { page, pageCount, limit, offset } = paginate(total, query.page, DELIVERY_AREAS_PAGE_SIZE);
  const rows = await db
    .select()
    .from(deliveryAreas)
    .where(where)
    .orderBy(asc(deliveryAreas.prefix))
    .limit(limit)
    .offset(offset);
  return { rows, total, page, pageCount };
}

export async function getDeliveryArea(db: Db, prefix: string) {
  const [row] = await db.select().from(deliveryAreas).where(eq(deliveryAreas.prefix, prefix));
  return row ?? null;
}

const snapshot = (r: DeliveryAreaInput) => ({ prefix: r.prefix, city: r.city, days: r.days });

/** Adds an area (`current` null) or changes one, its prefix included. */
export async function saveDeliveryArea(
  db: Db,
  input: DeliveryAreaInput & { current: string | null },
  actor: { id: string },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (input.current === null) {
        await tx.insert(deliveryAreas).values(snapshot(input));
        await recordAudit(tx, actor, "delivery_area", input.prefix, null, snapshot(input));
        return;
      }
      const [before] = await tx
        .select()
        .from(deliveryAreas)
        .where(eq(deliveryAreas.prefix, input.current));
      if (!before) throw new NotFound(a.areaNotFound);
      await tx
        .update(deliveryAreas)
        .set({ ...snapshot(input), updatedAt: new Date() })
        .where(eq(deliveryAreas.prefix, input.current));
      await recordAudit(
        tx,
        actor,
        "delivery_area",
        input.prefix,
        snapshot(before),
        snapshot(input),
      );
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new Conflict(a.areaTaken, { prefix: a.areaTaken });
    throw error;
  }
}

export async function deleteDeliveryArea(db: Db, input: { prefix: string }, actor: { id: string }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(deliveryAreas)
      .where(eq(deliveryAreas.prefix, input.prefix))
      .returning();
    if (!row) throw new NotFound(a.areaNotFound);
    await recordAudit(tx, actor, "delivery_area", input.prefix, snapshot(row), null);
  });
}

/** The day an order placed now arrives, in India's time ("Tue, 25 Nov 2026"). */
export function deliveryBy(days: number, now = new Date(), locale: Locale = "en"): string {
  return formatWeekdayDate(new Date(now.getTime() + days * 24 * 60 * 60 * 1000), locale);
}

/**
 * The product page's delivery check (`?pincode=` as sent): nothing asked (null), a format error
 * to show next to the field, or the answer with its date.
 */
export async function answerDeliveryCheck(db: Db, pincode: string | null, locale: Locale = "en") {
  if (pincode === null) return null;
  const parsed = deliveryCheckSchema.safeParse({ pincode });
  if (!parsed.success) {
    return { pincode: pincode.slice(0, 12), error: purchaseMessages.pincodeFormat } as const;
  }
  const answer = await checkDelivery(db, parsed.data.pincode);
  return answer.served ? { ...answer, by: deliveryBy(answer.days, new Date(), locale) } : answer;
}
