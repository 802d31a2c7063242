import { and, asc, count, eq, gte, lte, ne, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { exchangeRates } from "~/db/schema";
import type { ProductCategory } from "~/db/schema/enums";
import { recordAudit } from "~/features/audit/audit.server";
import { categoryLabels } from "~/features/catalog/catalog.options";
import { Conflict, NotFound } from "~/lib/errors";
import { paginate } from "~/lib/paginate";
import { purchaseAdminMessages as a } from "./purchase.messages";
import type { ExchangeRateInput } from "./purchase.schema";

export const EXCHANGE_RATES_PAGE_SIZE = 20;

/** A product's two prices: as it is, and with the customer's old battery returned. */
export type ExchangeOffer = { creditPaise: number; pricePaise: number };

/**
 * The exchange offer for a battery: the credit of its category's band that holds its capacity,
 * or null when no band does or when the credit would leave nothing to pay.
 */
export async function findExchangeOffer(
  db: Pick<Db, "select">,
  product: { category: ProductCategory; capacityAh: number; pricePaise: number },
): Promise<ExchangeOffer | null> {
  const [band] = await db
    .select({ creditPaise: exchangeRates.creditPaise })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.category, product.category),
        lte(exchangeRates.minCapacityAh, product.capacityAh),
        gte(exchangeRates.maxCapacityAh, product.capacityAh),
      ),
    )
    .orderBy(asc(exchangeRates.minCapacityAh))
    .limit(1);
  if (!band || band.creditPaise >= product.pricePaise) return null;
  return { creditPaise: band.creditPaise, pricePaise: product.pricePaise - band.creditPaise };
}

/** The exchange prices for the back office, by category then capacity. */
export async function listExchangeRates(
  db: Db,
  query: { category?: ProductCategory; page: number },
) {
  const where = query.category ? eq(exchangeRates.category, query.category) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(exchangeRates).where(where);
  const total = totalRow?.n ?? 0;
  const { page, pageCount, limit, offset } = paginate(total, query.page, EXCHANGE_RATES_PAGE_SIZE);
  const rows = await db
    .select()
    .from(exchangeRates)
    .where(where)
    .orderBy(asc(exchangeRates.category), asc(exchangeRates.minCapacityAh))
    .limit(limit)
    .offset(offset);
  return { rows, total, page, pageCount };
}

export async function getExchangeRate(db: Db, id: number) {
  const [row] = await db.select().from(exchangeRates).where(eq(exchangeRates.id, id));
  return row ?? null;
}

/** Refuses a band that shares a capacity with another band of the same category. */
async function assertNoOverlap(db: Db, input: ExchangeRateInput, exceptId: number | null) {
  const conditions: SQL[] = [
    eq(exchangeRates.category, input.category),
    lte(exchangeRates.minCapacityAh, input.maxCapacityAh),
    gte(exchangeRates.maxCapacityAh, input.minCapacityAh),
  ];
  if (exceptId !== null) conditions.push(ne(exchangeRates.id, exceptId));
  const [clash] = await db
    .select()
    .from(exchangeRates)
    .where(and(...conditions))
    .limit(1);
  if (clash) {
    const message = a.overlaps(
      categoryLabels[clash.category],
      clash.minCapacityAh,
      clash.maxCapacityAh,
    );
    throw new Conflict(message, { minCapacityAh: message });
  }
}

type Band = Pick<
  typeof exchangeRates.$inferSelect,
  "category" | "minCapacityAh" | "maxCapacityAh" | "creditPaise"
>;

/** What the audit log keeps of a band. */
const snapshot = (r: Band): Band => ({
  category: r.category,
  minCapacityAh: r.minCapacityAh,
  maxCapacityAh: r.maxCapacityAh,
  creditPaise: r.creditPaise,
});

/** Adds (id null) or changes an exchange price. */
export async function saveExchangeRate(
  db: Db,
  input: ExchangeRateInput & { id: number | null },
  actor: { id: string },
): Promise<number> {
  await assertNoOverlap(db, input, input.id);
  const values = {
    category: input.category,
    minCapacityAh: input.minCapacityAh,
    maxCapacityAh: input.maxCapacityAh,
    creditPaise: input.credit,
  };
  return db.transaction(async (tx) => {
    if (input.id === null) {
      const [row] = await tx
        .insert(exchangeRates)
        .values(values)
        .returning({ id: exchangeRates.id });
      if (!row) throw new Error("insert returned nothing");
      await recordAudit(tx, actor, "exchange_rate", row.id, null, values);
      return row.id;
    }
    const [before] = await tx.select().from(exchangeRates).where(eq(exchangeRates.id, input.id));
    if (!before) throw new NotFound(a.rateNotFound);
    await tx
      .update(exchangeRates)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(exchangeRates.id, input.id));
    await recordAudit(tx, actor, "exchange_rate", input.id, snapshot(before), values);
    return input.id;
  });
}

export async function deleteExchangeRate(db: Db, input: { id: number }, actor: { id: string }) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(exchangeRates).where(eq(exchangeRates.id, input.id)).returning();
    if (!row) throw new NotFound(a.rateNotFound);
    await recordAudit(tx, actor, "exchange_rate", input.id, snapshot(row), null);
  });
}
