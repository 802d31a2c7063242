/**
 * The browser tests' control port (ADR 011): a tiny JSON API that runs inside the e2e server's
 * process (scripts/e2e-server.mjs), next to the store, so that tests can create their own users,
 * sessions, products and vehicles without typing into forms, and without opening the embedded
 * database themselves (one process only may open PGlite).
 *
 * It is test tooling only: nothing in app/ or server/ imports it, so it is not in dist/server.js,
 * and the only things that start it are scripts/e2e-server.mjs, which first wipes its data folder,
 * and scripts/e2e-cluster-app.mjs, in the first process of the browser tests' cluster, whose
 * PostgreSQL database scripts/e2e-cluster.mjs has just made afresh. It listens on 127.0.0.1 only
 * and refuses to start against any other DATABASE_URL.
 *
 *   GET  /ready     200 once the store answers its own /readyz (Playwright waits for this)
 *   GET  /runtime   { nodeEnv, react, reactDomServer: "production" | "development" }
 *   POST /users     { name?, email?, password?, role?, signedIn?, emailVerified? } -> ControlUser
 *   POST /products  { tag?, category?, capacityAh?, ... }            -> ControlProduct
 *   POST /vehicles  { productIds, vehicleType?, make?, model?, ... } -> ControlVehicle
 *   POST /exchange-rates { category, minCapacityAh, maxCapacityAh, creditPaise } -> { id }
 *   POST /delivery-areas { prefix, city, days }                       -> { prefix }
 *   POST /cart-lines     { userId }                                   -> CartLine[]
 *   POST /outlets        { kind, tag?, city?, pincode?, lat?, lng?, categories?, bookingCapacity?, ... } -> ControlOutlet
 *   POST /product-stock  { id, stock }                                -> the product's new stock
 *   POST /orders         { userId, productId, quantity?, status?, adminId?, courier?, trackingNumber? } -> { number }
 *   POST /paid-orders    { userId, productId, adminId, paidAt, quantity?, state?, buyerGstin?, buyerLegalName? } -> { number, invoiceNumber }
 *   POST /bookings       { outletId, date, time, name?, email? }      -> { reference }
 *   POST /warranties     { productId, purchaseDate, userId?, mobile?, serial?, ... } -> { id, serial, mobile }
 *   POST /warranty-claims { registrationId, centreId, problem?, details?, email? } -> { id, reference }
 *   POST /promo-codes    { code, kind, amount, ... }                   -> { id, code }
 *   POST /settings       { upiPayeeId?, upiPayeeName?, shippingFeePaise?, ... } -> the patch
 *   POST /settings-lock  { holder, mode: "shared" | "exclusive" }     -> once held
 *   POST /settings-unlock { holder }
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  deliveryAreas,
  exchangeRates,
  orders,
  outlets,
  products,
  promoCodes,
  serviceBookings,
  vehicleFitments,
  vehicles,
  warrantyRegistrations,
} from "~/db/schema";
import {
  claimProblems,
  couriers,
  fuelTypes,
  outletCategories,
  outletKinds,
  productCategories,
  userRoles,
  vehicleTypes,
} from "~/db/schema/enums";
import { createAccountWithPassword } from "~/features/accounts/admin-account.server";
import { addToCart, listCartLines } from "~/features/cart/cart.server";
import { slugify } from "~/features/catalog/slug";
import { taxDocumentsOfOrders } from "~/features/gst/invoices.server";
import {
  changeOrderStatus,
  newCheckoutReference,
  placeOrder,
} from "~/features/orders/orders.server";
import { settingsPatchSchema } from "~/features/settings/settings.schema";
import { SETTINGS_RECHECK_MS, updateSettings } from "~/features/settings/settings.server";
import { mailBackInStock } from "~/features/stock-alerts/stock-alerts.server";
import { claimPass, raiseClaim, registerWarranty } from "~/features/warranty/warranty.server";
import { indiaDayOf } from "~/lib/india-time";
import type { started } from "../../server/index";

type Store = Awaited<typeof started>;

/** The life of an order paid by UPI, in order. */
const upiLife = ["payment_pending", "paid", "shipped", "delivered"] as const;

const orderInput = z.object({
  userId: z.string().min(1),
  productId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(4).default(1),
  /** Up to where an admin moves it: paid, shipped or delivered (default: waiting for payment). */
  status: z.enum(upiLife).default("payment_pending"),
  /** The admin who moves it on (needed for any status but the first). */
  adminId: z.string().min(1).optional(),
  /** Marked shipped: by whom and the tracking number (default: the store's own delivery). */
  courier: z.enum(couriers).default("own_delivery"),
  trackingNumber: z.string().optional(),
});

