import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { products, vehicleFitments, vehicles } from "~/db/schema";
import { fuelTypes, type ProductCategory } from "~/db/schema/enums";
import { type AuditEntry, recordAudits } from "~/features/audit/audit.server";
import { vehicleMessages } from "~/features/finder/finder.messages";
import { fittingCategories } from "~/features/finder/vehicle-admin.server";
import {
  normaliseName,
  type VehicleFormInput,
  vehicleFormSchema,
  vehicleTypeLabels,
} from "~/features/finder/vehicle-form.schema";
import {
  type CellReading,
  changedFields,
  chunks,
  fromProposed,
  type ImportColumn,
  type Importer,
  readChoice,
} from "./csv-import.server";

/** A vehicle with its batteries in order (recommended first), by id and by model. */
export type VehicleWithFitments = typeof vehicles.$inferSelect & {
  productIds: number[];
  productModels: string[];
};
type Vehicle = VehicleWithFitments;
type Battery = { id: number; model: string; category: ProductCategory; active: boolean };
type Context = {
  batteryById: Map<number, Battery>;
  batteryByModel: Map<string, Battery>;
  /** The spelling a make already has (by its lower case). */
  makes: Map<string, string>;
};
type Values = {
  vehicleType: VehicleFormInput["vehicleType"];
  make: string;
  model: string;
  year: number;
  fuelType: string;
  productIds: number[];
};

const fuelLabels = Object.fromEntries(fuelTypes.map((f) => [f, f]));

/** The identity of a vehicle (make, model, year, engine type), any case. */
const identity = (make: string, model: string, year: string | number, fuel: string) =>
  [normaliseName(make), normaliseName(model), String(year).trim(), fuel.trim()]
    .join("|")
    .toLowerCase();

const modelOf = (context: Context, id: number) => context.batteryById.get(id)?.model ?? `#${id}`;

/** A battery named by its model (any case), as its id. */
function batteryId(cell: string, context: Context): number | string {
  const battery = context.batteryByModel.get(cell.toLowerCase());
  return battery ? battery.id : `No battery has the model “${cell}”`;
}

function readRecommended(cell: string, context: Context): CellReading {
  if (cell === "") return { values: { recommendedProductId: "" } };
  const id = batteryId(cell, context);
  return typeof id === "string" ? { error: id } : { values: { recommendedProductId: String(id) } };
}

/** Alternatives: battery models separated by ";" (or "|"), in order. */
function readAlternatives(cell: string, context: Context): CellReading {
  const models = cell
    .split(/[;|]/)
    .map((m) => m.trim())
    .filter(Boolean);
  const ids: string[] = [];
  for (const model of models) {
    const id = batteryId(model, context);
    if (typeof id === "string") return { error: id };
    ids.push(String(id));
  }
  return { values: { alternatives: ids } };
}

/** The vehicles list's CSV columns (export and import); batteries are named by their model. */
export const vehicleCsvColumns: ImportColumn<Vehicle, VehicleFormInput, Context>[] = [
  { header: "Id", cell: (v) => v.id },
  {
    header: "Type",
    cell: (v) => vehicleTypeLabels[v.vehicleType as keyof typeof vehicleTypeLabels],
    field: "vehicleType",
    read: readChoice("vehicleType", vehicleTypeLabels, "Write Car or Two-wheeler"),
    show: (v) => vehicleTypeLabels[v.vehicleType],
  },
  { header: "Make", cell: (v) => v.make, field: "make" },
  { header: "Model", cell: (v) => v.model, field: "model" },
  { header: "Year", cell: (v) => v.year, field: "year" },
  {
    header: "Engine type",
    aliases: ["Engine", "Fuel type", "Fuel"],
    cell: (v) => v.fuelType,
    field: "fuelType",
    read: readChoice("fuelType", fuelLabels, `Write one of ${fuelTypes.join(", ")}`),
  },
  {
    header: "Recommended battery",
    cell: (v) => v.productModels[0] ?? "",
    field: "recommendedProductId",
    read: readRecommended,
    show: (v, context) => modelOf(context, v.recommendedProductId),
  },
  {
    header: "Alternatives",
    cell: (v) => v.productModels.slice(1).join("; "),
    field: "alternatives",
    read: readAlternatives,
    show: (v, context) => v.alternatives.map((id) => modelOf(context, id)).join("; "),
  },
];

const snapshot = (v: Omit<Values, "vehicleType">) => ({
  make: v.make,
  model: v.model,
  year: v.year,
  fuelType: v.fuelType,
  productIds: v.productIds,
});

/**
 * Vehicles with their batteries in order (recommended first): all of them, or those `ids` (an
 * export's filtered list, in that order).
 */
export async function loadVehiclesWithFitments(
  db: Db | Tx,
  ids?: number[],
): Promise<VehicleWithFitments[]> {
  const [rows, fits] = await Promise.all([
    db
      .select()
      .from(vehicles)
      .where(ids ? inArray(vehicles.id, ids) : undefined),
    db
      .select({
        vehicleId: vehicleFitments.vehicleId,
        productId: vehicleFitments.productId,
        model: products.model,
      })
      .from(vehicleFitments)
      .innerJoin(products, eq(products.id, vehicleFitments.productId))
      .where(ids ? inArray(vehicleFitments.vehicleId, ids) : undefined)
      .orderBy(asc(vehicleFitments.vehicleId), asc(vehicleFitments.rank)),
  ]);
  const byVehicle = new Map<number, { ids: number[]; models: string[] }>();
  for (const f of fits) {
    const list = byVehicle.get(f.vehicleId) ?? { ids: [], models: [] };
    list.ids.push(f.productId);
    list.models.push(f.model);
    byVehicle.set(f.vehicleId, list);
  }
  const order = ids ? new Map(ids.map((id, index) => [id, index])) : null;
  const sorted = order
    ? rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    : rows;
  return sorted.map((v) => ({
    ...v,
    productIds: byVehicle.get(v.id)?.ids ?? [],
    productModels: byVehicle.get(v.id)?.models ?? [],
  }));
}

