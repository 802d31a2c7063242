import { count, desc, eq, gt } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contactMessages, orderItems, promoCodes } from "~/db/schema";
import { changeOrderStatus } from "~/features/orders/orders.server";
import { updateSettings } from "~/features/settings/settings.server";
import { raiseClaim } from "~/features/warranty/warranty.server";
import type { AppContext } from "~/lib/context";
import { parseCsv } from "~/lib/csv";
import { addDays, indiaDayOf } from "~/lib/india-time";
import routes from "~/routes";
import {
  createBooking,
  createDeliveryArea,
  createOrder,
  createOutlet,
  createProduct,
  createUser,
  createVehicle,
  createWarranty,
  type TestUser,
  uniqueSerial,
} from "../../../tests/factories";
import { adminRoutes, loadRoute } from "../../../tests/helpers/admin-routes";
import { outcome, routeArgs, statusOf, TEST_PUBLIC_URL } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";

/**
 * Every admin action's intents, walked as the access test walks them (read from the URL map and
 * each action's declaration, so a new intent is walked without anyone listing it): each one that
 * changes data is performed with valid input against factory data, and must leave an audit row.
 */

let t: TestDatabase;
let admin: TestUser;
// The pages read the real clock: a battery bought a month before today, whatever today is.
const bought = addDays(indiaDayOf(new Date()), -30);
const liveStore = { publicUrl: "https://www.urjacell.in" };
const seller = {
  sellerLegalName: "UrjaCell Batteries Private Limited",
  sellerAddress: "14 Ashram Road\nNavrangpura, Ahmedabad 380009",
  sellerState: "Gujarat",
  sellerGstin: "24AAACC1206D1ZM",
} as const;
const asAdmin = () => ({ id: admin.id, as: "admin" as const });

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin", name: "Walk Admin" });
});
afterAll(async () => {
  await t?.close();
});

/** What one intent is posted with: the address (and its params) and the form. */
type Post = {
  url: string;
  params?: Record<string, string>;
  form: Record<string, string> | FormData;
  context?: Partial<AppContext>;
};
type Case = (() => Promise<Post>) | { changesNothing: string };

let counter = 0;
const fresh = () => {
  counter += 1;
  return `${counter}${Date.now().toString(36).slice(-4)}`;
};

async function png(): Promise<File> {
  const buffer = await sharp({
    create: { width: 800, height: 600, channels: 3, background: "#2548ea" },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(buffer)], "battery.png", { type: "image/png" });
}

const productFields = () => ({
  model: `WALK-${fresh()}`,
  category: "car",
  capacityAh: "35",
  voltageV: "12",
  warrantyMonths: "24",
  proRataMonths: "0",
  price: "6000",
  stock: "4",
  description: "Walked battery",
});

const outletForm = (kind: "dealer" | "service") => ({
  name: `Walk ${kind} ${fresh()}`,
  address: "12 CG Road, Navrangpura",
  city: "Ahmedabad",
  state: "Gujarat",
  pincode: "380009",
  location: "23.0365, 72.5611",
  phone: "+91 98250 12345",
  email: "",
  day1: "on",
  opensAt: "09:00",
  closesAt: "19:00",
  "serves-car": "on",
});

const promoForm = () => ({
  code: `WALK${fresh()}`.slice(0, 20),
  kind: "percent",
  amount: "10",
  minSubtotal: "",
  startsOn: "",
  endsOn: "",
  usageLimit: "",
});

async function newPromo() {
  const [row] = await t.db
    .insert(promoCodes)
    .values({ code: `WALKP${fresh()}`.slice(0, 20).toUpperCase(), kind: "percent", amount: 10 })
    .returning();
  if (!row) throw new Error("no promo");
  return row;
}

