import { randomBytes } from "node:crypto";
import { and, asc, count, eq, gte, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import {
  cartItems,
  carts,
  deliveryDetails,
  orderEvents,
  orderItems,
  orderRefunds,
  orders,
  products,
  promoCodes,
} from "~/db/schema";
import type { Courier, PaymentMethod, RefundMethod } from "~/db/schema/enums";
import { consumeRateLimits, type RateRule } from "~/features/accounts/rate-limit.server";
import { assertEmailVerified } from "~/features/accounts/verification.server";
import { recordAudit } from "~/features/audit/audit.server";
import { productName } from "~/features/catalog/product-name";
import { gstMessages } from "~/features/gst/gst.messages";
import { issueCreditNote, issueInvoice } from "~/features/gst/invoices.server";
import { findPincode } from "~/features/places/pincodes.server";
import { checkDelivery } from "~/features/purchase/delivery.server";
import { findExchangeOffer } from "~/features/purchase/exchange.server";
import { purchaseMessages } from "~/features/purchase/purchase.messages";
import { getSettings } from "~/features/settings/settings.server";
import { mailBackInStock } from "~/features/stock-alerts/stock-alerts.server";
import { clientIp } from "~/lib/client-ip.server";
import { DomainError, NotFound, ValidationError } from "~/lib/errors";
import { formatDateTime } from "~/lib/format";
import type { Locale } from "~/lib/i18n/locales";
import { indiaDayOf } from "~/lib/india-time";
import { queueMail } from "~/lib/mail-outbox.server";
import { isUniqueViolation } from "~/lib/sql.server";
import { queueOrderMail, refundMail } from "./order-mail.server";
import {
  awaitingPayment,
  canTransition,
  isPaid,
  type OrderActor,
  type OrderStatus,
  orderStatusLabels,
  restocks,
} from "./order-status";
import { ordersMessages } from "./orders.messages";
import {
  CHECKOUT_REFERENCE,
  checkedDeliverySchema,
  type DeliveryInput,
  shipmentErrors,
} from "./orders.schema";
import { type PricedLine, priceOrder, subtotalOf } from "./pricing.server";
import { checkPromoCode } from "./promo.server";

/** A checkout's UPI transaction reference (`tr`): letters and digits, unique to the checkout. */
export function newCheckoutReference(): string {
  return `UC${randomBytes(10).toString("hex").toUpperCase()}`;
}

/** The order could not be placed as the cart stands: which lines to change, and why. */
export class CartNeedsChanges extends DomainError {
  constructor(readonly lines: { model: string; message: string }[]) {
    super(
      [ordersMessages.cartNeedsChanges, ...lines.map((l) => `${l.model}: ${l.message}`)].join(" "),
      409,
    );
  }
}

export type PlaceOrderInput = {
  /** The checkout's reference (newCheckoutReference), shown in its QR code. */
  reference: string;
  delivery: DeliveryInput;
  /** The promo code to use; by default the one applied to the cart. */
  promoCode?: string | null;
  /** The total the customer was shown (and paid by the QR): when the cart now costs anything
   * else, nothing is placed and they are told the new total. */
  expectedTotalPaise?: number;
  /** The UPI transaction id the customer typed, if any. */
  utr?: string | null;
  /** By UPI now (the default), or on installation when the store offers it (ADR 031). */
  paymentMethod?: PaymentMethod;
  /** The language of the page it was placed on (issue 26): its mails are written in it. */
  locale?: Locale;
};

/**
 * The order already placed for this checkout, given back to its customer (a double click, a
 * retried request); a checkout of someone else's is refused. Null: not placed yet.
 */
async function placedFor(db: Pick<Db, "select">, reference: string, actor: { id: string }) {
  const [found] = await db
    .select({ number: orders.number, userId: orders.userId })
    .from(orders)
    .where(eq(orders.reference, reference));
  if (!found) return null;
  if (found.userId !== actor.id) throw new DomainError(ordersMessages.checkoutExpired, 409);
  return { number: found.number, created: false };
}

/** What placing or changing an order needs besides its input: the clock, and the store's
 * address for the links in the customer's mail. */
export type OrderOptions = {
  now?: Date;
  publicUrl: string;
  /** The caller writes the audit entry of an admin's status change itself, with more to say
   * (the bank statement's reconciliation). */
  auditedByCaller?: boolean;
};

/**
 * Places the customer's cart as an order, in one transaction: the lines re-priced from the
 * database (prices, exchange credits, the promo code, shipping and GST: nothing the browser
 * sent), stock checked and taken, the promo's use counted, the order with its lines and first
 * event stored, the cart emptied and the delivery details remembered. Placing the same checkout
 * again (a double click, a retried request) gives back the same order.
 */
export async function placeOrder(
  db: Db,
  input: PlaceOrderInput,
  actor: { id: string },
  options: OrderOptions,
): Promise<{ number: number; created: boolean }> {
  await assertEmailVerified(db, actor.id);
  const now = options.now ?? new Date();
  if (!CHECKOUT_REFERENCE.test(input.reference))
    throw new DomainError(ordersMessages.checkoutExpired, 400);
  const delivery = parsedDelivery(input.delivery);
  const utr = input.utr?.trim() || null;
  if (utr !== null && !/^[A-Za-z0-9]{6,35}$/.test(utr)) {
    throw new DomainError(ordersMessages.utrInvalid, 400, { utr: ordersMessages.utrInvalid });
  }
  const placedBefore = await placedFor(db, input.reference, actor);
  if (placedBefore) return placedBefore;
  const rules = await getSettings(db);
  // The State the customer chose; left empty, the pincode's in India Post's directory (ADR 033).
  const state = delivery.state ?? (await findPincode(db, delivery.pincode))?.state ?? null;
  if (state === null) {
    throw new ValidationError(gstMessages.chooseState, { state: gstMessages.chooseState });
  }
  // The same delivery areas as the product page's check: an order never goes where the store
  // does not deliver.
  const area = await checkDelivery(db, delivery.pincode);
  if (!area.served) {
    const message = purchaseMessages.deliveryNotServed(delivery.pincode);
    throw new ValidationError(message, { pincode: message });
  }
  const onInstallation = input.paymentMethod === "on_installation";
  if (onInstallation && !rules.payOnInstallationEnabled) {
    throw new ValidationError(ordersMessages.payOnInstallationOff, {
      paymentMethod: ordersMessages.payOnInstallationOff,
    });
  }
  if (utr !== null && !onInstallation) await refuseUtrInUse(db, utr);

  try {
    return await db.transaction(async (tx) => {
      const [cart] = await tx
        .select({
          id: carts.id,
          promoCode: carts.promoCode,
          checkoutReference: carts.checkoutReference,
        })
        .from(carts)
        .where(eq(carts.userId, actor.id))
        .for("update");
      // Two checkouts of one cart wait for each other here; the second finds it placed.
      const again = await placedFor(tx, input.reference, actor);
      if (again) return again;
      // A QR shown before the cart's checkout was placed or reopened is not this checkout.
      if (cart?.checkoutReference && cart.checkoutReference !== input.reference) {
        throw new DomainError(ordersMessages.checkoutExpired, 409);
      }
      const lines = cart ? await lockedLines(tx, cart.id) : [];
      if (!cart || lines.length === 0) throw new DomainError(ordersMessages.cartEmpty, 409);
      // Unpaid orders hold stock: a customer may have only a few waiting at once (the cart's
      // lock above makes one customer's checkouts take turns, so the count holds).
      const [{ unpaid } = { unpaid: 0 }] = await tx
        .select({ unpaid: count() })
        .from(orders)
        .where(and(eq(orders.userId, actor.id), inArray(orders.status, awaitingPayment)));
      if (unpaid >= MAX_UNPAID_ORDERS) {
        throw new DomainError(ordersMessages.tooManyUnpaid(MAX_UNPAID_ORDERS), 409);
      }

      const problems = lines.flatMap((line) => {
        if (!line.active) return [{ model: line.model, message: ordersMessages.lineGone }];
        if (line.stock < line.quantity) {
          return [{ model: line.model, message: ordersMessages.lineShort(line.stock) }];
        }
        return [];
      });
      if (problems.length > 0) throw new CartNeedsChanges(problems);

      const priced: (PricedLine & (typeof lines)[number])[] = [];
      for (const line of lines) {
        const offer = line.exchange ? await findExchangeOffer(tx, line) : null;
        priced.push({
          ...line,
          unitPricePaise: line.pricePaise,
          exchangeCreditPaise: offer?.creditPaise ?? 0,
        });
      }
      const promoCode = input.promoCode === undefined ? cart.promoCode : input.promoCode;
      const promo = promoCode?.trim()
        ? await checkPromoCode(tx, promoCode, subtotalOf(priced), now)
        : null;
      if (promo && !promo.ok)
        throw new DomainError(promo.message, 409, { promoCode: promo.message });
      if (promo?.ok) {
        // Counted only while a use is left: two orders racing for the last use get one.
        const counted = await tx
          .update(promoCodes)
          .set({ uses: sql`${promoCodes.uses} + 1` })
          .where(
            and(
              eq(promoCodes.id, promo.id),
              or(isNull(promoCodes.usageLimit), sql`${promoCodes.uses} < ${promoCodes.usageLimit}`),
            ),
          )
          .returning({ id: promoCodes.id });
        if (counted.length === 0) {
          throw new DomainError(ordersMessages.promoUsedUp, 409, {
            promoCode: ordersMessages.promoUsedUp,
          });
        }
      }
      const totals = priceOrder(priced, promo?.ok ? promo.offer : null, rules);
      if (
        input.expectedTotalPaise !== undefined &&
        input.expectedTotalPaise !== totals.totalPaise
      ) {
        throw new DomainError(ordersMessages.totalChanged(totals.totalPaise), 409);
      }
      if (onInstallation && totals.totalPaise > rules.payOnInstallationMaxPaise) {
        const message = ordersMessages.payOnInstallationOver(rules.payOnInstallationMaxPaise);
        throw new ValidationError(message, { paymentMethod: message });
      }

      // An order the promo code paid in full has nothing to pay by UPI: it is placed as paid.
      // One paid on installation is Placed, with no time to pay (ADR 031).
      const free = totals.totalPaise === 0;
      const paymentMethod: PaymentMethod = onInstallation && !free ? "on_installation" : "upi";
      const status = free ? "paid" : onInstallation ? "placed" : "payment_pending";
      const [order] = await tx
        .insert(orders)
        .values({
          userId: actor.id,
          locale: input.locale ?? "en",
          status,
          paymentMethod,
          paymentDueAt:
            status === "payment_pending"
              ? new Date(now.getTime() + rules.paymentWindowHours * 60 * 60 * 1000)
              : null,
          customerName: delivery.name,
          phone: delivery.phone,
          house: delivery.house,
          address: delivery.address,
          landmark: delivery.landmark,
          city: delivery.city,
          state,
          pincode: delivery.pincode,
          buyerGstin: delivery.buyerGstin,
          buyerLegalName: delivery.buyerLegalName,
          ...totals,
          promoCodeId: promo?.ok ? promo.id : null,
          promoCode: promo?.ok ? promo.code : null,
          reference: input.reference,
          utr: paymentMethod === "upi" ? utr : null,
        })
        .returning({ id: orders.id, number: orders.number });
      if (!order) throw new Error("placeOrder: the order was not stored");
      await tx.insert(orderItems).values(
        priced.map((line) => ({
          orderId: order.id,
          productId: line.productId,
          model: line.model,
          name: productName(line),
          unitPricePaise: line.unitPricePaise,
          exchangeCreditPaise: line.exchangeCreditPaise,
          quantity: line.quantity,
        })),
      );
      for (const line of priced) {
        // The lines' products are locked; the condition is the last word all the same.
        const taken = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${line.quantity}` })
          .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
          .returning({ stock: products.stock });
        if (taken.length === 0) {
          throw new CartNeedsChanges([{ model: line.model, message: ordersMessages.lineShort(0) }]);
        }
      }
      await tx.insert(orderEvents).values({
        orderId: order.id,
        toStatus: status,
        actorId: actor.id,
        note: free
          ? ordersMessages.nothingToPay
          : onInstallation
            ? ordersMessages.payOnInstallation(totals.totalPaise)
            : null,
      });
      // An order the promo paid in full is paid now: its (nil) tax invoice with it (ADR 033).
      if (free) await issueInvoice(tx, order.id, { now, publicUrl: options.publicUrl });
      await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
      await tx
        .update(carts)
        .set({ promoCode: null, checkoutReference: null })
        .where(eq(carts.id, cart.id));
      await tx
        .insert(deliveryDetails)
        .values({ userId: actor.id, ...delivery, state })
        .onConflictDoUpdate({
          target: deliveryDetails.userId,
          set: { ...delivery, state, updatedAt: now },
        });
      await queueOrderMail(tx, order.number, "placed", options.publicUrl);
      return { number: order.number, created: true };
    });
  } catch (error) {
    // The same checkout placed by a request that won the race: that order is this one.
    const placed = await placedFor(db, input.reference, actor);
    if (placed) return placed;
    // Another order took this UTR meanwhile: the database keeps one UTR to one order.
    if (isUniqueViolation(error, "orders_utr_unique")) throw utrInUse();
    throw error;
  }
}

/** The delivery details given, checked; a refusal names its fields (a 400, never a 500). */
function parsedDelivery(input: DeliveryInput) {
  const parsed = checkedDeliverySchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "")] ??= issue.message;
  throw new ValidationError(
    parsed.error.issues[0]?.message ?? "Check the delivery details",
    fields,
  );
}

/** How many orders waiting for payment a customer may have at once. */
export const MAX_UNPAID_ORDERS = 3;

/** Orders one account, and one address, may place in an hour (a family orders a few). */
export const ordersPerAccount: RateRule = { limit: 10, windowSeconds: 60 * 60 };
export const ordersPerIp: RateRule = { limit: 20, windowSeconds: 60 * 60 };

/**
 * Confirm Order from a customer's browser: counted against their account and their address
 * first (in the database, shared by every app process), then placed.
 */
export async function requestOrder(
  db: Db,
  input: PlaceOrderInput,
  actor: { id: string },
  client: { headers: Headers },
  options: OrderOptions,
) {
  await consumeRateLimits(db, [
    { key: `order:user:${actor.id}`, rule: ordersPerAccount },
    { key: `order:ip:${clientIp(client)}`, rule: ordersPerIp },
  ]);
  return placeOrder(db, input, actor, options);
}

function utrInUse() {
  return new DomainError(ordersMessages.utrInUse, 409, { utr: ordersMessages.utrInUse });
}

/** A UTR names one payment: one already on an order that is not cancelled (other than
 * `exceptOrderId`, the order it is being given to) is refused. */
async function refuseUtrInUse(db: Pick<Db, "select">, utr: string, exceptOrderId?: number) {
  const [taken] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.utr, utr),
        ne(orders.status, "cancelled"),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    )
    .limit(1);
  if (taken) throw utrInUse();
}

/** The cart's lines with their products, the products locked (in id order) until the end. */
async function lockedLines(tx: Tx, cartId: string) {
  return tx
    .select({
      productId: products.id,
      model: products.model,
      name: products.name,
      category: products.category,
      capacityAh: products.capacityAh,
      warrantyMonths: products.warrantyMonths,
      pricePaise: products.pricePaise,
      stock: products.stock,
      active: products.active,
      quantity: cartItems.quantity,
      exchange: cartItems.exchange,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(products.id))
    .for("update", { of: products });
}

/** Who changes an order: its customer, or an admin (whose role the route has checked). */
export type OrderChanger = { id: string; as: OrderActor };

/** An order as a change reads it, locked. */
type LockedOrder = Pick<
  typeof orders.$inferSelect,
  "id" | "number" | "status" | "userId" | "promoCodeId" | "totalPaise" | "paymentMethod"
>;

const lockedOrderColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  userId: orders.userId,
  promoCodeId: orders.promoCodeId,
  totalPaise: orders.totalPaise,
  paymentMethod: orders.paymentMethod,
};

/**
 * Moves an order to another status, if the rules allow it for this actor (order-status.ts): a
 * customer only their own order, and only to cancel it while payment is pending. The change is
 * an event (who, when, from, to, note) and a mail to the customer, queued with it. An order the
 * actor may not see is not found. A cancellation gives the promo code's use back and puts the
 * batteries back in stock, except those of a shipped order unless `restock` says they came back
 * (the admin is asked); a paid order cancelled owes its customer a refund, said on the timeline.
 */
export async function changeOrderStatus(
  db: Db,
  input: {
    number: number;
    to: OrderStatus;
    /** For the customer: their order's timeline and the status mail. */
    note?: string | null;
    /** For staff only: the back office's timeline, never the customer's page or mail. */
    internalNote?: string | null;
    restock?: boolean;
    /** Marking it shipped: who carries it and the tracking number (none for own delivery). */
    courier?: Courier | null;
    trackingNumber?: string | null;
  },
  actor: OrderChanger,
  options: OrderOptions,
): Promise<void> {
  const missing = shipmentErrors(input);
  const [firstMissing] = Object.values(missing);
  if (firstMissing) throw new ValidationError(firstMissing, missing);
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select(lockedOrderColumns)
      .from(orders)
      .where(eq(orders.number, input.number))
      .for("update");
    if (!order || (actor.as === "customer" && order.userId !== actor.id)) {
      throw new NotFound(ordersMessages.orderNotFound);
    }
    if (!canTransition(order.status, input.to, actor.as)) {
      throw new DomainError(
        ordersMessages.transitionRefused(
          orderStatusLabels[order.status].toLowerCase(),
          orderStatusLabels[input.to].toLowerCase(),
        ),
        409,
      );
    }
    const note = input.note?.trim() || null;
    const internalNote = input.internalNote?.trim() || null;
    // A pay-on-installation order is delivered and paid in one step: the fitter took the
    // money at installation (ADR 031). Said on the timeline and in the audit log.
    const paidNow = order.paymentMethod === "on_installation" && input.to === "delivered";
    if (input.to === "cancelled") {
      if (order.status === "shipped" && input.restock === undefined) {
        throw new ValidationError(ordersMessages.askGoodsBack, {
          restock: ordersMessages.askGoodsBack,
        });
      }
      await cancelLocked(tx, order, {
        actorId: actor.id,
        note,
        internalNote,
        restock: order.status !== "shipped" || input.restock === true,
        publicUrl: options.publicUrl,
        now: options.now,
      });
    } else {
      const shipment =
        input.to === "shipped"
          ? {
              courier: input.courier ?? null,
              trackingNumber: input.courier === "own_delivery" ? null : input.trackingNumber,
            }
          : {};
      await tx
        .update(orders)
        .set({ status: input.to, paymentDueAt: null, ...shipment })
        .where(eq(orders.id, order.id));
      await tx.insert(orderEvents).values({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: input.to,
        actorId: actor.id,
        note: paidNow
          ? [ordersMessages.paidOnInstallation(order.totalPaise), note].filter(Boolean).join(" ")
          : note,
        internalNote,
      });
      if (input.to === "paid" || paidNow) {
        // The tax invoice is made with the payment, in this transaction (ADR 033).
        await issueInvoice(tx, order.id, {
          now: options.now ?? new Date(),
          publicUrl: options.publicUrl,
        });
      }
    }
    // Every move the order desk makes is in the audit log (the customer's own cancel is on the
    // order's timeline only); delivered and paid on installation is a step of its own.
    if ((actor.as === "admin" || paidNow) && !options.auditedByCaller) {
      await recordAudit(
        tx,
        actor,
        "order",
        order.number,
        { status: order.status },
        {
          status: input.to,
          ...(paidNow ? { paidPaise: order.totalPaise, paymentMethod: order.paymentMethod } : {}),
          ...(note ? { note } : {}),
          ...(internalNote ? { internalNote } : {}),
          ...(input.to === "cancelled" && order.status === "shipped"
            ? { restocked: input.restock === true }
            : {}),
          ...(input.to === "shipped"
            ? {
                courier: input.courier ?? null,
                trackingNumber:
                  input.courier === "own_delivery" ? null : (input.trackingNumber ?? null),
              }
            : {}),
        },
        paidNow ? "paid_on_installation" : "status",
      );
    }
    await queueOrderMail(tx, input.number, "status", options.publicUrl);
  });
}

/**
 * Cancels a locked order in the caller's transaction: its status and event (with what the
 * customer is owed, if they had paid), its promo code's use given back (never below nought,
 * whoever cancels at the same moment), and its batteries back in stock when `restock` (a
 * battery back from nought mails those waiting for it, "Notify me").
 */
async function cancelLocked(
  tx: Tx,
  order: LockedOrder,
  how: {
    actorId: string | null;
    note: string | null;
    internalNote?: string | null;
    restock: boolean;
    publicUrl: string;
    now?: Date;
  },
) {
  // Money came in (an order the promo paid in full brought none, one paid on installation none
  // before delivery): it is owed back.
  const paid = isPaid(order) && order.totalPaise > 0;
  // The customer is told of the refund in their words; the stock is the store's business.
  const forCustomer = [how.note, paid ? ordersMessages.refundDueToYou(order.totalPaise) : null];
  const forStaff = [
    how.internalNote,
    order.status === "shipped"
      ? how.restock
        ? ordersMessages.goodsBack
        : ordersMessages.goodsNotBack
      : null,
    paid ? ordersMessages.refundDue(order.totalPaise) : null,
  ];
  await tx
    .update(orders)
    .set({ status: "cancelled", paymentDueAt: null })
    .where(eq(orders.id, order.id));
  // A sale invoiced is undone by a credit note, in this transaction (ADR 033); an order never
  // paid has no invoice to undo (the payment-window job cancels many such at once).
  if (isPaid(order)) await issueCreditNote(tx, order.id, { now: how.now ?? new Date() });
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: "cancelled",
    actorId: how.actorId,
    note: forCustomer.filter(Boolean).join(" ") || null,
    internalNote: forStaff.filter(Boolean).join(" ") || null,
  });
  if (order.promoCodeId !== null) {
    await tx
      .update(promoCodes)
      .set({ uses: sql`${promoCodes.uses} - 1` })
      .where(and(eq(promoCodes.id, order.promoCodeId), sql`${promoCodes.uses} > 0`));
  }
  if (how.restock && restocks("cancelled")) {
    // Every line's batteries back, in one statement (a product deleted since has no line to
    // join: its order line keeps only a copy).
    const back = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${orderItems.quantity}` })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, products.id)))
      .returning({ id: products.id });
    await mailBackInStock(
      tx,
      back.map((row) => row.id),
      how.publicUrl,
    );
  }
}

