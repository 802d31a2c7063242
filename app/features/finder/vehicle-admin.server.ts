import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products, vehicleFitments, vehicles } from "~/db/schema";
import type { ProductCategory, VehicleType } from "~/db/schema/enums";
import { recordAudit } from "~/features/audit/audit.server";
import { Conflict, NotFound, ValidationError } from "~/lib/errors";
import { paginate } from "~/lib/paginate";
import { byName, escapeLike, PG_UNIQUE_VIOLATION, pgErrorCode, qualified } from "~/lib/sql.server";
import { vehicleMessages as m } from "./finder.messages";
import type { VehicleFormInput } from "./vehicle-form.schema";

export const VEHICLES_PAGE_SIZE = 20;

/** Vehicles for the back office with their recommended battery and number of alternatives, 20
 * a page (an export asks for one large page). */
export async function listVehicles(
  db: Db,
  query: { q: string; type?: VehicleType; page: number },
  pageSize = VEHICLES_PAGE_SIZE,
) {
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
  const { page, pageCount, limit, offset } = paginate(total, query.page, pageSize);
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
      >`(select p.model from vehicle_fitments f join products p on p.id = f.product_id where f.vehicle_id = ${qualified(vehicles.id)} order by f.rank limit 1)`,
      alternatives: sql<number>`(select count(*)::int - 1 from vehicle_fitments f where f.vehicle_id = ${qualified(vehicles.id)})`,
    })
    .from(vehicles)
    .where(where)
    .orderBy(
      ...byName(vehicles.make),
      ...byName(vehicles.model),
      desc(vehicles.year),
      asc(vehicles.fuelType),
    )
    .limit(limit)
    .offset(offset);
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

/** The battery categories a vehicle of each type takes. */
export const fittingCategories: Record<VehicleType, readonly ProductCategory[]> = {
  car: ["car"],
  bike: ["bike"],
  commercial: ["car", "industrial"],
};

/** The makes and models already listed, for the admin form's suggestions. */
export async function listVehicleNames(db: Db) {
  const [makes, models] = await Promise.all([
    db
      .select({ v: vehicles.make })
      .from(vehicles)
      .groupBy(vehicles.make)
      .orderBy(...byName(vehicles.make)),
    db
      .select({ v: vehicles.model })
      .from(vehicles)
      .groupBy(vehicles.model)
      .orderBy(...byName(vehicles.model)),
  ]);
  return { makes: makes.map((r) => r.v), models: models.map((r) => r.v) };
}

/**
 * The spelling already used for a make (and a model of that make), matched case-insensitively,
 * so 'maruti suzuki' joins 'Maruti Suzuki'. The vehicle being edited does not count, so an admin
 * can correct the spelling of a make only it uses.
 */
async function existingSpelling(db: Db, make: string, model: string, exceptId: number | null) {
  const notSelf = exceptId === null ? undefined : ne(vehicles.id, exceptId);
  const [knownMake] = await db
    .select({ v: vehicles.make })
    .from(vehicles)
    .where(and(sql`lower(${vehicles.make}) = lower(${make})`, notSelf))
    .orderBy(asc(vehicles.id))
    .limit(1);
  const canonicalMake = knownMake?.v ?? make;
  const [knownModel] = await db
    .select({ v: vehicles.model })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.make, canonicalMake),
        sql`lower(${vehicles.model}) = lower(${model})`,
        notSelf,
      ),
    )
    .orderBy(asc(vehicles.id))
    .limit(1);
  return { make: canonicalMake, model: knownModel?.v ?? model };
}

/** The active batteries, for the fitment choices. */
export async function listBatteryChoices(db: Db) {
  return db
    .select({
      id: products.id,
      model: products.model,
      category: products.category,
      capacityAh: products.capacityAh,
      voltageV: products.voltageV,
    })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(...byName(products.model));
}

/** Creates (id null) or updates a vehicle and replaces its fitments, all or nothing. */
export async function saveVehicle(
  db: Db,
  input: VehicleFormInput & { id: number | null },
  actor: { id: string },
): Promise<number> {
  const { id } = input;
  const productIds = [input.recommendedProductId, ...input.alternatives];
  const known = await db
    .select({ id: products.id, category: products.category })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.active, true)));
  if (known.length !== productIds.length) {
    throw new ValidationError(m.unknownBattery, { recommendedProductId: m.unknownBattery });
  }
  const { vehicleType, year, fuelType } = input;
  // Only batteries of the vehicle's kind fit it (no inverter battery for a car).
  const fits = fittingCategories[vehicleType];
  const wrong = known.filter((p) => !fits.includes(p.category as ProductCategory));
  if (wrong.length > 0) {
    const message = m.wrongKind[vehicleType];
    const field = wrong.some((p) => p.id === input.recommendedProductId)
      ? "recommendedProductId"
      : "alternatives";
    throw new ValidationError(message, { [field]: message });
  }
  const { make, model } = await existingSpelling(db, input.make, input.model, id);
  try {
    return await db.transaction(async (tx) => {
      let vehicleId: number;
      let before: Record<string, unknown> | null = null;
      if (id === null) {
        const [row] = await tx
          .insert(vehicles)
          .values({ vehicleType, make, model, year, fuelType })
          .returning({ id: vehicles.id });
        if (!row) throw new Error("insert returned nothing");
        vehicleId = row.id;
      } else {
        const [old] = await tx
          .select({
            make: vehicles.make,
            model: vehicles.model,
            year: vehicles.year,
            fuelType: vehicles.fuelType,
          })
          .from(vehicles)
          .where(eq(vehicles.id, id));
        before = old ?? null;
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
      const after = { make, model, year, fuelType, productIds };
      await recordAudit(tx, actor, "vehicle", vehicleId, before, after);
      return vehicleId;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new Conflict(m.duplicate, { model: m.duplicate });
    throw error;
  }
}

export async function deleteVehicle(
  db: Db,
  input: { id: number },
  actor: { id: string },
): Promise<void> {
  const { id } = input;
  const deleted = await db
    .delete(vehicles)
    .where(eq(vehicles.id, id))
    .returning({ id: vehicles.id, make: vehicles.make, model: vehicles.model });
  const [row] = deleted;
  if (!row) throw new NotFound(m.notFound);
  await recordAudit(db, actor, "vehicle", id, { make: row.make, model: row.model }, null);
}
