/**
 * `npm run import:legacy`: brings an export of the old site's document database into the store
 * (docs/importing.md). Every record is matched by its natural key, so a second run of the same
 * export changes nothing; each record is written in a savepoint of the run's one transaction,
 * so a refused record leaves nothing behind, and a dry run rolls the whole transaction back.
 */
import { randomUUID } from "node:crypto";
import { and, eq, max } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "~/db/client.server";
import {
  cartItems,
  carts,
  orderEvents,
  orderItems,
  orders,
  outlets,
  products,
  user,
  vehicleFitments,
  vehicles,
} from "~/db/schema";
import type { OutletKind } from "~/db/schema/enums";
import { recordAudit } from "~/features/audit/audit.server";
import { productName } from "~/features/catalog/product-name";
import { slugify } from "~/features/catalog/slug";
import { priceOrder } from "~/features/orders/pricing.server";
import { isIndianState } from "~/features/places/indian-states";
import { findPincode } from "~/features/places/pincodes.server";
import type { StoreSettings } from "~/features/settings/settings.schema";
import { getSettings } from "~/features/settings/settings.server";
import { formatPaise } from "~/lib/money";
import { pgErrorCode } from "~/lib/sql.server";
import { legacyMessages as m } from "./legacy.messages";
import {
  categoryOf,
  type LegacyBattery,
  type LegacyCar,
  type LegacyCollection,
  type LegacyOrder,
  type LegacyOutlet,
  type LegacyUser,
  legacyBatterySchema,
  legacyCarSchema,
  legacyCollections,
  legacyExportSchema,
  legacyOrderSchema,
  legacyOutletSchema,
  legacyUserSchema,
  parseQuantity,
} from "./legacy.schema";

export type Outcome = "created" | "updated" | "unchanged";
export type CollectionCounts = Record<Outcome | "rejected", number>;

/** An order whose total, recomputed with the store's pricing, is not the old site's. */
export type TotalDifference = {
  ref: string;
  legacyId: number;
  legacyTotalPaise: number;
  totalPaise: number;
};

export type LegacyImportReport = {
  dryRun: boolean;
  counts: Record<LegacyCollection, CollectionCounts>;
  /** Every record not imported, with why: `battery[3] price: "₹4,5OO" is not an amount`. */
  rejected: { ref: string; reason: string }[];
  /** What was imported only in part (a cart line left out) or not read (an unknown collection). */
  notes: { ref: string; note: string }[];
  totalDifferences: TotalDifference[];
};

export type LegacyImportOptions = {
  /** Read and check everything, write nothing (the run's transaction is rolled back). */
  dryRun?: boolean;
};

/** True when the run created or updated anything. */
export function importChanged(report: LegacyImportReport): boolean {
  return Object.values(report.counts).some((c) => c.created + c.updated > 0);
}

/** A record refused for a reason of its own (the field's path, when it is one field's). */
class RecordRejected extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(reason);
  }
}

class DryRunRollback extends Error {}

/** What one run keeps while it walks the collections. */
type Run = {
  report: LegacyImportReport;
  settings: StoreSettings;
  /** The first record of the export that holds each natural key, by collection. */
  seen: Map<string, string>;
  /** Display name -> the e-mails of the export's users with that name (orders carry names). */
  usersByName: Map<string, string[]>;
};

/**
 * Imports the export (the parsed JSON file). Throws only when the file is not an export at all;
 * a bad record is reported, never thrown.
 */