/**
 * Cancels the orders whose time to pay ran out (the background job, server/jobs.ts): each gets
 * its stock and its promo use back, an event saying why, and a mail to its customer. Orders are
 * claimed with SKIP LOCKED, so app processes running this at once never take the same one.
 * Gives back the numbers of the orders that lapsed.
 */
export async function expireUnpaidOrders(
  db: Db,
  options: OrderOptions & { batch?: number },
): Promise<number[]> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ ...lockedOrderColumns, paymentDueAt: orders.paymentDueAt })
      .from(orders)
      .where(and(eq(orders.status, "payment_pending"), lte(orders.paymentDueAt, now)))
      .orderBy(asc(orders.paymentDueAt), asc(orders.id))
      .limit(options.batch ?? 50)
      .for("update", { skipLocked: true });
    for (const order of due) {
      const deadline = formatDateTime(order.paymentDueAt ?? now);
      await cancelLocked(tx, order, {
        actorId: null,
        note: ordersMessages.lapsed(deadline),
        restock: true,
        publicUrl: options.publicUrl,
      });
      await queueOrderMail(tx, order.number, "status", options.publicUrl);
    }
    return due.map((order) => order.number);
  });
}

/**
 * A UPI transaction ID (UTR) the customer adds on their order page after paying: only on their
 * own order, only while it waits for its UPI payment, and never one already on another order.
 */
