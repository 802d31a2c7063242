import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cartItems, carts, products } from "~/db/schema";
import { limitPerConnection, type RateRule } from "~/features/accounts/rate-limit.server";
import { cardImage, productHref } from "~/features/catalog/product-image";
import { productName } from "~/features/catalog/product-name";
import { ordersMessages } from "~/features/orders/orders.messages";
import {
  lineTotalPaise,
  type OrderTotals,
  priceOrder,
  subtotalOf,
} from "~/features/orders/pricing.server";
import { checkPromoCode } from "~/features/orders/promo.server";
import { findExchangeOffer } from "~/features/purchase/exchange.server";
import { purchaseMessages } from "~/features/purchase/purchase.messages";
import { getSettings } from "~/features/settings/settings.server";
import { DomainError, NotFound } from "~/lib/errors";
import { cartMessages as m } from "./cart.messages";
import { type CartOwner, MAX_QUANTITY, ownerCondition } from "./cart.server";

/** One line of the cart page, priced now from the database. */
export type CartViewLine = {
  productId: number;
  model: string;
  name: string;
  image: string;
  href: string;
  quantity: number;
  /** The most the dropdown offers: 4, or fewer when fewer are in stock (at least the line's
   * own quantity, so the dropdown can show it with its problem). */
  maxQuantity: number;
  unitPricePaise: number;
  /** The exchange credit per battery the line gets now (0 without exchange). */
  exchangeCreditPaise: number;
  exchange: boolean;
  /** The credit the exchange would give, or null when it is not offered for this battery. */
  exchangeOfferPaise: number | null;
  lineTotalPaise: number;
  /** Why this line cannot be ordered as it stands, if it cannot. */
  problem: string | null;
};

export type CartView = {
  lines: CartViewLine[];
  /** The applied promo code, and why it gives nothing now if it does not. */
  promo: { code: string; problem: string | null } | null;
  totals: OrderTotals;
  gstPercent: number;
  /** Whether every line can be ordered as it stands. */
  orderable: boolean;
};

/** The owner's cart row, if any. */
async function findCart(db: Pick<Db, "select">, owner: CartOwner) {
  const condition = ownerCondition(owner);
  if (!condition) return null;
  const [cart] = await db
    .select({ id: carts.id, promoCode: carts.promoCode })
    .from(carts)
    .where(condition);
  return cart ?? null;
}

/**
 * The cart page: each line priced from the database now (price, the exchange credit of the
 * admin's current bands), what is wrong with a line (no longer sold, not enough in stock), the
 * applied promo code re-checked, and the totals exactly as an order would be priced.
 */
export async function viewCart(
  db: Db,
  owner: CartOwner,
  now = new Date(),
  /** A battery's descriptive name (a page in another language gives its own). */
  nameOf: (battery: Parameters<typeof productName>[0]) => string = productName,
): Promise<CartView> {
  const cart = await findCart(db, owner);
  const settings = await getSettings(db);
  const rows = cart
    ? await db
        .select({
          productId: products.id,
          model: products.model,
          name: products.name,
          category: products.category,
          capacityAh: products.capacityAh,
          warrantyMonths: products.warrantyMonths,
          image: products.image,
          pricePaise: products.pricePaise,
          stock: products.stock,
          active: products.active,
          quantity: cartItems.quantity,
          exchange: cartItems.exchange,
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.cartId, cart.id))
        .orderBy(cartItems.createdAt, cartItems.productId)
    : [];
  const lines: CartViewLine[] = [];
  for (const row of rows) {
    const offer = await findExchangeOffer(db, row);
    const exchangeCreditPaise = row.exchange && offer ? offer.creditPaise : 0;
    const problem = !row.active
      ? ordersMessages.lineGone
      : row.stock < row.quantity
        ? ordersMessages.lineShort(row.stock)
        : null;
    lines.push({
      productId: row.productId,
      model: row.model,
      name: nameOf(row),
      image: cardImage(row.image, row.category),
      href: productHref(row.model),
      quantity: row.quantity,
      maxQuantity: Math.max(row.quantity, Math.min(MAX_QUANTITY, row.stock)),
      unitPricePaise: row.pricePaise,
      exchangeCreditPaise,
      exchange: row.exchange && offer !== null,
      exchangeOfferPaise: offer?.creditPaise ?? null,
      lineTotalPaise: lineTotalPaise({
        quantity: row.quantity,
        unitPricePaise: row.pricePaise,
        exchangeCreditPaise,
      }),
      problem,
    });
  }
  let promo: CartView["promo"] = null;
  let offer = null;
  if (cart?.promoCode && lines.length > 0) {
    const check = await checkPromoCode(db, cart.promoCode, subtotalOf(lines), now);
    promo = { code: cart.promoCode, problem: check.ok ? null : check.message };
    if (check.ok) offer = check.offer;
  }
  return {
    lines,
    promo,
    totals: priceOrder(lines, offer, settings),
    gstPercent: settings.gstPercent,
    orderable: lines.length > 0 && lines.every((line) => line.problem === null),
  };
}