export async function importLegacyExport(
  db: Db,
  input: unknown,
  options: LegacyImportOptions = {},
): Promise<LegacyImportReport> {
  const parsed = legacyExportSchema.safeParse(input);
  if (!parsed.success || Array.isArray(input)) throw new Error(m.notAnExport);
  const zero = (): CollectionCounts => ({ created: 0, updated: 0, unchanged: 0, rejected: 0 });
  const run: Run = {
    report: {
      dryRun: options.dryRun ?? false,
      counts: Object.fromEntries(legacyCollections.map((c) => [c, zero()])) as Record<
        LegacyCollection,
        CollectionCounts
      >,
      rejected: [],
      notes: [],
      totalDifferences: [],
    },
    settings: await getSettings(db),
    seen: new Map(),
    usersByName: new Map(),
  };
  const documents = (collection: string): unknown[] => {
    const value = parsed.data[collection];
    if (value === undefined) return [];
    if (Array.isArray(value)) return value;
    run.report.notes.push({ ref: collection, note: m.notAList(collection) });
    return [];
  };
  for (const name of Object.keys(parsed.data)) {
    if (!(legacyCollections as readonly string[]).includes(name)) {
      run.report.notes.push({ ref: name, note: "not a collection of the old site: not read" });
    }
  }
  const users = documents("user");
  for (const raw of users) {
    const person = legacyUserSchema.safeParse(raw);
    if (person.success && person.data.displayName) {
      const key = person.data.displayName.toLowerCase();
      run.usersByName.set(key, [...(run.usersByName.get(key) ?? []), person.data.email]);
    }
  }

  try {
    await db.transaction(async (tx) => {
      await each(tx, run, "battery", documents("battery"), legacyBatterySchema, importBattery);
      await each(
        tx,
        run,
        "batterytest",
        documents("batterytest"),
        legacyBatterySchema,
        importBattery,
      );
      await each(tx, run, "car", documents("car"), legacyCarSchema, importCar);
      await each(tx, run, "Dealers", documents("Dealers"), legacyOutletSchema, outletOf("dealer"));
      await each(
        tx,
        run,
        "Services",
        documents("Services"),
        legacyOutletSchema,
        outletOf("service_centre"),
      );
      await each(tx, run, "user", users, legacyUserSchema, importUser);
      await each(tx, run, "order", documents("order"), legacyOrderSchema, importOrder);
      if (run.report.dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return run.report;
}

type Importer<T> = (tx: Tx, record: T, ref: string, run: Run) => Promise<Outcome>;

/** Reads and imports a collection's records one by one, each in its own savepoint. */
async function each<S extends z.ZodType>(
  tx: Tx,
  run: Run,
  collection: LegacyCollection,
  records: unknown[],
  schema: S,
  importer: Importer<z.output<S>>,
) {
  const counts = run.report.counts[collection];
  const reject = (ref: string, path: string, reason: string) => {
    counts.rejected += 1;
    run.report.rejected.push({ ref, reason: path ? `${path}: ${reason}` : reason });
  };
  for (const [index, raw] of records.entries()) {
    const ref = `${collection}[${index}]`;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      reject(ref, "", m.notADocument);
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      // Every field's first problem, in the document's order.
      const byField = new Map<string, string>();
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".");
        if (!byField.has(path)) byField.set(path, issue.message);
      }
      reject(ref, "", [...byField].map(([path, reason]) => `${path}: ${reason}`).join("; "));
      continue;
    }
    try {
      counts[await tx.transaction((savepoint) => importer(savepoint, parsed.data, ref, run))] += 1;
    } catch (error) {
      if (error instanceof RecordRejected) reject(ref, error.path, error.message);
      else if (pgErrorCode(error)) reject(ref, "", m.databaseRefused(databaseReason(error)));
      else throw error;
    }
  }
}

function databaseReason(error: unknown): string {
  const cause = (error as { cause?: { message?: string } }).cause;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** The first record with this natural key: a later one is a duplicate, refused. */
function claimKey(run: Run, key: string, ref: string, path: string, what: string) {
  const first = run.seen.get(key);
  if (first) throw new RecordRejected(path, m.duplicateIn(first, what));
  run.seen.set(key, ref);
}

/** The columns whose values differ, before and after (an audit entry's details). */
function changes<T extends Record<string, unknown>>(current: T, wanted: Partial<T>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wanted)) {
    if (value !== undefined && current[key] !== value) {
      before[key] = current[key];
      after[key] = value;
    }
  }
  return Object.keys(after).length > 0 ? { before, after } : null;
}