/** Where the control port's orders go. */
const orderDelivery = {
  name: "Asha Kumari",
  phone: "9876543210",
  house: "12",
  address: "MG Road, Navrangpura",
  city: "Ahmedabad",
  pincode: "380009",
};

/**
 * An order paid on a given day, as an admin marks it paid: its tax invoice is issued dated that
 * day (the demo store's, on this machine, until the seller's details are set). For the GST
 * returns' tests, which need invoices in a month of their own.
 */
const paidOrderInput = z.object({
  userId: z.string().min(1),
  productId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(4).default(1),
  adminId: z.string().min(1),
  /** The instant it was paid (ISO 8601): the invoice is dated that day in India. */
  paidAt: z.iso.datetime({ offset: true }),
  /** The delivery State (default: the pincode's) and, for a business, its GSTIN and name. */
  state: z.string().optional(),
  buyerGstin: z.string().optional(),
  buyerLegalName: z.string().optional(),
});
export type ControlPaidOrderInput = z.input<typeof paidOrderInput>;

const userInput = z.object({
  name: z.string().min(1).optional(),
  email: z.email().optional(),
  password: z.string().min(8).optional(),
  role: z.enum(userRoles).default("user"),
  /** false: only the account (for journeys that sign in through the form themselves). */
  signedIn: z.boolean().default(true),
  /** false: an account whose e-mail address is not verified yet (ADR 029). */
  emailVerified: z.boolean().default(true),
});

const productInput = z.object({
  /** Start of the model name (made unique by the control port), e.g. "EDIT". */
  tag: z
    .string()
    .regex(/^[A-Z0-9-]{1,20}$/)
    .default("E2E"),
  /** Industrial by default: out of the way of the car, bike and inverter pages tests browse. */
  category: z.enum(productCategories).default("industrial"),
  capacityAh: z.number().int().positive().default(55),
  voltageV: z.number().int().positive().default(12),
  warrantyMonths: z.number().int().nonnegative().default(24),
  pricePaise: z.number().int().positive().default(549_900),
  mrpPaise: z.number().int().positive().optional(),
  stock: z.number().int().nonnegative().default(10),
  active: z.boolean().default(true),
  /** Chosen for the home page's best-sellers. */
  featured: z.boolean().default(false),
  description: z.string().default("A battery made by a browser test."),
});

const vehicleInput = z.object({
  /** The recommended battery first, then the alternatives. */
  productIds: z.array(z.number().int().positive()).min(1),
  vehicleType: z.enum(vehicleTypes).default("car"),
  make: z.string().min(1).default("Testmake"),
  /** Start of the model name (made unique by the control port). */
  model: z.string().min(1).default("Testcar"),
  year: z.number().int().min(1980).max(2100).default(2024),
  fuelType: z.enum(fuelTypes).default("Petrol"),
});

export type ControlUserInput = z.input<typeof userInput>;
export type ControlProductInput = z.input<typeof productInput>;
export type ControlVehicleInput = z.input<typeof vehicleInput>;

export type ControlUser = {
  id: string;
  name: string;
  email: string;
  password: string;
  role: (typeof userRoles)[number];
  /** The session cookie(s) of a fresh sign-in; empty when `signedIn` was false. */
  cookies: { name: string; value: string }[];
};
export type ControlProduct = Pick<
  typeof products.$inferSelect,
  | "id"
  | "slug"
  | "model"
  | "category"
  | "capacityAh"
  | "voltageV"
  | "warrantyMonths"
  | "pricePaise"
  | "mrpPaise"
  | "stock"
  | "active"
>;
export type ControlVehicle = Pick<
  typeof vehicles.$inferSelect,
  "id" | "vehicleType" | "make" | "model" | "year" | "fuelType"
>;

