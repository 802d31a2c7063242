import { type AnyColumn, and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cartItems, carts, products } from "~/db/schema";
import type { ProductCategory } from "~/db/schema/enums";
import { lineTotalPaise } from "~/features/orders/pricing.server";
import { findExchangeOffer } from "~/features/purchase/exchange.server";
import { purchaseMessages } from "~/features/purchase/purchase.messages";
import { DomainError, NotFound } from "~/lib/errors";

export const MAX_QUANTITY = 4;

export type CartOwner = { userId?: string | null; cartId?: string | null };

export class OutOfStock extends DomainError {
  constructor(model: string) {
    super(`${model} is out of stock`, 409);
  }
}

/** The SQL condition that finds the owner's cart (none for a visitor without a cart). */
export function ownerCondition(owner: CartOwner) {
  if (owner.userId) return eq(carts.userId, owner.userId);
  if (owner.cartId) return and(eq(carts.id, owner.cartId), isNull(carts.userId));
  return null;
}

/**
 * What the header badge counts: the batteries (the sum of the lines' quantities) in the carts
 * that match `condition`, as shoppers know it from Amazon and Flipkart (issue 21).
 */
function batteryCountQuery(db: Pick<Db, "select">, condition: SQL) {
  return db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(condition);
}

/** Number of batteries in the owner's cart (what the header badge shows). */
export async function countCartBatteries(db: Db, owner: CartOwner): Promise<number> {
  const condition = ownerCondition(owner);
  if (!condition) return 0;
  const [row] = await batteryCountQuery(db, condition);
  return row?.count ?? 0;
}

/**
 * `countCartBatteries` of the user whose id is `userId`, a column of a larger query: read in the
 * same query (the page cache reads a shopper's session and their badge at once, ADR 018).
 */
export function cartBatteryCountOf(db: Pick<Db, "select">, userId: AnyColumn): SQL<number> {
  return sql<number>`(${batteryCountQuery(db, eq(carts.userId, userId))})`;
}

/** The user's cart id, created when missing. */
async function userCartId(db: Pick<Db, "insert">, userId: string): Promise<string> {
  const [created] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  if (!created) throw new Error("cart upsert returned nothing");
  return created.id;
}

/** The visitor's anonymous cart id: the one in the cookie if it still exists, else a new one. */
async function guestCartId(db: Db, cartId: string | null | undefined): Promise<string> {
  if (cartId) {
    const [found] = await db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, cartId), isNull(carts.userId)));
    if (found) return found.id;
  }
  const [created] = await db.insert(carts).values({}).returning({ id: carts.id });
  if (!created) throw new Error("cart insert returned nothing");
  return created.id;
}

/** A line added where the cart has the product already: the quantities add up (at most 4), and
 * the latest exchange choice is the line's. */
const addedUp = {
  target: [cartItems.cartId, cartItems.productId],
  set: {
    quantity: sql`least(${MAX_QUANTITY}, ${cartItems.quantity} + excluded.quantity)`,
    exchange: sql`excluded.exchange`,
    exchangeCreditPaise: sql`excluded.exchange_credit_paise`,
    updatedAt: sql`now()`,
  },
};

/**
 * Adds a product to the owner's cart (quantities add up, at most 4). Refuses products that are
 * not in the catalogue or out of stock. With `exchange` the line takes the old-battery exchange
 * and stores its credit per battery, computed here from the admin's exchange prices; the latest
 * choice for a product is the line's. Returns the cart id (new for a first-time visitor), the
 * product's model, how many were added (fewer than asked, or none, at the line's limit) and the
 * line's quantity now, for the confirmation message.
 */