// ---------------------------------------------------------------------------------------------

/** `battery` and `batterytest` -> products, by model. */
async function importBattery(
  tx: Tx,
  battery: LegacyBattery,
  ref: string,
  run: Run,
): Promise<Outcome> {
  const earlier = run.seen.get(`product:${battery.model}`);
  if (earlier?.startsWith("battery[") && ref.startsWith("batterytest[")) {
    throw new RecordRejected("model", m.shadowedBy(earlier));
  }
  claimKey(run, `product:${battery.model}`, ref, "model", "model");
  // The photo host's address (https) is kept; anything else is left out: the family picture.
  const image = battery.imageUrl?.startsWith("https://") ? battery.imageUrl : undefined;
  if (battery.imageUrl && !image) {
    run.report.notes.push({
      ref,
      note: `imageUrl ${JSON.stringify(battery.imageUrl)} is not an https address: left out`,
    });
  }
  const wanted = {
    capacityAh: battery.capacity,
    voltageV: battery.voltage,
    warrantyMonths: battery.warranty,
    pricePaise: battery.price,
    image,
    category: battery.category,
  };
  const [current] = await tx.select().from(products).where(eq(products.model, battery.model));
  if (!current) {
    const [created] = await tx
      .insert(products)
      .values({
        ...wanted,
        model: battery.model,
        slug: slugify(battery.model),
        category: battery.category ?? categoryOf(battery.capacity, battery.voltage),
        brand: run.settings.brandName,
        mrpPaise: battery.price,
        image: image ?? null,
        // The old site kept no stock: none is made up. The admin sets it before selling.
        stock: 0,
      })
      .returning({ id: products.id, category: products.category });
    if (!created) throw new Error("importBattery: the product was not stored");
    await recordAudit(
      tx,
      null,
      "product",
      created.id,
      null,
      { model: battery.model, ...wanted, category: created.category },
      "import",
    );
    return "created";
  }
  const diff = changes(current, wanted);
  if (!diff) return "unchanged";
  await tx
    .update(products)
    .set({ ...diff.after, mrpPaise: Math.max(current.mrpPaise, battery.price) })
    .where(eq(products.id, current.id));
  await recordAudit(tx, null, "product", current.id, diff.before, diff.after, "import");
  return "updated";
}

/** `car` -> a vehicle of the finder with its battery fitted (an alternative when the store
 * already recommends another). */
async function importCar(tx: Tx, car: LegacyCar, ref: string, run: Run): Promise<Outcome> {
  const identity = [car.make, car.model, car.year, car.type].join(" | ");
  claimKey(
    run,
    `car:${identity}|${car.battery_model}`,
    ref,
    "",
    "make, model, year, type and battery_model",
  );
  const [battery] = await tx
    .select({ id: products.id, category: products.category })
    .from(products)
    .where(eq(products.model, car.battery_model));
  if (!battery) throw new RecordRejected("battery_model", m.unknownBattery(car.battery_model));
  const key = and(
    eq(vehicles.make, car.make),
    eq(vehicles.model, car.model),
    eq(vehicles.year, car.year),
    eq(vehicles.fuelType, car.type),
  );
  const [current] = await tx.select({ id: vehicles.id }).from(vehicles).where(key);
  if (!current) {
    const [created] = await tx
      .insert(vehicles)
      .values({
        vehicleType: battery.category === "bike" ? "bike" : "car",
        make: car.make,
        model: car.model,
        year: car.year,
        fuelType: car.type,
      })
      .returning({ id: vehicles.id });
    if (!created) throw new Error("importCar: the vehicle was not stored");
    await tx
      .insert(vehicleFitments)
      .values({ vehicleId: created.id, productId: battery.id, rank: 1 });
    await recordAudit(
      tx,
      null,
      "vehicle",
      created.id,
      null,
      { vehicle: identity, battery: car.battery_model },
      "import",
    );
    return "created";
  }
  const [fitted] = await tx
    .select({ rank: vehicleFitments.rank })
    .from(vehicleFitments)
    .where(
      and(eq(vehicleFitments.vehicleId, current.id), eq(vehicleFitments.productId, battery.id)),
    );
  if (fitted) return "unchanged";
  const [last] = await tx
    .select({ rank: max(vehicleFitments.rank) })
    .from(vehicleFitments)
    .where(eq(vehicleFitments.vehicleId, current.id));
  await tx
    .insert(vehicleFitments)
    .values({ vehicleId: current.id, productId: battery.id, rank: (last?.rank ?? 0) + 1 });
  await recordAudit(tx, null, "vehicle", current.id, null, { fitted: car.battery_model }, "import");
  return "updated";
}