/**
 * Vehicles with their fitments from CSV. A row is matched to the vehicle with its make, model,
 * year and engine type (any case: the table's identity); any other is a new vehicle. Its
 * batteries are named by model; the recommended one first.
 */
export const vehicleImporter: Importer<Vehicle, VehicleFormInput, Values, Context> = {
  kind: "vehicle",
  columns: vehicleCsvColumns,
  required: ["Make", "Model", "Year", "Engine type"],
  schema: vehicleFormSchema,
  async load(db) {
    const [records, batteries] = await Promise.all([
      loadVehiclesWithFitments(db),
      db
        .select({
          id: products.id,
          model: products.model,
          category: products.category,
          active: products.active,
        })
        .from(products),
    ]);
    const makes = new Map<string, string>();
    for (const v of [...records].sort((a, b) => a.id - b.id)) {
      if (!makes.has(v.make.toLowerCase())) makes.set(v.make.toLowerCase(), v.make);
    }
    return {
      records,
      context: {
        batteryById: new Map(batteries.map((b) => [b.id, b])),
        batteryByModel: new Map(batteries.map((b) => [b.model.toLowerCase(), b])),
        makes,
      },
    };
  },
  match(cells, records) {
    const key = identity(
      cells.get("Make") ?? "",
      cells.get("Model") ?? "",
      cells.get("Year") ?? "",
      cells.get("Engine type") ?? "",
    );
    const found = records.find((v) => identity(v.make, v.model, v.year, v.fuelType) === key);
    return { record: found ?? null };
  },
  name: (cells) =>
    [cells.get("Make"), cells.get("Model"), cells.get("Year"), cells.get("Engine type")]
      .map((c) => c?.trim())
      .filter(Boolean)
      .join(" ") || "(no vehicle)",
  duplicateKeys: (v) => [identity(v.make, v.model, v.year, v.fuelType)],
  prepare(parsed, before, context) {
    const productIds = [parsed.recommendedProductId, ...parsed.alternatives];
    for (const [index, id] of productIds.entries()) {
      const field = index === 0 ? "recommendedProductId" : "alternatives";
      const battery = context.batteryById.get(id);
      if (!battery?.active) return { errors: { [field]: vehicleMessages.unknownBattery } };
      if (!fittingCategories[parsed.vehicleType].includes(battery.category)) {
        return { errors: { [field]: vehicleMessages.wrongKind[parsed.vehicleType] } };
      }
    }
    // A new vehicle takes the spelling its make already has ('maruti suzuki' joins 'Maruti Suzuki').
    const make = before
      ? parsed.make
      : (context.makes.get(parsed.make.toLowerCase()) ?? parsed.make);
    return {
      vehicleType: parsed.vehicleType,
      make,
      model: parsed.model,
      year: parsed.year,
      fuelType: parsed.fuelType,
      productIds,
    };
  },
  async write(tx, rows, actor, { now }) {
    const audits: AuditEntry[] = [];
    const fitted: { vehicleId: number; productIds: number[] }[] = [];
    const columns = ({ productIds: _, ...v }: Values) => v;
    for (const part of chunks(rows.filter((r) => !r.before))) {
      const ids = await tx
        .insert(vehicles)
        .values(part.map((r) => columns(r.values)))
        .returning({
          id: vehicles.id,
          make: vehicles.make,
          model: vehicles.model,
          year: vehicles.year,
          fuelType: vehicles.fuelType,
        });
      const idOf = new Map(ids.map((v) => [identity(v.make, v.model, v.year, v.fuelType), v.id]));
      for (const { values } of part) {
        const id = idOf.get(identity(values.make, values.model, values.year, values.fuelType));
        if (id === undefined) throw new Error("insert returned no id for an imported vehicle");
        fitted.push({ vehicleId: id, productIds: values.productIds });
        audits.push({ entity: "vehicle", id, before: null, after: snapshot(values) });
      }
    }
    for (const part of chunks(rows.filter((r) => r.before))) {
      await tx
        .insert(vehicles)
        .overridingSystemValue()
        .values(
          part.map((r) => {
            const { productIds: _ids, productModels: _models, ...before } = r.before as Vehicle;
            return { ...before, ...columns(r.values), updatedAt: now };
          }),
        )
        .onConflictDoUpdate({
          target: vehicles.id,
          set: fromProposed(vehicles, ["vehicleType", "make", "model", "year", "fuelType"]),
        });
      const ids = part.map((r) => (r.before as Vehicle).id);
      await tx.delete(vehicleFitments).where(inArray(vehicleFitments.vehicleId, ids));
      for (const r of part) {
        const before = r.before as Vehicle;
        fitted.push({ vehicleId: before.id, productIds: r.values.productIds });
        audits.push({
          entity: "vehicle",
          id: before.id,
          ...changedFields(snapshot(before), snapshot(r.values)),
        });
      }
    }
    const fitments = fitted.flatMap(({ vehicleId, productIds }) =>
      productIds.map((productId, index) => ({ vehicleId, productId, rank: index + 1 })),
    );
    for (const part of chunks(fitments, 2000)) {
      await tx.insert(vehicleFitments).values(part);
    }
    await recordAudits(tx, actor, audits);
  },
};