async function newMessage(handled: boolean) {
  const [row] = await t.db
    .insert(contactMessages)
    .values({
      name: "Walk Sender",
      email: "walk@example.in",
      message: "Hello",
      handledAt: handled ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error("no message");
  return row;
}

/** A booking 30 days ahead, or (`past`) on the day it was bought: only a past one can be completed. */
async function newBooking(status: "requested" | "confirmed", past = false) {
  const centre = await createOutlet(t, { kind: "service_centre" });
  return createBooking(t, {
    outletId: centre.id,
    date: past ? bought : addDays(bought, 60),
    time: "10:00",
    status,
  });
}

const orderAt = (number: number) => ({
  url: `/admin/order/${number}`,
  params: { number: String(number) },
});

/** Per intent (address and intent, as the walk finds them): how to perform it. */

/**
 * A CSV import staged as the list's upload form does (`importPreview`): the list's own export
 * with one more row, a copy of `match`'s row changed by `change` so that it is a new record.
 * Gives the upload's id, for the confirmation.
 */
async function stagedImport(
  list: { url: string; file: string; exportFile: string },
  match: string,
  change: (row: Record<string, string>) => void,
): Promise<string> {
  const exporter = await loadRoute(list.exportFile);
  const exported = (await outcome(async () =>
    exporter.loader?.(
      (await routeArgs(
        t,
        new Request(`${TEST_PUBLIC_URL}${list.url}/export`, { headers: { Cookie: admin.cookie } }),
      )) as never,
    ),
  )) as Response;
  const records = parseCsv(await exported.text());
  const [head, ...rows] = records.map((record) => record.cells);
  const found = rows.find((row) => row.includes(match));
  if (!head || !found) throw new Error(`stagedImport: no row of ${match} in ${list.url}'s export`);
  const row = Object.fromEntries(head.map((name, i) => [name, found[i] ?? ""]));
  change(row);
  const line = (cells: string[]) =>
    cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",");
  const text = [line(head), line(head.map((name) => row[name] ?? ""))].join("\r\n");
  const form = new FormData();
  form.set("intent", "importPreview");
  form.set("file", new File([text], "walk.csv", { type: "text/csv" }));
  const mod = await loadRoute(list.file);
  const answer = await outcome(async () =>
    mod.action?.(
      (await routeArgs(
        t,
        new Request(`${TEST_PUBLIC_URL}${list.url}?import=new`, {
          method: "POST",
          body: form,
          headers: { Cookie: admin.cookie },
        }),
      )) as never,
    ),
  );
  const location = (answer as Response).headers.get("Location") ?? "";
  const id = new URL(location, TEST_PUBLIC_URL).searchParams.get("import");
  if (!id) throw new Error(`stagedImport: ${list.url} staged nothing (${statusOf(answer)})`);
  return id;
}

const importLists = {
  product: {
    url: "/admin/product",
    file: "routes/admin/catalog-products.tsx",
    exportFile: "routes/admin/export-products.ts",
  },
  vehicle: {
    url: "/admin/vehicle",
    file: "routes/admin/catalog-vehicles.tsx",
    exportFile: "routes/admin/export-vehicles.ts",
  },
  dealer: {
    url: "/admin/dealer",
    file: "routes/admin/outlets.tsx",
    exportFile: "routes/admin/export-outlets.ts",
  },
  service: {
    url: "/admin/service",
    file: "routes/admin/outlets.tsx",
    exportFile: "routes/admin/export-outlets.ts",
  },
};

const cases: Record<string, Case> = {
  "/admin/preferences sidebar": {
    changesNothing: "the sidebar's state is a cookie of the admin's",
  },
  "/admin/order/reconcile preview": { changesNothing: "a preview stores nothing" },
  "/admin/user add": async () => ({
    url: "/admin/user?add=1",
    form: { name: "Walk Newcomer", email: `walk-${fresh()}@example.in`, role: "user" },
  }),
  "/admin/user edit": async () => {
    const who = await createUser(t);
    return { url: "/admin/user", form: { userId: who.id, name: "Renamed Walker", role: "user" } };
  },
  "/admin/user role": async () => ({
    url: "/admin/user",
    form: { userId: (await createUser(t)).id, role: "admin" },
  }),
  "/admin/user ban": async () => ({
    url: "/admin/user",
    form: { userId: (await createUser(t)).id },
  }),
  "/admin/user unban": async () => {
    const who = await createUser(t);
    const { setUserBanned } = await import("~/features/accounts/users.server");
    await setUserBanned(t.db, admin, who.id, true);
    return { url: "/admin/user", form: { userId: who.id } };
  },
  "/admin/product add": async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(productFields())) form.append(key, value);
    form.set("image", await png());
    return { url: "/admin/product?add=1", form };
  },
  "/admin/product edit": async () => {
    const product = await createProduct(t);
    const form = new FormData();
    const fields = { ...productFields(), model: product.model, price: "6500" };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append("productId", String(product.id));
    return { url: "/admin/product", form };
  },
  "/admin/product delete": async () => ({
    url: "/admin/product",
    form: { productId: String((await createProduct(t)).id) },
  }),
  "/admin/vehicle add": async () => ({
    url: "/admin/vehicle?add=1",
    form: {
      vehicleType: "car",
      make: "Hyundai",
      model: `Walk ${fresh()}`,
      year: "2022",
      fuelType: "Petrol",
      recommendedProductId: String((await createProduct(t)).id),
    },
  }),
  "/admin/vehicle edit": async () => {
    const product = await createProduct(t);
    const vehicle = await createVehicle(t, [product.id]);
    return {
      url: "/admin/vehicle",
      form: {
        vehicleId: String(vehicle.id),
        vehicleType: "car",
        make: "Hyundai",
        model: `Walk ${fresh()}`,
        year: "2021",
        fuelType: "Diesel",
        recommendedProductId: String(product.id),
      },
    };
  },
  "/admin/vehicle delete": async () => {
    const product = await createProduct(t);
    const vehicle = await createVehicle(t, [product.id]);
    return { url: "/admin/vehicle", form: { vehicleId: String(vehicle.id) } };
  },
  "/admin/exchange add": async () => ({
    url: "/admin/exchange?add=1",
    form: { category: "car", minCapacityAh: "30", maxCapacityAh: "45", credit: "1,250" },
  }),
  "/admin/exchange edit": async () => {
    const { saveExchangeRate } = await import("~/features/purchase/exchange.server");
    const id = await saveExchangeRate(
      t.db,
      { id: null, category: "bike", minCapacityAh: 5, maxCapacityAh: 9, credit: 20000 },
      admin,
    );
    return {
      url: "/admin/exchange",
      form: {
        rateId: String(id),
        category: "bike",
        minCapacityAh: "5",
        maxCapacityAh: "10",
        credit: "250",
      },
    };
  },
  "/admin/exchange delete": async () => {
    const { saveExchangeRate } = await import("~/features/purchase/exchange.server");
    const id = await saveExchangeRate(
      t.db,
      { id: null, category: "inverter", minCapacityAh: 100, maxCapacityAh: 150, credit: 50000 },
      admin,
    );
    return { url: "/admin/exchange", form: { rateId: String(id) } };
  },
  "/admin/delivery add": async () => ({
    url: "/admin/delivery?add=1",
    form: { prefix: "560", city: "Bengaluru", days: "3" },
  }),
  "/admin/delivery edit": async () => {
    await createDeliveryArea(t, { prefix: "400", city: "Mumbai", days: 2 });
    return {
      url: "/admin/delivery",
      form: { current: "400", prefix: "400", city: "Mumbai", days: "4" },
    };
  },
  "/admin/delivery delete": async () => {
    await createDeliveryArea(t, { prefix: "110", city: "Delhi", days: 2 });
    return { url: "/admin/delivery", form: { current: "110" } };
  },
  "/admin/order/reconcile confirm": async () => {
    const order = await createOrder(t, { totalPaise: 245_000, utr: "434512345678" });
    const row = {
      order: order.number,
      reference: "0000434512345678",
      amountPaise: 245_000,
      creditedOn: indiaDayOf(new Date()),
      narration: "UPI-ASHA KUMARI-asha@okaxis-HDFC0001234-434512345678-Payment",
      by: "utr",
    };
    return {
      url: "/admin/order/reconcile",
      form: { pick: "0", "row-0": JSON.stringify(row) },
    };
  },
  "/admin/order/1 status": async () => {
    const order = await createOrder(t, { totalPaise: 450_000 });
    return { ...orderAt(order.number), form: { to: "cancelled", note: "Customer called" } };
  },
  "/admin/order/1 serials": async () => {
    const product = await createProduct(t);
    const customer = await createUser(t);
    const order = await createOrder(t, {
      userId: customer.id,
      status: "delivered",
      lines: [{ productId: product.id, model: product.model, quantity: 1 }],
    });
    const [line] = await t.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    return { ...orderAt(order.number), form: { [`serial-${line?.id}-1`]: uniqueSerial() } };
  },
  "/admin/order/1 issueInvoice": async () => {
    await updateSettings(t.db, {
      sellerLegalName: null,
      sellerAddress: null,
      sellerState: null,
      sellerGstin: null,
    });
    const order = await createOrder(t, { totalPaise: 450_000 });
    await changeOrderStatus(t.db, { number: order.number, to: "paid" }, asAdmin(), liveStore);
    await updateSettings(t.db, seller);
    return { ...orderAt(order.number), form: {}, context: liveStore };
  },
  "/admin/order/1 refund": async () => {
    const order = await createOrder(t, { totalPaise: 450_000 });
    await changeOrderStatus(t.db, { number: order.number, to: "paid" }, asAdmin(), liveStore);
    await changeOrderStatus(t.db, { number: order.number, to: "cancelled" }, asAdmin(), liveStore);
    return {
      ...orderAt(order.number),
      form: {
        amount: "4,500",
        method: "upi",
        reference: "434599990000",
        refundedOn: indiaDayOf(new Date()),
      },
    };
  },
  "/admin/promo add": async () => ({ url: "/admin/promo?add=1", form: promoForm() }),
  "/admin/promo edit": async () => {
    const promo = await newPromo();
    return {
      url: "/admin/promo",
      form: { ...promoForm(), code: promo.code, amount: "15", promoId: String(promo.id) },
    };
  },
  "/admin/promo deactivate": async () => ({
    url: "/admin/promo",
    form: { promoId: String((await newPromo()).id) },
  }),
  "/admin/promo reactivate": async () => {
    const promo = await newPromo();
    await t.db.update(promoCodes).set({ active: false }).where(eq(promoCodes.id, promo.id));
    return { url: "/admin/promo", form: { promoId: String(promo.id) } };
  },
  "/admin/bookings confirm": async () => ({
    url: "/admin/bookings",
    form: { bookingId: String((await newBooking("requested")).id) },
  }),
  "/admin/bookings complete": async () => ({
    url: "/admin/bookings",
    form: { bookingId: String((await newBooking("confirmed", true)).id) },
  }),
  "/admin/bookings cancel": async () => ({
    url: "/admin/bookings",
    form: { bookingId: String((await newBooking("requested")).id) },
  }),
  "/admin/warranties/1 move": async () => {
    const product = await createProduct(t);
    const owner = await createUser(t);
    const centre = await createOutlet(t, { kind: "service_centre" });
    const registration = await createWarranty(t, {
      productId: product.id,
      purchaseDate: bought,
      userId: owner.id,
    });
    const { claim } = await raiseClaim(
      t.db,
      {
        registrationId: registration.id,
        problem: "low_backup",
        details: null,
        centreId: centre.id,
        date: null,
        time: null,
        email: owner.email,
      },
      { by: "owner", userId: owner.id },
      { publicUrl: TEST_PUBLIC_URL },
    );
    return {
      url: `/admin/warranties/${registration.id}`,
      params: { id: String(registration.id) },
      form: { claimId: String(claim.id), to: "inspection", note: "Bring it on Monday" },
    };
  },
  "/admin/messages handle": async () => ({
    url: "/admin/messages",
    form: { messageId: String((await newMessage(false)).id) },
  }),
  "/admin/messages reopen": async () => ({
    url: "/admin/messages",
    form: { messageId: String((await newMessage(true)).id) },
  }),
  ...Object.fromEntries(
    (["dealer", "service"] as const).flatMap((kind) => {
      const outletKind = kind === "dealer" ? "dealer" : "service_centre";
      return [
        [
          `/admin/${kind} add`,
          async () => ({ url: `/admin/${kind}?add=1`, form: outletForm(kind) }),
        ],
        [
          `/admin/${kind} edit`,
          async () => {
            const outlet = await createOutlet(t, { kind: outletKind });
            return {
              url: `/admin/${kind}`,
              form: { ...outletForm(kind), outletId: String(outlet.id) },
            };
          },
        ],
        [
          `/admin/${kind} delete`,
          async () => ({
            url: `/admin/${kind}`,
            form: { outletId: String((await createOutlet(t, { kind: outletKind })).id) },
          }),
        ],
      ];
    }),
  ),
  "/admin/settings store": async () => ({
    url: "/admin/settings",
    form: {
      brandName: "Walk Batteries",
      tagline: "Walked",
      supportEmail: "walk@example.in",
      supportPhone: "+91 98765 43210",
      address: "1 Walk Road, Ahmedabad 380001",
    },
  }),
  "/admin/settings payments": async () => ({
    url: "/admin/settings",
    form: {
      upiPayeeId: "walk@okaxis",
      upiPayeeName: "Walk Batteries",
      gstPercent: "18",
      shippingFee: "99",
      freeShippingFrom: "4,999",
      paymentWindowHours: "48",
    },
  }),
  "/admin/settings social": async () => ({
    url: "/admin/settings",
    form: { facebook: `https://facebook.com/walk${fresh()}` },
  }),
  "/admin/settings maps": async () => ({
    url: "/admin/settings",
    form: {
      mapTileUrl: "https://tiles.example.in/{z}/{x}/{y}.png",
      mapAttribution: "© Walk maps",
      storeLocation: "23.0300, 72.5800",
    },
  }),
  "/admin/settings taxInvoices": async () => {
    await updateSettings(t.db, { sellerLegalName: null });
    return { url: "/admin/settings", form: seller };
  },
  "/admin/settings marketRates": async () => ({
    url: "/admin/settings",
    form: { marketRatesEndpoint: `https://rates${fresh()}.example.in/api` },
  }),
  "/admin/settings stock": async () => ({
    url: "/admin/settings",
    form: { lowStockThreshold: String(6 + (counter++ % 90)) },
  }),
  "/admin/product importPreview": { changesNothing: "a preview keeps the file, changes no record" },
  "/admin/product importConfirm": async () => {
    const product = await createProduct(t);
    const importId = await stagedImport(importLists.product, product.model, (row) => {
      row.Model = `${product.model}N`;
      row.Id = "";
    });
    return { url: importLists.product.url, form: { importId } };
  },
  "/admin/vehicle importPreview": { changesNothing: "a preview keeps the file, changes no record" },
  "/admin/vehicle importConfirm": async () => {
    const battery = await createProduct(t);
    const vehicle = await createVehicle(t, [battery.id]);
    const importId = await stagedImport(importLists.vehicle, vehicle.model, (row) => {
      row.Year = String(Number(row.Year) - 1);
      row.Id = "";
    });
    return { url: importLists.vehicle.url, form: { importId } };
  },
  "/admin/dealer importPreview": { changesNothing: "a preview keeps the file, changes no record" },
  "/admin/dealer importConfirm": async () => {
    const outlet = await createOutlet(t);
    const importId = await stagedImport(importLists.dealer, outlet.name, (row) => {
      row.Name = `${outlet.name} North`;
      row.Id = "";
    });
    return { url: importLists.dealer.url, form: { importId } };
  },
  "/admin/service importPreview": { changesNothing: "a preview keeps the file, changes no record" },
  "/admin/service importConfirm": async () => {
    const outlet = await createOutlet(t, { kind: "service_centre" });
    const importId = await stagedImport(importLists.service, outlet.name, (row) => {
      row.Name = `${outlet.name} North`;
      row.Id = "";
    });
    return { url: importLists.service.url, form: { importId } };
  },
  "/admin/market-rates ask": {
    changesNothing: "asking the endpoint for a day's rates stores nothing",
  },
  "/admin/settings payOnInstallation": async () => ({
    url: "/admin/settings",
    form: { payOnInstallationEnabled: "on", payOnInstallationMax: "12,000" },
  }),
};

