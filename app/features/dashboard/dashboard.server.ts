import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders, outlets, products, user, vehicles } from "~/db/schema";
import { countOpenClaims } from "~/features/warranty/warranty.server";

export type DashboardCounts = {
  activeProducts: number;
  outOfStockProducts: number;
  users: number;
  admins: number;
  dealers: number;
  serviceCentres: number;
  vehicles: number;
  /** Orders not cancelled. */
  orders: number;
  /** Orders waiting for their payment. */
  awaitingPayment: number;
  /** What paid, shipped and delivered orders brought in, in paise; and how many they are. */
  revenuePaise: number;
  paidOrders: number;
  /** Warranty claims not closed yet. */
  openClaims: number;
};

/** Real counts from the database: the catalogue, people, outlets, vehicles, orders, revenue and
 * open warranty claims. */
export async function getDashboardCounts(db: Db): Promise<DashboardCounts> {
  const one = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [activeProducts, outOfStockProducts, users, admins, dealers, serviceCentres, vehicleCount] =
    await Promise.all([
      one(db.select({ n: count() }).from(products).where(eq(products.active, true))),
      // The note on the Active products tile: of those, how many cannot be bought.
      one(
        db
          .select({ n: count() })
          .from(products)
          .where(and(eq(products.active, true), eq(products.stock, 0))),
      ),
      one(db.select({ n: count() }).from(user)),
      one(db.select({ n: count() }).from(user).where(eq(user.role, "admin"))),
      one(db.select({ n: count() }).from(outlets).where(eq(outlets.kind, "dealer"))),
      one(db.select({ n: count() }).from(outlets).where(eq(outlets.kind, "service_centre"))),
      one(db.select({ n: count() }).from(vehicles)),
    ]);
  // Revenue counts what has been paid: an order waiting for payment (by UPI or at
  // installation), or cancelled, brought nothing in. Summed in SQL as bigint, so no total ever passes through a float.
  // An order paid on installation is paid once delivered (ADR 031).
  const paid = sql`(${orders.status} in ('paid', 'shipped', 'delivered') and (${orders.paymentMethod} = 'upi' or ${orders.status} = 'delivered'))`;
  const [money] = await db
    .select({
      orders: sql<number>`count(*) filter (where ${orders.status} <> 'cancelled')::int`,
      awaitingPayment: sql<number>`count(*) filter (where ${orders.status} = 'payment_pending')::int`,
      paidOrders: sql<number>`count(*) filter (where ${paid})::int`,
      revenuePaise: sql<string>`coalesce(sum(${orders.totalPaise}) filter (where ${paid}), 0)::bigint::text`,
    })
    .from(orders);
  return {
    activeProducts,
    outOfStockProducts,
    users,
    admins,
    dealers,
    serviceCentres,
    vehicles: vehicleCount,
    orders: money?.orders ?? 0,
    awaitingPayment: money?.awaitingPayment ?? 0,
    paidOrders: money?.paidOrders ?? 0,
    revenuePaise: Number(money?.revenuePaise ?? 0),
    openClaims: await countOpenClaims(db),
  };
}

/** The newest orders, for the dashboard's Recent orders table. */
export async function listRecentOrders(db: Db, limit = 8) {
  return db
    .select({
      number: orders.number,
      customerName: orders.customerName,
      status: orders.status,
      totalPaise: orders.totalPaise,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit);
}