export async function addToCart(
  db: Db,
  owner: CartOwner,
  productId: number,
  quantity: number,
  exchange = false,
): Promise<{ cartId: string; model: string; count: number; added: number; quantity: number }> {
  const [product] = await db
    .select({
      id: products.id,
      model: products.model,
      stock: products.stock,
      category: products.category,
      capacityAh: products.capacityAh,
      pricePaise: products.pricePaise,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)));
  if (!product) throw new NotFound("That product is not in the catalogue");
  if (product.stock <= 0) throw new OutOfStock(product.model);
  let exchangeCreditPaise = 0;
  if (exchange) {
    const offer = await findExchangeOffer(db, {
      ...product,
      category: product.category as ProductCategory,
    });
    if (!offer) throw new DomainError(purchaseMessages.exchangeNotOffered, 409);
    exchangeCreditPaise = offer.creditPaise;
  }
  const cartId = owner.userId
    ? await userCartId(db, owner.userId)
    : await guestCartId(db, owner.cartId);
  const wanted = Math.min(MAX_QUANTITY, Math.max(1, quantity));
  const [before] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
  // A line full already gets nothing written (the caller refuses the add).
  const full = before !== undefined && before.quantity >= MAX_QUANTITY;
  const [after] = full
    ? [before]
    : await db
        .insert(cartItems)
        .values({ cartId, productId, quantity: wanted, exchange, exchangeCreditPaise })
        .onConflictDoUpdate(addedUp)
        .returning({ quantity: cartItems.quantity });
  const count = await countCartBatteries(db, owner.userId ? { userId: owner.userId } : { cartId });
  const now = after?.quantity ?? wanted;
  return {
    cartId,
    model: product.model,
    count,
    added: Math.max(0, now - (before?.quantity ?? 0)),
    quantity: now,
  };
}

export type CartLine = {
  productId: number;
  model: string;
  quantity: number;
  unitPricePaise: number;
  exchange: boolean;
  /** Credit per battery returned (0 without exchange). */
  exchangeCreditPaise: number;
  /** quantity × (price − credit). */
  lineTotalPaise: number;
};

/** The owner's cart lines, oldest first, with each line's exchange credit and total in paise. */
export async function listCartLines(db: Db, owner: CartOwner): Promise<CartLine[]> {
  const condition = ownerCondition(owner);
  if (!condition) return [];
  const rows = await db
    .select({
      productId: cartItems.productId,
      model: products.model,
      quantity: cartItems.quantity,
      unitPricePaise: products.pricePaise,
      exchange: cartItems.exchange,
      exchangeCreditPaise: cartItems.exchangeCreditPaise,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(condition)
    .orderBy(cartItems.createdAt, cartItems.productId);
  return rows.map((r) => ({ ...r, lineTotalPaise: lineTotalPaise(r) }));
}

/**
 * Moves a visitor's anonymous cart into the user's cart at sign-in and sign-up: quantities of the
 * same product add up (at most 4), the promo code the visitor applied goes with its batteries
 * (it replaces the account's own, being the later choice; the cart page checks it again), and the
 * anonymous cart is deleted.
 */
export async function mergeGuestCart(
  db: Db,
  guestCartIdValue: string,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [guest] = await tx
      .select({ id: carts.id, promoCode: carts.promoCode })
      .from(carts)
      .where(and(eq(carts.id, guestCartIdValue), isNull(carts.userId)))
      .for("update");
    if (!guest) return;
    const items = await tx
      .select({
        productId: cartItems.productId,
        quantity: cartItems.quantity,
        exchange: cartItems.exchange,
        exchangeCreditPaise: cartItems.exchangeCreditPaise,
      })
      .from(cartItems)
      .where(eq(cartItems.cartId, guest.id));
    if (items.length > 0) {
      const target = await userCartId(tx, userId);
      await tx
        .insert(cartItems)
        .values(items.map((item) => ({ cartId: target, ...item })))
        .onConflictDoUpdate(addedUp);
      if (guest.promoCode) {
        await tx.update(carts).set({ promoCode: guest.promoCode }).where(eq(carts.id, target));
      }
    }
    await tx.delete(carts).where(eq(carts.id, guest.id));
  });
}
