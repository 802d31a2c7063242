/**
 * Rows a test needs, made in a few lines with valid defaults and unique keys, instead of literal
 * inserts or the whole demo seed. Each takes the test's database and what matters to the test.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  deliveryAreas,
  orderItems,
  orders,
  outlets,
  products,
  reviews,
  serviceBookings,
  user,
  vehicleFitments,
  vehicles,
  warrantyRegistrations,
} from "~/db/schema";
import type { ProductFormInput } from "~/features/catalog/product-form.schema";
import { slugify } from "~/features/catalog/slug";
import { subtotalOf } from "~/features/orders/pricing.server";
import { warrantyPeriods } from "~/features/warranty/warranty-dates";
import type { SessionUser } from "~/lib/session.server";
import { sessionCookieFor } from "./helpers/app-context";
import type { TestDatabase } from "./helpers/test-db";

let serial = 0;
/** Unique within the run: a counter and a random tail (files run in parallel processes). */
function unique(): string {
  serial += 1;
  return `${serial}${randomBytes(3).toString("hex")}`;
}

export type TestUser = SessionUser & { password: string; banned: boolean; cookie: string };

/** A registered account with the given role, signed in: `cookie` is its session's Cookie header. */
export async function createUser(
  t: TestDatabase,
  options: {
    role?: "user" | "admin";
    name?: string;
    email?: string;
    password?: string;
    /** false: an account that has not verified its e-mail address yet (ADR 029). */
    emailVerified?: boolean;
  } = {},
): Promise<TestUser> {
  const tag = unique();
  const name = options.name ?? `Test User ${tag}`;
  const email = (options.email ?? `user-${tag}@example.in`).toLowerCase();
  const password = options.password ?? `password-${tag}`;
  const role = options.role ?? "user";
  const cookie = await sessionCookieFor(t, {
    name,
    email,
    password,
    emailVerified: options.emailVerified ?? true,
  });
  const [created] = await t.db
    .update(user)
    .set({ role })
    .where(eq(user.email, email))
    .returning({ id: user.id });
  if (!created) throw new Error("createUser: the account was not stored");
  return { id: created.id, name, email, role, password, banned: false, cookie };
}

type ProductRow = typeof products.$inferSelect;