/** The owner's line for a product, with the product's stock, exchange data and model. */
async function findLine(db: Db, owner: CartOwner, productId: number) {
  const cart = await findCart(db, owner);
  if (!cart) throw new NotFound(m.lineMissing);
  const [line] = await db
    .select({
      cartId: cartItems.cartId,
      model: products.model,
      stock: products.stock,
      category: products.category,
      capacityAh: products.capacityAh,
      pricePaise: products.pricePaise,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, productId)));
  if (!line) throw new NotFound(m.lineMissing);
  return line;
}

function lineWhere(cartId: string, productId: number) {
  return and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId));
}

/** Sets a line's quantity (1 to 4, never more than the stock). */
export async function setLineQuantity(
  db: Db,
  owner: CartOwner,
  input: { productId: number; quantity: number },
): Promise<{ model: string }> {
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_QUANTITY) {
    throw new DomainError(m.quantityRange, 400, { quantity: m.quantityRange });
  }
  const line = await findLine(db, owner, input.productId);
  if (input.quantity > line.stock) {
    const message =
      line.stock <= 0 ? ordersMessages.lineShort(0) : m.quantityAboveStock(line.stock);
    throw new DomainError(message, 409, { quantity: message });
  }
  await db
    .update(cartItems)
    .set({ quantity: input.quantity, updatedAt: sql`now()` })
    .where(lineWhere(line.cartId, input.productId));
  return { model: line.model };
}

/** Takes a product out of the cart. */
export async function removeLine(
  db: Db,
  owner: CartOwner,
  input: { productId: number },
): Promise<{ model: string }> {
  const line = await findLine(db, owner, input.productId);
  await db.delete(cartItems).where(lineWhere(line.cartId, input.productId));
  return { model: line.model };
}

/** Turns a line's old-battery exchange on (when offered for the battery) or off. */
export async function setLineExchange(
  db: Db,
  owner: CartOwner,
  input: { productId: number; exchange: boolean },
): Promise<{ model: string }> {
  const line = await findLine(db, owner, input.productId);
  const offer = input.exchange ? await findExchangeOffer(db, line) : null;
  if (input.exchange && !offer) throw new DomainError(purchaseMessages.exchangeNotOffered, 409);
  await db
    .update(cartItems)
    .set({
      exchange: input.exchange,
      exchangeCreditPaise: offer?.creditPaise ?? 0,
      updatedAt: sql`now()`,
    })
    .where(lineWhere(line.cartId, input.productId));
  return { model: line.model };
}

/**
 * Applies a promo code to the cart if it may be used now on this cart's subtotal; otherwise the
 * reason, as the box's error, and the cart keeps what it had.
 */
export async function applyPromoCode(
  db: Db,
  owner: CartOwner,
  typed: string,
  now = new Date(),
): Promise<{ code: string }> {
  const condition = ownerCondition(owner);
  const view = await viewCart(db, owner, now);
  if (!condition || view.lines.length === 0) {
    throw new DomainError(ordersMessages.cartEmpty, 409, { promoCode: ordersMessages.cartEmpty });
  }
  const check = await checkPromoCode(db, typed, view.totals.subtotalPaise, now);
  if (!check.ok) throw new DomainError(check.message, 409, { promoCode: check.message });
  await db.update(carts).set({ promoCode: check.code }).where(condition);
  return { code: check.code };
}

/** Promo codes one connection may try in an hour: a shopper types a few; a script guessing codes
 * from a word list is stopped (counted in the database, shared by all app processes). */
export const promoTriesPerIp: RateRule = { limit: 20, windowSeconds: 60 * 60 };

/** "Apply" from a shopper's browser: counted against their connection first, then applied. */
export async function requestPromoCode(
  db: Db,
  owner: CartOwner,
  typed: string,
  client: { headers: Headers },
  now = new Date(),
): Promise<{ code: string }> {
  await limitPerConnection(db, "promo", promoTriesPerIp, client, ordersMessages.tooManyPromoTries);
  return applyPromoCode(db, owner, typed, now);
}

/** Takes the promo code off the cart. */
export async function removePromoCode(db: Db, owner: CartOwner): Promise<void> {
  const condition = ownerCondition(owner);
  if (condition) await db.update(carts).set({ promoCode: null }).where(condition);
}

/**
 * Opens the checkout of the user's cart: its UPI transaction reference, made once and kept
 * until the order is placed, so the QR stays the same however often the dialog opens.
 */
export async function openCheckout(
  db: Db,
  userId: string,
  newReference: () => string,
): Promise<{ reference: string }> {
  const cart = await findCart(db, { userId });
  if (!cart) throw new DomainError(ordersMessages.cartEmpty, 409);
  const [hasLine] = await db
    .select({ productId: cartItems.productId })
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id))
    .limit(1);
  if (!hasLine) throw new DomainError(ordersMessages.cartEmpty, 409);
  const [row] = await db
    .update(carts)
    .set({ checkoutReference: sql`coalesce(${carts.checkoutReference}, ${newReference()})` })
    .where(eq(carts.id, cart.id))
    .returning({ reference: carts.checkoutReference });
  if (!row?.reference) throw new Error("openCheckout: no reference stored");
  return { reference: row.reference };
}

/** The reference of the user's open checkout, or null when none is open. */
export async function openCheckoutReference(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ reference: carts.checkoutReference })
    .from(carts)
    .where(eq(carts.userId, userId));
  return row?.reference ?? null;
}
