import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cartItems, carts } from "~/db/schema";

export type CartOwner = { userId?: string | null; cartId?: string | null };

function ownerCondition(owner: CartOwner) {
  if (owner.userId) return eq(carts.userId, owner.userId);
  if (owner.cartId) return and(eq(carts.id, owner.cartId), isNull(carts.userId));
  return null;
}

/** Number of distinct products in the owner's cart (what the header badge shows). */
export async function countCartLines(db: Db, owner: CartOwner): Promise<number> {
  const condition = ownerCondition(owner);
  if (!condition) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${cartItems.productId})::int` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(condition);
  return row?.count ?? 0;
}
