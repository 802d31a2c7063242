import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog, products, vehicleFitments, vehicles } from "~/db/schema";
import { Conflict, NotFound, ValidationError } from "~/lib/errors";
import { escapeLike, PG_UNIQUE_VIOLATION, pgErrorCode } from "~/lib/sql.server";
import { vehicleMessages as m, type VehicleFormInput } from "./vehicle-form.schema";

export const VEHICLES_PAGE_SIZE = 20;

/** Vehicles for the back office with their recommended battery and number of alternatives. */
export async function listVehicles(db: Db, query: { q: string; type?: string; page: number }) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const match = or(ilike(vehicles.make, pattern), ilike(vehicles.model, pattern));
    if (match) conditions.push(match);
  }
  if (query.type) conditions.push(eq(vehicles.vehicleType, query.type));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(vehicles).where(where);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / VEHICLES_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      id: vehicles.id,
      vehicleType: vehicles.vehicleType,
      make: vehicles.make,
      model: vehicles.model,
      year: vehicles.year,
      fuelType: vehicles.fuelType,
      recommended: sql<
        string | null
      >`(select p.model from vehicle_fitments f join products p on p.id = f.product_id where f.vehicle_id = "vehicles"."id" order by f.rank limit 1)`,
      alternatives: sql<number>`(select count(*)::int - 1 from vehicle_fitments f where f.vehicle_id = "vehicles"."id")`,
    })
    .from(vehicles)
    .where(where)
    .orderBy(asc(vehicles.make), asc(vehicles.model), desc(vehicles.year), asc(vehicles.fuelType))
    .limit(VEHICLES_PAGE_SIZE)
    .offset((page - 1) * VEHICLES_PAGE_SIZE);
  return {
    rows: rows.map((r) => ({ ...r, alternatives: Math.max(0, r.alternatives) })),
    total,
    page,
    pageCount,
  };
}

/** One vehicle with its batteries in order (recommended first). */
export async function getVehicle(db: Db, id: number) {
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, id));
  if (!vehicle) return null;
  const fits = await db
    .select({ productId: vehicleFitments.productId })
    .from(vehicleFitments)
    .where(eq(vehicleFitments.vehicleId, id))
    .orderBy(asc(vehicleFitments.rank));
  return { ...vehicle, productIds: fits.map((f) => f.productId) };
}

/** The active batteries, for the fitment choices. */
export async function listBatteryChoices(db: Db) {
  return db
    .select({
      id: products.id,
      model: products.model,
      capacityAh: products.capacityAh,
      voltageV: products.voltageV,
    })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.model));
}

/** Creates (id null) or updates a vehicle and replaces its fitments, all or nothing. */
export async function saveVehicle(
  db: Db,
  actorId: string,
  id: number | null,
  input: VehicleFormInput,
): Promise<number> {
  const productIds = [input.recommendedProductId, ...input.alternatives];
  const known = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.active, true)));
  if (known.length !== productIds.length) {
    throw new ValidationError(m.unknownBattery, { recommendedProductId: m.unknownBattery });
  }
  const { vehicleType, make, model, year, fuelType } = input;
  try {
    return await db.transaction(async (tx) => {
      let vehicleId: number;
      if (id === null) {
        const [row] = await tx
          .insert(vehicles)
          .values({ vehicleType, make, model, year, fuelType })
          .returning({ id: vehicles.id });
        if (!row) throw new Error("insert returned nothing");
        vehicleId = row.id;
      } else {
        const updated = await tx
          .update(vehicles)
          .set({ vehicleType, make, model, year, fuelType, updatedAt: new Date() })
          .where(eq(vehicles.id, id))
          .returning({ id: vehicles.id });
        if (updated.length === 0) throw new NotFound(m.notFound);
        vehicleId = id;
        await tx.delete(vehicleFitments).where(eq(vehicleFitments.vehicleId, id));
      }
      await tx
        .insert(vehicleFitments)
        .values(productIds.map((productId, index) => ({ vehicleId, productId, rank: index + 1 })));
      await tx.insert(auditLog).values({
        actorId,
        action: id === null ? "vehicle.create" : "vehicle.update",
        entity: "vehicle",
        entityId: String(vehicleId),
        details: { make, model, year, fuelType, productIds },
      });
      return vehicleId;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new Conflict(m.duplicate, { model: m.duplicate });
    throw error;
  }
}

export async function deleteVehicle(db: Db, actorId: string, id: number): Promise<void> {
  const deleted = await db
    .delete(vehicles)
    .where(eq(vehicles.id, id))
    .returning({ id: vehicles.id, make: vehicles.make, model: vehicles.model });
  const [row] = deleted;
  if (!row) throw new NotFound(m.notFound);
  await db.insert(auditLog).values({
    actorId,
    action: "vehicle.delete",
    entity: "vehicle",
    entityId: String(id),
    details: { make: row.make, model: row.model },
  });
}
