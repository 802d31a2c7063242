/**
 * Issue 30: every count and sum a list or a tile shows equals what the records behind it say,
 * and what the record's own page shows. fast-check builds random stores with the factories
 * (customers, orders of several lines, reviews, vehicles with fitments, bookings in slots) and
 * each figure is checked against a count made here from what was stored. It runs on PGlite and,
 * in CI, on PostgreSQL (the integration project with TEST_DATABASE_URL).
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { products as productsTable, reviews as reviewsTable } from "~/db/schema";
import {
  type BookingStatus,
  bookingStatuses,
  type OrderStatus,
  orderStatuses,
} from "~/db/schema/enums";
import { getBookingSlots } from "~/features/bookings/bookings.server";
import { parseCatalogQuery } from "~/features/catalog/catalog.schema";
import {
  getRatingSummary,
  listProducts,
  listRelatedProducts,
  type ProductCard,
} from "~/features/catalog/catalog.server";
import { listReviews } from "~/features/catalog/reviews.server";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { findBatteries } from "~/features/finder/finder.server";
import { getVehicle, listVehicles } from "~/features/finder/vehicle-admin.server";
import { getOrder, listCustomerOrders, listOrders } from "~/features/orders/order-read.server";
import { isPaid } from "~/features/orders/order-status";
import { lineTotalPaise } from "~/features/orders/pricing.server";
import {
  createBooking,
  createOrder,
  createOutlet,
  createProduct,
  createReview,
  createUser,
  createVehicle,
  type TestUser,
} from "../../tests/factories";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db";

/** The clock of every run: Tuesday 1 December 2026, 9:00 in India; slots are booked for the next day. */
const now = new Date("2026-12-01T03:30:00Z");
const bookingDay = "2026-12-02";
const bookedTimes = ["10:00", "11:00", "12:00"];

type ProductRow = typeof productsTable.$inferSelect;
type ReviewRow = typeof reviewsTable.$inferSelect;

const lineArb = fc.record({
  product: fc.nat(),
  quantity: fc.integer({ min: 1, max: 4 }),
  withExchange: fc.boolean(),
});