/** `Dealers` / `Services` -> outlets of that kind, by name and pincode (or name and city). */
function outletOf(kind: OutletKind): Importer<LegacyOutlet> {
  return async (tx, outlet, ref, run) => {
    claimKey(
      run,
      `${kind}:${outlet.name.toLowerCase()}|${outlet.pincode}`,
      ref,
      "",
      "name and pincode",
    );
    const place = await findPincode(tx, outlet.pincode);
    if (outlet.state !== undefined && !isIndianState(outlet.state)) {
      throw new RecordRejected(
        "state",
        m.notA(outlet.state, "a state or union territory of India"),
      );
    }
    const state = outlet.state ?? place?.state;
    if (!state) throw new RecordRejected("pincode", m.pincodeUnknown(outlet.pincode));
    const point = outlet.location ?? (place ? { lat: place.latitude, lng: place.longitude } : null);
    if (!point) throw new RecordRejected("location", m.noLocation(outlet.pincode));
    const wanted = {
      address: outlet.address,
      city: outlet.city,
      pincode: outlet.pincode,
      // Only what the record says overwrites what the store has.
      state: outlet.state,
      lat: outlet.location?.lat,
      lng: outlet.location?.lng,
    };
    const byName = (second: ReturnType<typeof eq>) =>
      tx
        .select()
        .from(outlets)
        .where(and(eq(outlets.kind, kind), eq(outlets.name, outlet.name), second));
    // The same outlet at its pincode, or (the database's own key) in its city.
    const atPincode = await byName(eq(outlets.pincode, outlet.pincode));
    const [current] =
      atPincode.length > 0 ? atPincode : await byName(eq(outlets.city, outlet.city));
    if (!current) {
      const [created] = await tx
        .insert(outlets)
        .values({
          ...wanted,
          kind,
          name: outlet.name,
          state,
          lat: point.lat,
          lng: point.lng,
          phone: "",
        })
        .returning({ id: outlets.id });
      if (!created) throw new Error("importOutlet: the outlet was not stored");
      await recordAudit(
        tx,
        null,
        "outlet",
        created.id,
        null,
        { kind, name: outlet.name, ...wanted, state },
        "import",
      );
      return "created";
    }
    const diff = changes(current, wanted);
    if (!diff) return "unchanged";
    await tx.update(outlets).set(diff.after).where(eq(outlets.id, current.id));
    await recordAudit(tx, null, "outlet", current.id, diff.before, diff.after, "import");
    return "updated";
  };
}

/**
 * `user` -> an account without a password (its first sign-in mails the link to set one), with
 * the old cart's batteries that the store has. An account the store already has for the e-mail
 * is left as it is: it may be its owner's, made on this site.
 */
