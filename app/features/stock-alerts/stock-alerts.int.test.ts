import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, stockAlerts } from "~/db/schema";
import { updateProduct } from "~/features/catalog/product-admin.server";
import { changeOrderStatus, expireUnpaidOrders } from "~/features/orders/orders.server";
import {
  createOrder,
  createProduct,
  createUser,
  productFormOf,
  type TestUser,
} from "../../../tests/factories";
import { orderOptions, outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as productPage from "../../routes/site/product";
import { stockAlertMessages as m } from "./stock-alerts.messages";
import { stockAlertsPerIp } from "./stock-alerts.server";

let t: TestDatabase;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin" });
  customer = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

let address = 0;
/** "Notify me" posted on the product's page; each from its own address unless told. */
async function notify(
  model: string,
  values: Record<string, string>,
  { cookie = "", ip = `198.51.100.${++address % 250}` } = {},
) {
  const request = new Request(`http://localhost:3000/oneprod/${model}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "notify", ...values }),
    headers: {
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
      "x-forwarded-for": ip,
    },
  });
  return outcome(async () => productPage.action((await routeArgs(t, request, { model })) as never));
}

const alertsOf = (productId: number) =>
  t.db
    .select({
      email: stockAlerts.email,
      userId: stockAlerts.userId,
      notified: stockAlerts.notifiedAt,
    })
    .from(stockAlerts)
    .where(eq(stockAlerts.productId, productId))
    .orderBy(stockAlerts.email);

/** The admin's product form, saved with this stock (everything else as it is). */
async function setStockAsAdmin(productId: number, stock: number) {
  const [row] = await t.db.select().from(products).where(eq(products.id, productId));
  if (!row) throw new Error("no such product");
  await updateProduct(t.db, productFormOf(row, { stock }), { id: admin.id }, orderOptions);
}

const failureOf = (r: unknown) =>
  (r as { data: { fieldErrors: Record<string, string>; formError?: string } }).data;

describe("Notify me on a battery out of stock", () => {
  it("stores a visitor's e-mail once (a second ask is harmless) and a customer's own address", async () => {
    const battery = await createProduct(t, { stock: 0 });
    const first = await notify(battery.model, { email: " Ravi@Example.in " });
    expect(statusOf(first)).toBe(302);
    expect((first as Response).headers.get("Location")).toBe(`/oneprod/${battery.model}#notify-me`);
    expect(statusOf(await notify(battery.model, { email: "ravi@example.in" }))).toBe(302);
    // A signed-in customer posts no e-mail: their account's is used.
    expect(statusOf(await notify(battery.model, {}, { cookie: customer.cookie }))).toBe(302);
    expect(await alertsOf(battery.id)).toEqual(
      [
        { email: "ravi@example.in", userId: null, notified: null },
        { email: customer.email, userId: customer.id, notified: null },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  it("refuses a bad e-mail next to its field (400), stores nothing, and refuses a battery in stock", async () => {
    const battery = await createProduct(t, { stock: 0 });
    for (const email of ["", "not-an-email", "a@b"]) {
      const refused = await notify(battery.model, { email });
      expect(statusOf(refused)).toBe(400);
      expect(failureOf(refused).fieldErrors.email).toBe(m.invalidEmail);
    }
    const inStock = await createProduct(t, { stock: 2 });
    const refused = await notify(inStock.model, { email: "asha@example.in" });
    expect(statusOf(refused)).toBe(409);
    expect(failureOf(refused).formError).toBe(m.inStock);
    expect([...(await alertsOf(battery.id)), ...(await alertsOf(inStock.id))]).toEqual([]);
  });

  it("is rate-limited per connection like the other public forms", async () => {
    const battery = await createProduct(t, { stock: 0 });
    const ip = "192.0.2.77";
    for (let i = 0; i < stockAlertsPerIp.limit; i++) {
      expect(statusOf(await notify(battery.model, { email: `n${i}@example.in` }, { ip }))).toBe(
        302,
      );
    }
    const refused = await notify(battery.model, { email: "one-more@example.in" }, { ip });
    expect(statusOf(refused)).toBe(429);
    expect(await alertsOf(battery.id)).toHaveLength(stockAlertsPerIp.limit);
  });

  it("mails each waiting request once when the admin raises the stock from 0, and not on 3 -> 5", async () => {
    const battery = await createProduct(t, { stock: 0, model: "NOTIFY-150T" });
    await notify(battery.model, { email: "asha@example.in" });
    await notify(battery.model, { email: "ravi@example.in" });
    await t.deliverMail();

    await setStockAsAdmin(battery.id, 3);
    const mails = await t.deliverMail();
    expect(mails.map((mail) => mail.to).sort()).toEqual(["asha@example.in", "ravi@example.in"]);
    expect(mails[0]?.subject).toContain("NOTIFY-150T is back in stock");
    expect(mails[0]?.text).toContain("http://localhost:3000/oneprod/NOTIFY-150T");
    expect((await alertsOf(battery.id)).every((alert) => alert.notified !== null)).toBe(true);

    await setStockAsAdmin(battery.id, 5);
    expect(await t.deliverMail()).toEqual([]);

    // Sold out again, asked again: the next return mails that request once more.
    await setStockAsAdmin(battery.id, 0);
    await notify(battery.model, { email: "asha@example.in" });
    await setStockAsAdmin(battery.id, 1);
    expect((await t.deliverMail()).map((mail) => mail.to)).toEqual(["asha@example.in"]);
  });

  it("mails when a cancelled or lapsed order puts the batteries back", async () => {
    const battery = await createProduct(t, { stock: 0 });
    const other = await createProduct(t, { stock: 0 });
    const cancelled = await createOrder(t, {
      userId: customer.id,
      lines: [{ quantity: 1, productId: battery.id }],
    });
    const now = new Date();
    await createOrder(t, {
      userId: customer.id,
      paymentDueAt: new Date(now.getTime() - 60_000),
      lines: [{ quantity: 2, productId: other.id }],
    });
    await notify(battery.model, { email: "asha@example.in" });
    await notify(other.model, { email: "neha@example.in" });
    await t.deliverMail();

    await changeOrderStatus(
      t.db,
      { number: cancelled.number, to: "cancelled" },
      { id: customer.id, as: "customer" },
      orderOptions,
    );
    expect((await t.deliverMail()).filter((mail) => mail.to === "asha@example.in")).toHaveLength(1);

    await expireUnpaidOrders(t.db, { ...orderOptions, now });
    expect((await t.deliverMail()).filter((mail) => mail.to === "neha@example.in")).toHaveLength(1);
  });
});