/** An active car battery in stock, with a model of its own; override what the test is about. */
export async function createProduct(
  t: TestDatabase,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<ProductRow> {
  const model = overrides.model ?? `TEST-${unique().toUpperCase()}`;
  const [row] = await t.db
    .insert(products)
    .values({
      category: "car",
      brand: "UrjaCell",
      capacityAh: 40,
      voltageV: 12,
      warrantyMonths: 24,
      pricePaise: 500_000,
      stock: 10,
      description: "A test battery",
      ...overrides,
      // The MRP is never below the price, whatever price the test chose.
      mrpPaise: overrides.mrpPaise ?? Math.max(550_000, overrides.pricePaise ?? 500_000),
      model,
      slug: overrides.slug ?? slugify(model),
    })
    .returning();
  if (!row) throw new Error("createProduct: insert returned nothing");
  return row;
}

/** A customer's review of a product (4 stars unless given). */
export async function createReview(
  t: TestDatabase,
  review: { productId: number; userId: string } & Partial<typeof reviews.$inferInsert>,
) {
  const [row] = await t.db
    .insert(reviews)
    .values({ rating: 4, body: "Starts the car every morning.", ...review })
    .returning();
  if (!row) throw new Error("createReview: insert returned nothing");
  return row;
}

/** A car that the given batteries fit, the first one recommended. */
export async function createVehicle(
  t: TestDatabase,
  productIds: number[],
  overrides: Partial<typeof vehicles.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(vehicles)
    .values({
      vehicleType: "car",
      make: "Test Motors",
      model: `Model ${unique()}`,
      year: 2024,
      fuelType: "Petrol",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createVehicle: insert returned nothing");
  if (productIds.length > 0) {
    await t.db
      .insert(vehicleFitments)
      .values(
        productIds.map((productId, index) => ({ vehicleId: row.id, productId, rank: index + 1 })),
      );
  }
  return row;
}

/** A line of an order made by `createOrder`: what was bought, how many, at what price. */
export type OrderLineSpec = {
  quantity: number;
  unitPricePaise?: number;
  exchangeCreditPaise?: number;
  productId?: number | null;
  model?: string;
  name?: string;
};

/**
 * An order row as placing one stores it (payment pending, its own checkout reference, no
 * discount or shipping unless given); override what the test is about. With `lines`, its lines
 * are stored too and the subtotal and total are theirs (less the discount, plus shipping); without
 * them give `totalPaise`. For the order's life from a real cart, use placeOrder instead.
 */
export async function createOrder(
  t: TestDatabase,
  overrides: Partial<typeof orders.$inferInsert> & { lines?: OrderLineSpec[] },
) {
  const { lines: given, ...columns } = overrides;
  // An order always has lines: given only a total, one battery at the price it comes to.
  const specs =
    given ??
    (columns.totalPaise === undefined
      ? undefined
      : [
          {
            quantity: 1,
            unitPricePaise:
              columns.totalPaise + (columns.discountPaise ?? 0) - (columns.shippingPaise ?? 0),
          },
        ]);
  const lines = (specs ?? []).map((line) => ({
    unitPricePaise: 450_000,
    exchangeCreditPaise: 0,
    model: `TEST-${unique().toUpperCase()}`,
    name: "Test battery",
    productId: null,
    ...line,
  }));
  const subtotalPaise = specs ? subtotalOf(lines) : columns.totalPaise;
  if (subtotalPaise === undefined) throw new Error("createOrder: give lines or a totalPaise");
  const totalPaise =
    columns.totalPaise ??
    subtotalPaise - (columns.discountPaise ?? 0) + (columns.shippingPaise ?? 0);
  const row = await t.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        customerName: "Asha Kumari",
        phone: "9876543210",
        address: "12 MG Road",
        city: "Ahmedabad",
        pincode: "380015",
        subtotalPaise,
        reference: `UC${randomBytes(10).toString("hex").toUpperCase()}`,
        ...columns,
        totalPaise,
      })
      .returning();
    if (!order) throw new Error("createOrder: insert returned nothing");
    if (lines.length > 0) {
      await tx.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: order.id })));
    }
    return order;
  });
  return row;
}

/**
 * An open dealer (or, with `kind: "service_centre"`, a service centre) in Ahmedabad with a name of
 * its own, open Monday to Saturday 9:00 to 19:00 for every category; override what matters.
 */