async function importUser(tx: Tx, person: LegacyUser, ref: string, run: Run): Promise<Outcome> {
  claimKey(run, `user:${person.email}`, ref, "email", "e-mail");
  const [current] = await tx.select({ id: user.id }).from(user).where(eq(user.email, person.email));
  if (current) return "unchanged";
  const id = randomUUID();
  const name = person.displayName ?? person.email.split("@")[0] ?? person.email;
  await tx
    .insert(user)
    .values({ id, name, email: person.email, emailVerified: false, role: "user" });
  const lines: { productId: number; quantity: number; model: string }[] = [];
  for (const line of person.cart) {
    const quantity = parseQuantity(line.quantity);
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.model, line.model));
    const why = !product
      ? m.cartLineUnknown
      : quantity === null
        ? m.cartLineQuantity(line.quantity)
        : null;
    if (why || !product || quantity === null) {
      run.report.notes.push({ ref, note: m.cartLineLeftOut(line.model, why ?? "") });
      continue;
    }
    lines.push({ productId: product.id, quantity, model: line.model });
  }
  if (lines.length > 0) {
    const [cart] = await tx.insert(carts).values({ userId: id }).returning({ id: carts.id });
    if (!cart) throw new Error("importUser: the cart was not stored");
    await tx
      .insert(cartItems)
      .values(lines.map(({ productId, quantity }) => ({ cartId: cart.id, productId, quantity })));
  }
  await recordAudit(
    tx,
    null,
    "user",
    id,
    null,
    { email: person.email, name, cart: lines.map((l) => `${l.model} × ${l.quantity}`) },
    "import",
  );
  return "created";
}

/** An old order's day as a moment: noon in India that day (its calendar day everywhere). */
function middayInIndia(day: string): Date {
  return new Date(`${day}T12:00:00+05:30`);
}

/**
 * `order` -> a delivered order (the old site had no status: every order it took is history),
 * its lines at the store's prices today, its total recomputed by the store's pricing, the old
 * total and any difference kept on its timeline and reported. Its buyer's account is linked
 * when exactly one of the export's users has the order's name.
 */
async function importOrder(tx: Tx, order: LegacyOrder, ref: string, run: Run): Promise<Outcome> {
  claimKey(run, `order:${order.id}`, ref, "id", "order id");
  const [current] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.legacyId, order.id));
  if (current) return "unchanged";
  const lines = [];
  for (const [model, quantity] of Object.entries(order.items)) {
    const [product] = await tx.select().from(products).where(eq(products.model, model.trim()));
    if (!product) throw new RecordRejected("items", m.unknownBattery(model));
    lines.push({ product, quantity, unitPricePaise: product.pricePaise, exchangeCreditPaise: 0 });
  }
  const totals = priceOrder(lines, null, run.settings);
  const emails = run.usersByName.get(order.name.toLowerCase()) ?? [];
  const [buyer] =
    emails.length === 1 && emails[0]
      ? await tx.select({ id: user.id }).from(user).where(eq(user.email, emails[0]))
      : [];
  const at = middayInIndia(order.date);
  const difference = totals.totalPaise - order.total;
  const [created] = await tx
    .insert(orders)
    .values({
      legacyId: order.id,
      userId: buyer?.id ?? null,
      status: "delivered",
      customerName: order.name,
      phone: "",
      address: "",
      city: "",
      pincode: "",
      ...totals,
      reference: `LEGACY${order.id}`,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: orders.id, number: orders.number });
  if (!created) throw new Error("importOrder: the order was not stored");
  await tx.insert(orderItems).values(
    lines.map(({ product, quantity, unitPricePaise }) => ({
      orderId: created.id,
      productId: product.id,
      model: product.model,
      name: productName(product),
      unitPricePaise,
      quantity,
    })),
  );
  await tx.insert(orderEvents).values({
    orderId: created.id,
    toStatus: "delivered",
    internalNote: `Imported from the old site, where it was order ${order.id} with a total of ${formatPaise(order.total)}${
      difference === 0
        ? ""
        : `; recomputed at today's prices and rules: ${formatPaise(totals.totalPaise)}`
    }.`,
    createdAt: at,
  });
  if (difference !== 0) {
    run.report.totalDifferences.push({
      ref,
      legacyId: order.id,
      legacyTotalPaise: order.total,
      totalPaise: totals.totalPaise,
    });
  }
  await recordAudit(
    tx,
    null,
    "order",
    created.id,
    null,
    {
      legacyId: order.id,
      number: created.number,
      totalPaise: totals.totalPaise,
      legacyTotalPaise: order.total,
    },
    "import",
  );
  return "created";
}