const lastAuditId = async () => {
  const [row] = await t.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.id ?? 0;
};

/** The form as a body, with the intent. */
function bodyOf(form: Record<string, string> | FormData, intent: string): BodyInit {
  if (form instanceof FormData) {
    form.set("intent", intent);
    return form;
  }
  return new URLSearchParams({ ...form, intent });
}

/** Every declared intent of every admin action, keyed "<address> <intent>". */
const walked: { key: string; file: string; intent: string }[] = [];
for (const route of adminRoutes(routes)) {
  const mod = await loadRoute(route.file);
  for (const intent of Object.keys(mod.action?.intents ?? {})) {
    walked.push({ key: `${route.url} ${intent}`, file: route.file, intent });
  }
}

describe("every admin action that changes data writes an audit entry", () => {
  it("walks the intents of every admin action (a case for each)", () => {
    expect(walked.length).toBeGreaterThan(40);
    const missing = walked.filter(({ key }) => !(key in cases)).map(({ key }) => key);
    expect(missing, "intents without a case in this test: add one").toEqual([]);
    // A case for an intent that is gone would test nothing.
    const stale = Object.keys(cases).filter((key) => !walked.some((w) => w.key === key));
    expect(stale).toEqual([]);
  });

  for (const { key, file, intent } of walked) {
    const spec = cases[key];
    if (!spec || typeof spec !== "function") continue;
    it(`${key} (${file})`, async () => {
      const post = await spec();
      const mod = await loadRoute(file);
      const before = await lastAuditId();
      const request = new Request(`${TEST_PUBLIC_URL}${post.url}`, {
        method: "POST",
        body: bodyOf(post.form, intent),
        headers: { Cookie: admin.cookie },
      });
      const args = await routeArgs(t, request, post.params ?? {}, post.context ?? {});
      const result = await outcome(() => mod.action?.(args));
      expect(result, key).not.toBeInstanceOf(Error);
      // Done: a redirect with a success notice, or a data answer that says ok.
      const status = statusOf(result);
      expect(
        [200, 302],
        `${key}: ${JSON.stringify((result as { data?: unknown }).data)}`,
      ).toContain(status);
      if (status === 200) {
        expect((result as { data: { ok: boolean } }).data.ok, key).toBe(true);
      } else {
        expect((result as Response).headers.get("Set-Cookie") ?? "", key).toContain("flash=");
      }
      const [written] = await t.db
        .select({ n: count() })
        .from(auditLog)
        .where(gt(auditLog.id, before));
      expect(written?.n, `${key} wrote no audit entry`).toBeGreaterThan(0);
    });
  }
});