export async function createOutlet(
  t: TestDatabase,
  overrides: Partial<typeof outlets.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(outlets)
    .values({
      kind: "dealer",
      name: `Test Outlet ${unique()}`,
      address: "1 Test Road, Navrangpura",
      city: "Ahmedabad",
      state: "Gujarat",
      pincode: "380009",
      lat: 23.0365,
      lng: 72.5611,
      phone: "+91 98250 00000",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createOutlet: insert returned nothing");
  return row;
}

/**
 * A booking row as Book Now stores it (status requested, its own reference); for the capacity and
 * date rules, book through features/bookings instead.
 */
export async function createBooking(
  t: TestDatabase,
  overrides: Partial<typeof serviceBookings.$inferInsert> & {
    outletId: number;
    date: string;
    time: string;
  },
) {
  const [row] = await t.db
    .insert(serviceBookings)
    .values({
      reference: `SB-${unique().toUpperCase().slice(0, 8).padEnd(8, "0")}`,
      name: "Test Customer",
      email: `booking-${unique()}@example.in`,
      phone: "+91 98765 43210",
      vehicleModel: "Maruti Swift",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createBooking: insert returned nothing");
  return row;
}

/** A delivery area (a pincode or its first digits) the store delivers to; one per prefix. */
export async function createDeliveryArea(
  t: TestDatabase,
  area: { prefix: string; city?: string; days?: number },
) {
  await t.db
    .insert(deliveryAreas)
    .values({ city: "Ahmedabad", days: 1, ...area })
    .onConflictDoNothing();
}

/** The admin's product form (/admin/product) filled in with only what it requires. */
export const productFormFields = {
  model: "TEST-50",
  category: "car",
  capacityAh: "50",
  voltageV: "12",
  warrantyMonths: "24",
  price: "6000",
  stock: "4",
  description: "Integration test battery",
};

/**
 * The admin product form's values for a product row, as `updateProduct` takes them (no
 * specifications), with `changes` (another model, another stock).
 */
export function productFormOf(
  row: typeof products.$inferSelect,
  changes: Partial<ProductFormInput> = {},
): ProductFormInput & { id: number } {
  return {
    id: row.id,
    model: row.model,
    category: row.category,
    capacityAh: row.capacityAh,
    voltageV: row.voltageV,
    warrantyMonths: row.warrantyMonths,
    proRataMonths: row.proRataMonths,
    onSaleSince: row.onSaleSince,
    hsnCode: row.hsnCode,
    price: row.pricePaise,
    mrp: row.mrpPaise,
    stock: row.stock,
    description: row.description,
    name: row.name,
    name_hi: row.translations.hi?.name ?? null,
    name_gu: row.translations.gu?.name ?? null,
    description_hi: row.translations.hi?.description ?? null,
    description_gu: row.translations.gu?.description ?? null,
    technology: null,
    cca: null,
    lengthMm: null,
    widthMm: null,
    heightMm: null,
    weightKg: null,
    terminalLayout: null,
    featured: row.featured,
    installationIncluded: row.installationIncluded,
    ...changes,
  };
}

/** A unique battery serial number as the warranty stores it (upper-case letters and digits). */
export function uniqueSerial(): string {
  return `SN${unique().toUpperCase()}`.slice(0, 20);
}

/**
 * A warranty registration as /warranty stores it, with the periods worked out from the purchase
 * date (any day, also long past: an expired warranty) and the months given (default 24 free, none
 * pro-rata); no confirmation is queued. For the form's rules, register through features/warranty.
 */
export async function createWarranty(
  t: TestDatabase,
  input: Partial<typeof warrantyRegistrations.$inferInsert> & {
    productId: number;
    purchaseDate: string;
  },
) {
  const [product] = await t.db
    .select({ model: products.model })
    .from(products)
    .where(eq(products.id, input.productId));
  const warrantyMonths = input.warrantyMonths ?? 24;
  const proRataMonths = input.proRataMonths ?? 0;
  const [row] = await t.db
    .insert(warrantyRegistrations)
    .values({
      serial: uniqueSerial(),
      model: product?.model ?? "UNKNOWN",
      firstName: "Asha",
      lastName: "Patel",
      pincode: "380009",
      mobile: "9876543210",
      ...warrantyPeriods(input.purchaseDate, warrantyMonths, proRataMonths),
      ...input,
      warrantyMonths,
      proRataMonths,
    })
    .returning();
  if (!row) throw new Error("createWarranty: insert returned nothing");
  return row;
}

/** A seller registered for GST in Gujarat (the settings' four details), for invoices' tests. */
export const gstSeller = {
  sellerLegalName: "UrjaCell Batteries Private Limited",
  sellerAddress: "14 Ashram Road\nNavrangpura, Ahmedabad 380009",
  sellerState: "Gujarat",
  sellerGstin: "24AAACC1206D1ZM",
} as const;

/** No seller details: the demo store's invoices on this machine, none elsewhere (ADR 033). */
export const noGstSeller = {
  sellerLegalName: null,
  sellerAddress: null,
  sellerState: null,
  sellerGstin: null,
} as const;