export async function addOrderUtr(
  db: Db,
  input: { number: number; utr: string },
  actor: { id: string },
): Promise<void> {
  const utr = input.utr.trim();
  if (!/^[A-Za-z0-9]{6,35}$/.test(utr)) {
    throw new ValidationError(ordersMessages.utrInvalid, { utr: ordersMessages.utrInvalid });
  }
  try {
    await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id, userId: orders.userId, status: orders.status })
        .from(orders)
        .where(eq(orders.number, input.number))
        .for("update");
      if (!order || order.userId !== actor.id) throw new NotFound(ordersMessages.orderNotFound);
      if (order.status !== "payment_pending") {
        throw new DomainError(ordersMessages.utrNotPending, 409);
      }
      await refuseUtrInUse(tx, utr, order.id);
      await tx.update(orders).set({ utr, updatedAt: new Date() }).where(eq(orders.id, order.id));
    });
  } catch (error) {
    if (isUniqueViolation(error, "orders_utr_unique")) throw utrInUse();
    throw error;
  }
}

export type RefundInput = {
  number: number;
  amountPaise: number;
  method: RefundMethod;
  reference: string;
  /** The day the money went back ("2026-11-26", India's calendar). */
  refundedOn: string;
  note?: string | null;
};

/**
 * Records the money given back for a paid order that was cancelled: once per order, at most its
 * total, on a day between its placing and today (India); shown on its timeline as Refunded, told
 * to the customer by mail, and audited.
 */
