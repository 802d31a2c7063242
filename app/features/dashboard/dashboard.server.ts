import { and, count, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outlets, products, user, vehicles } from "~/db/schema";

export type DashboardCounts = {
  activeProducts: number;
  outOfStockProducts: number;
  users: number;
  admins: number;
  dealers: number;
  serviceCentres: number;
  vehicles: number;
};

/** Real counts from the database; figures for orders and revenue arrive with those features. */
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
  return {
    activeProducts,
    outOfStockProducts,
    users,
    admins,
    dealers,
    serviceCentres,
    vehicles: vehicleCount,
  };
}
