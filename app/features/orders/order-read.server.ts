import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias, union } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import {
  deliveryDetails,
  orderEvents,
  orderItems,
  orderRefunds,
  orderStatusCounts,
  orders,
  user,
} from "~/db/schema";
import { NotFound } from "~/lib/errors";
import { formatDay } from "~/lib/india-time";
import { normaliseMobile } from "~/lib/mobile";
import { formatPaise } from "~/lib/money";
import { paginate } from "~/lib/paginate";
import { recordId } from "~/lib/record-id";
import { escapeLike, qualified, queriesOn } from "~/lib/sql.server";
import { shipmentOf } from "./couriers";
import { type OrderActor, type OrderStatus, orderStatusLabels } from "./order-status";
import { ordersMessages } from "./orders.messages";
import { lineTotalPaise } from "./pricing.server";

export const ORDERS_PAGE_SIZE = 20;

/** The order number of an address (/account/orders/:number, /admin/order/:number): a bad one
 * is a missing order (404), never a SQL error. */
export function orderNumberOf(params: { number?: string }): number {
  const parsed = recordId().safeParse(params.number);
  if (!parsed.success) throw new NotFound(ordersMessages.orderNotFound);
  return parsed.data;
}

/**
 * Who looks at an order: its customer (only their own), an admin, or the mail to its customer
 * (any order, seen as its customer sees it: no staff-only notes).
 */
export type OrderViewer = { id: string; as: OrderActor } | { id: ""; as: "customer-mail" };

/** The order mail's view (order-mail.server.ts). */
export const customerMailViewer: OrderViewer = { id: "", as: "customer-mail" };

/** Who made a change, as the viewer is told: a customer sees "You" or "The store"; an admin
 * sees names. */
function eventBy(
  actorId: string | null,
  actorName: string | null,
  customerId: string | null,
  viewer: OrderViewer,
): string {
  if (actorId !== null && actorId === customerId) {
    return viewer.as === "customer" ? ordersMessages.byYou : (actorName ?? "The customer");
  }
  if (viewer.as === "admin") return actorName ?? "A deleted account";
  return ordersMessages.byStore;
}

/** What the back office shows of an order (list, CSV, order page). */
const adminColumns = {
  number: orders.number,
  customerName: orders.customerName,
  email: user.email,
  phone: orders.phone,
  house: orders.house,
  address: orders.address,
  landmark: orders.landmark,
  city: orders.city,
  state: orders.state,
  pincode: orders.pincode,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  subtotalPaise: orders.subtotalPaise,
  discountPaise: orders.discountPaise,
  shippingPaise: orders.shippingPaise,
  gstIncludedPaise: orders.gstIncludedPaise,
  totalPaise: orders.totalPaise,
  promoCode: orders.promoCode,
  reference: orders.reference,
  utr: orders.utr,
  createdAt: orders.createdAt,
};

/**
 * One order with its lines and its timeline (each status change with who made it), for its
 * customer or an admin. Another customer's order is not found, exactly like one that does not
 * exist.
 */