export async function recordRefund(
  db: Db,
  input: RefundInput,
  actor: { id: string },
  options: OrderOptions,
): Promise<void> {
  const today = indiaDayOf(options.now ?? new Date());
  try {
    await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ ...lockedOrderColumns, createdAt: orders.createdAt })
        .from(orders)
        .where(eq(orders.number, input.number))
        .for("update");
      if (!order) throw new NotFound(ordersMessages.orderNotFound);
      const [wasPaid] = await tx
        .select({ id: orderEvents.id })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "paid")))
        .limit(1);
      if (order.status !== "cancelled" || !wasPaid || order.totalPaise === 0) {
        throw new DomainError(ordersMessages.refundNotOwed, 409);
      }
      if (input.amountPaise > order.totalPaise) {
        throw new ValidationError(ordersMessages.refundTooMuch(order.totalPaise), {
          amount: ordersMessages.refundTooMuch(order.totalPaise),
        });
      }
      if (input.refundedOn > today || input.refundedOn < indiaDayOf(order.createdAt)) {
        throw new ValidationError(ordersMessages.refundDay, {
          refundedOn: ordersMessages.refundDay,
        });
      }
      const refund = {
        orderId: order.id,
        amountPaise: input.amountPaise,
        method: input.method,
        reference: input.reference,
        refundedOn: input.refundedOn,
        note: input.note?.trim() || null,
        actorId: actor.id,
      };
      await tx.insert(orderRefunds).values(refund);
      await recordAudit(tx, actor, "order", order.number, {}, refund, "refund");
      const mail = await refundMail(tx, order.number, options.publicUrl);
      if (mail) await queueMail(tx, mail);
    });
  } catch (error) {
    if (isUniqueViolation(error, "order_refunds_order_id_unique")) {
      throw new DomainError(ordersMessages.refundRecorded, 409);
    }
    throw error;
  }
}