/** Different on every call within one run (the database is new every run). */
let serial = 0;
function unique(): string {
  serial += 1;
  return `${serial.toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();
}

/** name=value pairs of Set-Cookie headers (the attributes are the browser context's business). */
function cookiesOf(headers: Headers): { name: string; value: string }[] {
  return headers.getSetCookie().map((line) => {
    const pair = line.split(";", 1)[0] ?? "";
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/**
 * The password of a test's account unless the test chose one. One password for them all, hashed
 * once: a hash is about 60 ms of the store's CPU, and the suite makes hundreds of accounts.
 */
const DEFAULT_PASSWORD = "e2e-Pass-2026";
const hashes = new Map<string, Promise<string>>();
function hashOnce(store: Store, password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = store.auth.$context.then((ctx) => ctx.password.hash(password));
    hashes.set(password, hash);
  }
  return hash;
}

async function createUser(store: Store, body: unknown): Promise<ControlUser> {
  const input = userInput.parse(body);
  const id = unique().toLowerCase();
  const email = input.email ?? `e2e.${id}@example.in`;
  const name = input.name ?? `Test ${input.role === "admin" ? "Admin" : "Customer"} ${id}`;
  const password = input.password ?? DEFAULT_PASSWORD;
  // Verified unless asked otherwise, and without a verification mail, as the seed's accounts.
  const created = await createAccountWithPassword(store.auth, {
    name,
    email,
    password,
    passwordHash: await hashOnce(store, password),
    role: input.role,
    emailVerified: input.emailVerified,
  });
  let cookies: ControlUser["cookies"] = [];
  if (input.signedIn) {
    const { headers } = await store.auth.api.signInEmail({
      body: { email, password },
      returnHeaders: true,
    });
    cookies = cookiesOf(headers);
    if (cookies.length === 0) throw new Error(`No session cookie for ${email}`);
  }
  return { id: created.id, name, email, password, role: input.role, cookies };
}

async function createProduct(store: Store, body: unknown): Promise<ControlProduct> {
  const input = productInput.parse(body);
  const model = `${input.tag}-${unique()}`;
  const [row] = await store.db
    .insert(products)
    .values({
      slug: slugify(model),
      model,
      category: input.category,
      brand: "UrjaCell",
      capacityAh: input.capacityAh,
      voltageV: input.voltageV,
      warrantyMonths: input.warrantyMonths,
      pricePaise: input.pricePaise,
      mrpPaise: input.mrpPaise ?? input.pricePaise,
      stock: input.stock,
      active: input.active,
      featured: input.featured,
      description: input.description,
    })
    .returning({
      id: products.id,
      slug: products.slug,
      model: products.model,
      category: products.category,
      capacityAh: products.capacityAh,
      voltageV: products.voltageV,
      warrantyMonths: products.warrantyMonths,
      pricePaise: products.pricePaise,
      mrpPaise: products.mrpPaise,
      stock: products.stock,
      active: products.active,
    });
  if (!row) throw new Error("The product was not stored");
  return row;
}

async function createVehicle(store: Store, body: unknown): Promise<ControlVehicle> {
  const input = vehicleInput.parse(body);
  return store.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(vehicles)
      .values({
        vehicleType: input.vehicleType,
        make: input.make,
        model: `${input.model} ${unique()}`,
        year: input.year,
        fuelType: input.fuelType,
      })
      .returning({
        id: vehicles.id,
        vehicleType: vehicles.vehicleType,
        make: vehicles.make,
        model: vehicles.model,
        year: vehicles.year,
        fuelType: vehicles.fuelType,
      });
    if (!row) throw new Error("The vehicle was not stored");
    await tx
      .insert(vehicleFitments)
      .values(
        input.productIds.map((productId, i) => ({ vehicleId: row.id, productId, rank: i + 1 })),
      );
    return row;
  });
}

const exchangeRateInput = z.object({
  category: z.enum(productCategories),
  minCapacityAh: z.number().int().positive(),
  maxCapacityAh: z.number().int().positive(),
  creditPaise: z.number().int().positive(),
});
export type ControlExchangeRateInput = z.input<typeof exchangeRateInput>;

const deliveryAreaInput = z.object({
  prefix: z.string().regex(/^[1-9][0-9]{2,5}$/),
  city: z.string().min(1),
  days: z.number().int().min(1).max(30),
});
export type ControlDeliveryAreaInput = z.input<typeof deliveryAreaInput>;

const bookingInput = z.object({
  outletId: z.number().int(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  time: z.string().regex(/^\d{2}:\d{2}$/),
  name: z.string().min(1).default("Test Customer"),
  email: z.email().default("booking@example.in"),
});
export type ControlBookingInput = z.input<typeof bookingInput>;

const warrantyInput = z.object({
  productId: z.number().int().positive(),
  /** India's day the battery was bought: today by default. */
  purchaseDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /** Made unique when not given. */
  serial: z.string().optional(),
  mobile: z.string().default("9876543210"),
  firstName: z.string().default("Asha"),
  lastName: z.string().default("Patel"),
  pincode: z.string().default("380009"),
  email: z.email().optional(),
  /** The account it belongs to (registered signed in). */
  userId: z.string().optional(),
});
export type ControlWarrantyInput = z.input<typeof warrantyInput>;

const warrantyClaimInput = z.object({
  registrationId: z.number().int().positive(),
  /** A service centre (POST /outlets with kind "service_centre"). */
  centreId: z.number().int().positive(),
  problem: z.enum(claimProblems).default("low_backup"),
  details: z.string().nullable().default(null),
  email: z.email().default("owner@example.in"),
});
export type ControlWarrantyClaimInput = z.input<typeof warrantyClaimInput>;

const outletInput = z.object({
  kind: z.enum(outletKinds),
  /** The start of the outlet's name; a unique tail is added. */
  tag: z.string().min(1).default("Test Outlet"),
  address: z.string().min(1).default("1 Test Road, Navrangpura"),
  city: z.string().min(1).default("Ahmedabad"),
  state: z.string().min(1).default("Gujarat"),
  pincode: z
    .string()
    .regex(/^[1-9][0-9]{5}$/)
    .default("380009"),
  lat: z.number().min(-90).max(90).default(23.0365),
  lng: z.number().min(-180).max(180).default(72.5611),
  phone: z.string().min(1).default("+91 98250 00000"),
  openDays: z.array(z.number().int().min(1).max(7)).min(1).default([1, 2, 3, 4, 5, 6, 7]),
  opensAt: z.string().default("09:00"),
  closesAt: z.string().default("19:00"),
  categories: z
    .array(z.enum(outletCategories))
    .min(1)
    .default([...outletCategories]),
  bookingCapacity: z.number().int().min(1).max(50).default(2),
});
export type ControlOutletInput = z.input<typeof outletInput>;
export type ControlOutlet = typeof outlets.$inferSelect;

const promoCodeInput = z.object({
  code: z.string().regex(/^[A-Z0-9]{3,20}$/),
  kind: z.enum(["percent", "fixed"]),
  amount: z.number().int().positive(),
  usageLimit: z.number().int().positive().optional(),
});
export type ControlPromoCodeInput = z.input<typeof promoCodeInput>;

/**
 * The store-wide settings lock. The settings (the UPI payee, the shipping fee) are one for the
 * whole run, and the suite runs in parallel: a test that changes them holds this lock alone
 * ("exclusive"), and a test that relies on their defaults (the demo payee's notice) holds it
 * shared, so the two never overlap. Tests that are indifferent to these settings take no part.
 * A waiting exclusive holder goes first: new shared holders wait behind it. A hold lapses after
 * its lease (a worker that died holding it), so one failure cannot stall the rest of the run.
 */
const lockInput = z.object({
  /** Who holds it: one test's run (released by the same name). */
  holder: z.string().min(1),
  mode: z.enum(["shared", "exclusive"]),
  leaseMs: z.number().int().positive().max(600_000).default(180_000),
});
const settingsLock = {
  holds: new Map<string, { mode: "shared" | "exclusive"; until: number }>(),
  exclusiveWaiting: 0,
  wakers: new Set<() => void>(),
  /** Whether a new hold of this mode may start now. */
  free(mode: "shared" | "exclusive"): boolean {
    const now = Date.now();
    for (const [holder, hold] of this.holds) if (hold.until <= now) this.holds.delete(holder);
    const holds = [...this.holds.values()];
    if (mode === "exclusive") return holds.length === 0;
    return this.exclusiveWaiting === 0 && holds.every((hold) => hold.mode === "shared");
  },
  async acquire(body: unknown) {
    const input = lockInput.parse(body);
    if (input.mode === "exclusive") this.exclusiveWaiting += 1;
    try {
      while (!this.free(input.mode)) {
        // Woken by a release; the timer notices a lapsed lease.
        await new Promise<void>((resolve) => {
          this.wakers.add(resolve);
          setTimeout(resolve, 1000).unref();
        });
      }
    } finally {
      if (input.mode === "exclusive") this.exclusiveWaiting -= 1;
    }
    this.holds.set(input.holder, { mode: input.mode, until: Date.now() + input.leaseMs });
    return { holder: input.holder, mode: input.mode };
  },
  release(body: unknown) {
    const { holder } = z.object({ holder: z.string().min(1) }).parse(body);
    const released = this.holds.delete(holder);
    for (const wake of this.wakers) wake();
    this.wakers.clear();
    return { released };
  },
};

const routes: Record<string, (store: Store, body: unknown) => Promise<unknown>> = {
  "POST /users": createUser,
  "POST /products": createProduct,
  "POST /vehicles": createVehicle,
  "POST /exchange-rates": async (store, body) => {
    const [row] = await store.db
      .insert(exchangeRates)
      .values(exchangeRateInput.parse(body))
      .returning({ id: exchangeRates.id });
    return row;
  },
  "POST /delivery-areas": async (store, body) => {
    const input = deliveryAreaInput.parse(body);
    await store.db.insert(deliveryAreas).values(input);
    return { prefix: input.prefix };
  },
  /** A product's stock set behind the shopper's back (someone else bought it meanwhile, or a
   * delivery came in: then those waiting for it are mailed, as by the admin's form). */
  "POST /product-stock": async (store, body) => {
    const input = z.object({ id: z.number().int(), stock: z.number().int().min(0) }).parse(body);
    await store.db.transaction(async (tx) => {
      await tx.update(products).set({ stock: input.stock }).where(eq(products.id, input.id));
      await mailBackInStock(tx, [input.id], store.publicUrl);
    });
    return input;
  },
  /** A dealer or service centre with a name of its own (open every day by default). */
  "POST /outlets": async (store, body) => {
    const { tag, ...input } = outletInput.parse(body);
    const [row] = await store.db
      .insert(outlets)
      .values({ ...input, name: `${tag} ${randomUUID().slice(0, 8)}` })
      .returning();
    return row;
  },
  /**
   * An order placed by the store's own rules (the customer's cart, then Confirm Order), then
   * moved on by an admin to the status asked for: each step an event, as in the store.
   */
  "POST /orders": async (store, body) => {
    const input = orderInput.parse(body);
    const links = { publicUrl: store.publicUrl };
    await addToCart(store.db, { userId: input.userId }, input.productId, input.quantity);
    const { number } = await placeOrder(
      store.db,
      { reference: newCheckoutReference(), delivery: orderDelivery },
      { id: input.userId },
      links,
    );
    const steps = upiLife.slice(1, upiLife.indexOf(input.status) + 1);
    for (const to of steps) {
      await changeOrderStatus(
        store.db,
        { number, to, courier: input.courier, trackingNumber: input.trackingNumber },
        { id: input.adminId ?? "", as: "admin" },
        links,
      );
    }
    return { number };
  },
  "POST /paid-orders": async (store, body) => {
    const { userId, productId, quantity, adminId, paidAt, ...buyer } = paidOrderInput.parse(body);
    const links = { publicUrl: store.publicUrl };
    await addToCart(store.db, { userId }, productId, quantity);
    const { number } = await placeOrder(
      store.db,
      { reference: newCheckoutReference(), delivery: { ...orderDelivery, ...buyer } },
      { id: userId },
      links,
    );
    await changeOrderStatus(
      store.db,
      { number, to: "paid" },
      { id: adminId, as: "admin" },
      { ...links, now: new Date(paidAt) },
    );
    const [order] = await store.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.number, number));
    const [invoice] =
      (await taxDocumentsOfOrders(store.db, [order?.id ?? 0])).get(order?.id ?? 0) ?? [];
    if (!invoice) throw new Error(`Order ${number} was paid without a tax invoice`);
    return { number, invoiceNumber: invoice.number };
  },
  /** A service booking as a customer left it (the booking form's rules are its own tests'). */
  "POST /bookings": async (store, body) => {
    const input = bookingInput.parse(body);
    const [row] = await store.db
      .insert(serviceBookings)
      .values({
        ...input,
        reference: `SB-${randomUUID().slice(0, 8).toUpperCase()}`,
        phone: "+91 98765 43210",
        vehicleModel: "Maruti Swift",
      })
      .returning({ reference: serviceBookings.reference });
    return row;
  },
  /** A battery registered by the warranty's own rules (as tab 1 does), without its mail. */
  "POST /warranties": async (store, body) => {
    const input = warrantyInput.parse(body);
    const registration = await registerWarranty(
      store.db,
      {
        productId: input.productId,
        purchaseDate: input.purchaseDate ?? indiaDayOf(new Date()),
        serial: input.serial ?? `E2E${randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase()}`,
        mobile: input.mobile,
        firstName: input.firstName,
        lastName: input.lastName,
        pincode: input.pincode,
        email: input.email ?? null,
        consent: false,
      },
      input.userId ? { id: input.userId, email: input.email ?? "owner@example.in" } : null,
      { publicUrl: store.publicUrl },
    );
    return { id: registration.id, serial: registration.serial, mobile: registration.mobile };
  },
  /**
   * A claim raised on a registration by the store's rules (an active battery, one open claim), as
   * its owner does from "My batteries", or, for a battery of no account, with a look-up's pass.
   * No inspection slot.
   */
  "POST /warranty-claims": async (store, body) => {
    const { registrationId, ...input } = warrantyClaimInput.parse(body);
    const [registration] = await store.db
      .select({
        id: warrantyRegistrations.id,
        mobile: warrantyRegistrations.mobile,
        userId: warrantyRegistrations.userId,
      })
      .from(warrantyRegistrations)
      .where(eq(warrantyRegistrations.id, registrationId));
    if (!registration) throw new Error(`No registration ${registrationId}`);
    const secret = randomUUID();
    const { claim } = await raiseClaim(
      store.db,
      { ...input, registrationId, date: null, time: null },
      registration.userId
        ? { by: "owner", userId: registration.userId }
        : { by: "pass", pass: claimPass(registration, secret), secret, userId: null },
      { publicUrl: store.publicUrl },
    );
    return { id: claim.id, reference: claim.reference };
  },
  "POST /promo-codes": async (store, body) => {
    const [row] = await store.db
      .insert(promoCodes)
      .values(promoCodeInput.parse(body))
      .returning({ id: promoCodes.id, code: promoCodes.code });
    return row;
  },
  /**
   * Store settings written behind the admin page's back (a settings test's clean-up). The store
   * keeps its own copy for SETTINGS_RECHECK_MS before it looks again: the answer waits that
   * long, so that every page after it has the new values.
   */
  "POST /settings": async (store, body) => {
    const patch = settingsPatchSchema.parse(body);
    await updateSettings(store.db, patch);
    await new Promise((resolve) => setTimeout(resolve, SETTINGS_RECHECK_MS + 100));
    return patch;
  },
  "POST /settings-lock": async (_store, body) => settingsLock.acquire(body),
  "POST /settings-unlock": async (_store, body) => settingsLock.release(body),
  /** What a user's cart holds, as the store computes it. */
  "POST /cart-lines": async (store, body) =>
    listCartLines(store.db, { userId: z.object({ userId: z.string() }).parse(body).userId }),
};

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : {};
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export type ControlOptions = {
  store: Store;
  /** The port of the control API, on 127.0.0.1. */
  port: number;
  /** The store's own address, for /ready. */
  storeUrl: string;
  /** On the PostgreSQL of DATABASE_URL: only a database the caller made afresh for this run
   * (scripts/e2e-cluster.mjs), never one that holds anything else. */
  freshDatabase?: boolean;
};

/** Starts the control API; resolves once it listens. */
export async function startControlServer({
  store,
  port,
  storeUrl,
  freshDatabase = false,
}: ControlOptions) {
  if (process.env.DATABASE_URL && !freshDatabase) {
    throw new Error("The e2e control port only runs on the e2e server's own embedded database");
  }
  const server = createServer(async (req, res) => {
    try {
      if (req.method === "GET" && req.url === "/ready") {
        const ready = await fetch(`${storeUrl}/readyz`).catch(() => null);
        send(res, ready?.ok ? 200 : 503, { ready: Boolean(ready?.ok) });
        return;
      }
      if (req.method === "GET" && req.url === "/runtime") {
        // Which build of React this process renders with. Both builds' files may be loaded (Node
        // evaluates every re-export of a CommonJS entry it imports from ESM), so compare the
        // functions the entries hand out with the production files' own.
        const load = createRequire(path.resolve("package.json"));
        const build = (entry: string, production: string, name: string) =>
          load(entry)[name] === load(path.resolve("node_modules", production))[name]
            ? "production"
            : "development";
        send(res, 200, {
          nodeEnv: process.env.NODE_ENV ?? null,
          react: build("react", "react/cjs/react.production.js", "createElement"),
          reactDomServer: build(
            "react-dom/server",
            "react-dom/cjs/react-dom-server.node.production.js",
            "renderToPipeableStream",
          ),
        });
        return;
      }
      const route = routes[`${req.method} ${req.url}`];
      if (!route) {
        send(res, 404, { error: `No control route ${req.method} ${req.url}` });
        return;
      }
      const answer = await route(store, await readJson(req));
      // Data made behind the store's back: visitors' kept pages must not hide it, in any of the
      // store's processes (the cluster's, ADR 040).
      await store.pageCache.changed();
      send(res, 200, answer);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      send(res, error instanceof z.ZodError ? 400 : 500, { error: message });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return server;
}