export async function getOrder(db: Db, number: number, viewer: OrderViewer) {
  const [order] = await db
    .select({
      ...adminColumns,
      id: orders.id,
      userId: orders.userId,
      paymentDueAt: orders.paymentDueAt,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      buyerGstin: orders.buyerGstin,
      buyerLegalName: orders.buyerLegalName,
      locale: orders.locale,
    })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.number, number));
  if (!order || (viewer.as === "customer" && order.userId !== viewer.id)) {
    throw new NotFound(ordersMessages.orderNotFound);
  }
  const actor = alias(user, "actor");
  // Composed inside the order's own transaction too (its mail): one statement at a time there.
  const [lines, events, refunds] = await queriesOn(db, [
    () =>
      db
        .select({
          productId: orderItems.productId,
          model: orderItems.model,
          name: orderItems.name,
          unitPricePaise: orderItems.unitPricePaise,
          exchangeCreditPaise: orderItems.exchangeCreditPaise,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.id)),
    () =>
      db
        .select({
          id: orderEvents.id,
          fromStatus: orderEvents.fromStatus,
          toStatus: orderEvents.toStatus,
          note: orderEvents.note,
          internalNote: orderEvents.internalNote,
          createdAt: orderEvents.createdAt,
          actorId: orderEvents.actorId,
          actorName: actor.name,
        })
        .from(orderEvents)
        .leftJoin(actor, eq(actor.id, orderEvents.actorId))
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    () =>
      db
        .select({
          id: orderRefunds.id,
          amountPaise: orderRefunds.amountPaise,
          method: orderRefunds.method,
          reference: orderRefunds.reference,
          refundedOn: orderRefunds.refundedOn,
          note: orderRefunds.note,
          createdAt: orderRefunds.createdAt,
          actorId: orderRefunds.actorId,
          actorName: actor.name,
        })
        .from(orderRefunds)
        .leftJoin(actor, eq(actor.id, orderRefunds.actorId))
        .where(eq(orderRefunds.orderId, order.id)),
  ] as const);
  const refund = refunds[0] ?? null;
  /** Paid at some point (its customer is owed a refund once it is cancelled). */
  const wasPaid = events.some((event) => event.toStatus === "paid");
  const { courier, trackingNumber, ...rest } = order;
  return {
    ...rest,
    shipment: shipmentOf({ courier, trackingNumber }),
    lines: lines.map((line) => ({
      ...line,
      lineTotalPaise: lineTotalPaise(line),
    })),
    refund,
    wasPaid,
    timeline: [
      ...events.map(({ actorId, actorName, ...event }) => ({
        key: `event-${event.id}`,
        title:
          event.fromStatus === null
            ? ordersMessages.orderPlacedEvent
            : orderStatusLabels[event.toStatus],
        note: event.note,
        // Staff's words stay in the back office: never on a customer's page or in their mail.
        internalNote: viewer.as === "admin" ? event.internalNote : null,
        createdAt: event.createdAt,
        by: eventBy(actorId, actorName, order.userId, viewer),
      })),
      ...(refund
        ? [
            {
              key: `refund-${refund.id}`,
              title: ordersMessages.refundedEvent,
              note: [refundSummary(refund), refund.note].filter(Boolean).join(" "),
              internalNote: null,
              createdAt: refund.createdAt,
              by: eventBy(refund.actorId, refund.actorName, order.userId, viewer),
            },
          ]
        : []),
    ],
  };
}
export type OrderDetail = Awaited<ReturnType<typeof getOrder>>;

const refundMethodLabels = {
  upi: "UPI",
  bank_transfer: "bank transfer",
  cash: "cash",
  other: "another way",
} as const;

/** "₹4,500 sent back by UPI on 27 Nov 2026 (reference 434599990000)." */
export function refundSummary(refund: {
  amountPaise: number;
  method: keyof typeof refundMethodLabels;
  reference: string;
  refundedOn: string;
}): string {
  return `${formatPaise(refund.amountPaise)} sent back by ${refundMethodLabels[refund.method]} on ${formatDay(refund.refundedOn)} (reference ${refund.reference}).`;
}

/**
 * The customer's orders, newest first, each with its number of batteries (units, not lines).
 * A join with group by, not a subquery: Drizzle qualifies every column of a joined select, so
 * the count can only be of the order's own lines (a subquery once counted other orders').
 */
export async function listCustomerOrders(db: Db, userId: string) {
  return db
    .select({
      number: orders.number,
      status: orders.status,
      totalPaise: orders.totalPaise,
      createdAt: orders.createdAt,
      items: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.number));
}

export type OrderListQuery = { q: string; status?: OrderStatus; page: number };

/** An order's id, written with its table (it is selected inside a subquery: ADR 025). */
const orderId = sql<number>`${qualified(orders.id)}`;

/** The text the search looks in: the expression of its trigram index, orders_search_idx. */
const searchText = sql`(${orders.customerName} || ' ' || ${orders.phone} || ' ' || ${orders.reference} || ' ' || coalesce(${orders.utr}, ''))`;