const storeArb = fc.record({
  customers: fc.integer({ min: 1, max: 3 }),
  products: fc.array(
    fc.record({
      pricePaise: fc.integer({ min: 100, max: 2_000_000 }),
      stock: fc.integer({ min: 0, max: 3 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  orders: fc.array(
    fc.record({
      customer: fc.nat(),
      status: fc.constantFrom<OrderStatus>(...orderStatuses),
      /** Paid on installation, where its status allows it (ADR 031). */
      onInstallation: fc.boolean(),
      lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
      shippingPaise: fc.constantFrom(0, 4_900),
      discountPercent: fc.integer({ min: 0, max: 20 }),
    }),
    { maxLength: 6 },
  ),
  // One review per customer and product: a second one for the same pair is left out.
  reviews: fc.array(
    fc.record({ customer: fc.nat(), product: fc.nat(), rating: fc.integer({ min: 1, max: 5 }) }),
    { maxLength: 8 },
  ),
  vehicles: fc.array(fc.uniqueArray(fc.nat({ max: 3 }), { maxLength: 4 }), { maxLength: 3 }),
  booking: fc.record({
    capacity: fc.integer({ min: 1, max: 4 }),
    bookings: fc.array(
      fc.record({
        slot: fc.nat({ max: bookedTimes.length - 1 }),
        status: fc.constantFrom<BookingStatus>(...bookingStatuses),
      }),
      { maxLength: 8 },
    ),
  }),
});
type Store = typeof storeArb extends fc.Arbitrary<infer T> ? T : never;

const opened: TestDatabase[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

/** Stores a random store through the factories; gives back what it stored, to count from. */
async function build(store: Store) {
  const t = await createTestDatabase();
  opened.push(t);
  const customers: TestUser[] = [];
  for (let i = 0; i < store.customers; i++) customers.push(await createUser(t));
  const products: ProductRow[] = [];
  for (const spec of store.products) products.push(await createProduct(t, spec));
  const pick = <T>(list: T[], index: number) => list[index % list.length] as T;

  const orders = [];
  for (const spec of store.orders) {
    const customer = pick(customers, spec.customer);
    const lines = spec.lines.map((line) => {
      const product = pick(products, line.product);
      return {
        productId: product.id,
        model: product.model,
        quantity: line.quantity,
        unitPricePaise: product.pricePaise,
        exchangeCreditPaise: line.withExchange ? Math.floor(product.pricePaise / 10) : 0,
      };
    });
    const subtotal = lines.reduce((sum, line) => sum + lineTotalPaise(line), 0);
    const row = await createOrder(t, {
      userId: customer.id,
      status: spec.status,
      paymentMethod:
        spec.status === "placed" ||
        (spec.onInstallation && !["payment_pending", "paid"].includes(spec.status))
          ? "on_installation"
          : "upi",
      lines,
      shippingPaise: spec.shippingPaise,
      discountPaise: Math.floor((subtotal * spec.discountPercent) / 100),
    });
    orders.push({ ...row, lines });
  }

  const reviews: ReviewRow[] = [];
  for (const spec of store.reviews) {
    const review = {
      productId: pick(products, spec.product).id,
      userId: pick(customers, spec.customer).id,
    };
    if (reviews.some((r) => r.productId === review.productId && r.userId === review.userId)) {
      continue;
    }
    reviews.push(await createReview(t, { ...review, rating: spec.rating }));
  }

  const vehicles = [];
  for (const fits of store.vehicles) {
    const productIds = [...new Set(fits.map((i) => pick(products, i).id))];
    vehicles.push({ ...(await createVehicle(t, productIds)), productIds });
  }

  const centre = await createOutlet(t, {
    kind: "service_centre",
    bookingCapacity: store.booking.capacity,
  });
  const bookings = [];
  for (const spec of store.booking.bookings) {
    const time = bookedTimes[spec.slot] as string;
    bookings.push(
      await createBooking(t, { outletId: centre.id, date: bookingDay, time, status: spec.status }),
    );
  }
  return { t, customers, products, orders, reviews, vehicles, centre, bookings };
}
type Built = Awaited<ReturnType<typeof build>>;

const units = (lines: { quantity: number }[]) => lines.reduce((sum, l) => sum + l.quantity, 0);

/** Average of whole ratings to one decimal, halves up, as the store rounds it (null: none). */
function averageOf(ratings: number[]): number | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((a, b) => a + b, 0);
  return Math.round((sum * 10) / ratings.length) / 10;
}

async function checkOrders({ t, customers, orders }: Built) {
  for (const customer of customers) {
    const own = orders.filter((o) => o.userId === customer.id);
    const listed = await listCustomerOrders(t.db, customer.id);
    expect(listed.map((o) => o.number).sort()).toEqual(own.map((o) => o.number).sort());
    for (const row of listed) {
      const stored = own.find((o) => o.number === row.number);
      expect(row.items, `order ${row.number}: batteries`).toBe(units(stored?.lines ?? []));
      expect(row.totalPaise, `order ${row.number}: total`).toBe(stored?.totalPaise);
      // Its own page says the same.
      const page = await getOrder(t.db, row.number, { id: customer.id, as: "customer" });
      expect(units(page.lines)).toBe(row.items);
      expect(page.totalPaise).toBe(row.totalPaise);
      const linesTotal = page.lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
      expect(page.totalPaise).toBe(linesTotal - page.discountPaise + page.shippingPaise);
    }
  }

  const all = await listOrders(t.db, { q: "", page: 1 });
  expect(all.total).toBe(orders.length);
  for (const row of all.rows) {
    expect(row.totalPaise).toBe(orders.find((o) => o.number === row.number)?.totalPaise);
  }
  for (const status of orderStatuses) {
    const filtered = await listOrders(t.db, { q: "", status, page: 1 });
    expect(filtered.total, `orders ${status}`).toBe(
      orders.filter((o) => o.status === status).length,
    );
  }
  // Stored a moment ago: the dashboard's 30 days up to a minute from now hold them all.
  const { recent } = await getDashboard(t.db, {
    now: new Date(Date.now() + 60_000),
    lowStockThreshold: 5,
  });
  for (const row of recent) {
    expect(row.totalPaise).toBe(orders.find((o) => o.number === row.number)?.totalPaise);
  }
}

async function checkDashboard({ t, customers, products, orders }: Built) {
  const paid = orders.filter(isPaid);
  // Stored a moment ago: the dashboard's 30 days up to a minute from now hold them all.
  const dashboard = await getDashboard(t.db, {
    now: new Date(Date.now() + 60_000),
    lowStockThreshold: 0,
  });
  expect(dashboard).toMatchObject({
    orders: { current: orders.filter((o) => o.status !== "cancelled").length, previous: 0 },
    revenuePaise: { current: paid.reduce((sum, o) => sum + o.totalPaise, 0), previous: 0 },
    customers: { current: customers.length, previous: 0 },
    activeProducts: { current: products.length, previous: 0 },
    waiting: {
      paymentsToVerify: orders.filter((o) => o.status === "payment_pending").length,
    },
    lowStock: { count: products.filter((p) => p.stock === 0).length },
  });
  expect(dashboard.days.reduce((sum, d) => sum + d.orders, 0)).toBe(dashboard.orders.current);
}

async function checkRatings({ t, products, reviews }: Built) {
  const expectRating = (card: ProductCard) => {
    const ratings = reviews.filter((r) => r.productId === card.id).map((r) => r.rating);
    expect(card.ratingCount, `${card.model}: reviews`).toBe(ratings.length);
    expect(card.ratingAverage, `${card.model}: average`).toBe(averageOf(ratings));
  };
  const { items } = await listProducts(t.db, parseCatalogQuery(new URLSearchParams()));
  expect(items).toHaveLength(products.length);
  for (const card of items) {
    expectRating(card);
    // The product page's summary and its list of reviews say the same.
    const summary = await getRatingSummary(t.db, card.id);
    expect([summary.count, summary.average]).toEqual([card.ratingCount, card.ratingAverage]);
    expect(await listReviews(t.db, card.id)).toHaveLength(card.ratingCount);
    for (const related of await listRelatedProducts(t.db, { ...card, id: card.id })) {
      expectRating(related);
    }
  }
  return expectRating;
}

async function checkVehicles(
  { t, vehicles, products }: Built,
  expectRating: (c: ProductCard) => void,
) {
  const { rows } = await listVehicles(t.db, { q: "", page: 1 });
  expect(rows).toHaveLength(vehicles.length);
  for (const vehicle of vehicles) {
    const row = rows.find((r) => r.id === vehicle.id);
    const fits = vehicle.productIds.length;
    expect(row?.alternatives, `vehicle ${vehicle.id}: alternatives`).toBe(Math.max(0, fits - 1));
    const first = products.find((p) => p.id === vehicle.productIds[0]);
    expect(row?.recommended ?? null).toBe(first?.model ?? null);
    expect((await getVehicle(t.db, vehicle.id))?.productIds).toEqual(vehicle.productIds);
    // The finder shows the same batteries to shoppers, with the cards' ratings.
    const found = await findBatteries(t.db, {
      type: vehicle.vehicleType,
      make: vehicle.make,
      model: vehicle.model,
      year: vehicle.year,
      fuel: vehicle.fuelType,
    });
    expect(found?.alternatives.length ?? 0).toBe(Math.max(0, fits - 1));
    if (found) {
      expectRating(found.recommended);
      for (const card of found.alternatives) expectRating(card);
    }
  }
}

async function checkSlots({ t, centre, bookings }: Built) {
  const { slots } = await getBookingSlots(t.db, centre.id, bookingDay, now);
  for (const time of bookedTimes) {
    const held = bookings.filter((b) => b.time === time && b.status !== "cancelled").length;
    const slot = slots.find((s) => s.time === time);
    expect(slot?.left, `${time}: places left`).toBe(Math.max(0, centre.bookingCapacity - held));
  }
}

describe(`figures on lists and tiles (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("equal the records behind them and the records' own pages, for any store", async () => {
    await fc.assert(
      fc.asyncProperty(storeArb, async (store) => {
        const built = await build(store);
        await checkOrders(built);
        await checkDashboard(built);
        const expectRating = await checkRatings(built);
        await checkVehicles(built, expectRating);
        await checkSlots(built);
      }),
      { numRuns: 20 },
    );
  });
});