/** What the admin searched for: the words, without a leading "#" (an order number). */
const searchedFor = (query: Pick<OrderListQuery, "q">) => query.q.trim().replace(/^#/, "");

function adminListWhere(db: Db, query: Omit<OrderListQuery, "page">): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  const q = searchedFor(query);
  if (q) {
    const like = `%${escapeLike(q)}%`;
    // Two sets, each found by its own index (ADR 039): the orders whose number, name, phone,
    // reference or UTR match, and the orders of the customers whose e-mail does.
    // A mobile number typed as people write it ("+91 98765 43210", "09876543210") is also
    // looked for as it is stored: ten digits.
    const mobile = normaliseMobile(q);
    const byMobile =
      mobile !== q && /^\d{10}$/.test(mobile)
        ? ilike(searchText, `%${escapeLike(mobile)}%`)
        : undefined;
    const byText = or(
      /^\d{1,9}$/.test(q) ? eq(orders.number, Number(q)) : undefined,
      ilike(searchText, like),
      byMobile,
    );
    const found = union(
      db.select({ id: orderId }).from(orders).where(byText),
      db
        .select({ id: orderId })
        .from(orders)
        .innerJoin(user, eq(user.id, orders.userId))
        .where(ilike(user.email, like)),
    );
    // As an array worked out once: a trigram's guess of how many match (1 %) would otherwise
    // have the planner read every order to join them (ADR 039).
    conditions.push(sql`${orders.id} = any(array(${found}))`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The back office's orders, newest first: search by number, customer, phone (as typed, with
 * +91, 0, spaces or dashes), e-mail, UTR. */
export async function listOrders(db: Db, query: OrderListQuery) {
  const where = adminListWhere(db, query);
  // Not searched: the orders of a status (or all) as the trigger keeps them counted (ADR 039).
  const total = searchedFor(query)
    ? ((await db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0)
    : await countOrdersOfStatus(db, query.status);
  const { page, pageCount, limit, offset } = paginate(total, query.page, ORDERS_PAGE_SIZE);
  const newestFirst = [desc(orders.createdAt), desc(orders.number)];
  // The page's ids from the list's index first, then the 20 rows with their customer's e-mail:
  // an offset of 10,000 joins no customer it skips (ADR 039).
  const pageIds = db
    .select({ id: orderId })
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  const rows = await db
    .select(adminColumns)
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(inArray(orders.id, pageIds))
    .orderBy(...newestFirst);
  return { rows, total, page, pageCount };
}

/** The orders the filters match (the CSV export, at most `limit`), newest first. */
export async function exportOrders(db: Db, query: Omit<OrderListQuery, "page">, limit: number) {
  return db
    .select(adminColumns)
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(adminListWhere(db, query))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit);
}

/**
 * The orders still waiting for their payment (what a bank statement is matched against), in no
 * particular order: matchStatement puts them in the order they were placed itself, so PostgreSQL
 * is not asked to sort them too (a fifth of the read for a 1,000-line statement). Only those
 * `named` also meets when given (the statement preview reads only the orders its lines could
 * name, ADR 039).
 */
export async function listPendingPayments(db: Pick<Db, "select">, named?: SQL) {
  return db
    .select({
      number: orders.number,
      customerName: orders.customerName,
      totalPaise: orders.totalPaise,
      reference: orders.reference,
      utr: orders.utr,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.status, "payment_pending"), named));
}

/** How many orders have the status (all orders without one), as the trigger keeps them counted (ADR 039). */
export async function countOrdersOfStatus(
  db: Pick<Db, "select">,
  status?: OrderStatus,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${orderStatusCounts.orders}), 0)::int` })
    .from(orderStatusCounts)
    .where(status ? eq(orderStatusCounts.status, status) : undefined);
  return row?.n ?? 0;
}

/** The delivery details of an order's checkout. */
export type DeliveryDetails = {
  name: string;
  phone: string;
  house: string;
  address: string;
  landmark: string | null;
  city: string;
  /** The delivery State they chose ("" before it was asked). */
  state: string;
  pincode: string;
  buyerGstin: string | null;
  buyerLegalName: string | null;
};

/** The delivery details the user gave at their last checkout, offered again. */
export async function getDeliveryDetails(db: Db, userId: string): Promise<DeliveryDetails | null> {
  const [row] = await db
    .select({
      name: deliveryDetails.name,
      phone: deliveryDetails.phone,
      house: deliveryDetails.house,
      address: deliveryDetails.address,
      landmark: deliveryDetails.landmark,
      city: deliveryDetails.city,
      state: deliveryDetails.state,
      pincode: deliveryDetails.pincode,
      buyerGstin: deliveryDetails.buyerGstin,
      buyerLegalName: deliveryDetails.buyerLegalName,
    })
    .from(deliveryDetails)
    .where(eq(deliveryDetails.userId, userId));
  return row ?? null;
}
