import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orderItems, orders, warrantyRegistrations } from "~/db/schema";
import { ordersMessages } from "~/features/orders/orders.messages";
import { warrantyMessages as m } from "~/features/warranty/warranty.messages";
import { indiaDayOf } from "~/lib/india-time";
import {
  createOrder,
  createProduct,
  createUser,
  createWarranty,
  type TestUser,
  uniqueSerial,
} from "../../../tests/factories";
import { callRoute, failureOf, flashMessageOf, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as orderRoute from "./order";

let t: TestDatabase;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin" });
});
afterAll(async () => {
  await t?.close();
});

/** A shipped order of a customer's: two batteries of one model, one of another. */
async function shipped() {
  const customer = await createUser(t);
  const car = await createProduct(t, { warrantyMonths: 24 });
  const bike = await createProduct(t, { warrantyMonths: 12, category: "bike" });
  const order = await createOrder(t, {
    userId: customer.id,
    status: "shipped",
    customerName: "Ravi Kumar Patel",
    phone: "9876501234",
    pincode: "395003",
    lines: [
      { productId: car.id, model: car.model, quantity: 2 },
      { productId: bike.id, model: bike.model, quantity: 1 },
    ],
  });
  const lines = await t.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const [car1, car2, bike1] = [
    `serial-${lines[0]?.id}-1`,
    `serial-${lines[0]?.id}-2`,
    `serial-${lines[1]?.id}-1`,
  ] as [string, string, string];
  return { customer, car, bike, order, fields: { car1, car2, bike1 } };
}

const post = (number: number, values: Record<string, string>) =>
  callRoute(t, orderRoute.action as (args: never) => unknown, `/admin/order/${number}`, {
    cookie: admin.cookie,
    values,
    params: { number: String(number) },
  });

type Page = Awaited<ReturnType<typeof orderRoute.loader>>;
const page = async (number: number) =>
  (await callRoute(t, orderRoute.loader as (args: never) => unknown, `/admin/order/${number}`, {
    cookie: admin.cookie,
    params: { number: String(number) },
  })) as Page;

const registrationsOf = (orderId: number) =>
  t.db
    .select()
    .from(warrantyRegistrations)
    .where(eq(warrantyRegistrations.orderId, orderId))
    .orderBy(asc(warrantyRegistrations.id));

describe("serial numbers when an order is delivered", () => {
  it("asks one serial per battery while the order can be marked delivered", async () => {
    const { order, fields, car, bike } = await shipped();
    const { batteries } = await page(order.number);
    expect(batteries.map((b) => [b.field, b.model, b.registration])).toEqual([
      [fields.car1, car.model, null],
      [fields.car2, car.model, null],
      [fields.bike1, bike.model, null],
    ]);
  });

  it("moves the order, registers the serials given for the customer, and refuses a taken one next to its field", async () => {
    const { order, customer, fields, car } = await shipped();
    const elsewhere = await createWarranty(t, { productId: car.id, purchaseDate: "2026-01-10" });
    const fresh = uniqueSerial();
    const result = await post(order.number, {
      intent: "status",
      to: "delivered",
      [fields.car1]: elsewhere.serial,
      [fields.car2]: fresh.toLowerCase(),
      [fields.bike1]: "",
    });

    expect(statusOf(result)).toBe(400);
    const failure = failureOf(result);
    expect(failure.formError).toBe(m.deliveredSerialsRefused(order.number, 1));
    expect(failure.fieldErrors).toEqual({ [fields.car1]: m.serialTaken });
    expect(failure.values).toMatchObject({
      [fields.car1]: elsewhere.serial,
      [fields.car2]: fresh.toLowerCase(),
    });
    // The order is delivered all the same, and the other serial registered from it.
    const [moved] = await t.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(moved?.status).toBe("delivered");
    const [delivered] = await t.db
      .select({ at: orderEvents.createdAt })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "delivered")))
      .orderBy(desc(orderEvents.createdAt));
    const registered = await registrationsOf(order.id);
    expect(registered).toHaveLength(1);
    expect(registered[0]).toMatchObject({
      serial: fresh,
      model: car.model,
      userId: customer.id,
      firstName: "Ravi",
      lastName: "Kumar Patel",
      mobile: "9876501234",
      pincode: "395003",
      purchaseDate: indiaDayOf(delivered?.at ?? new Date()),
    });

    // The page lists the registered battery as the one it was typed for, and asks the others
    // again: the refused field is still there for its error and typed value.
    const { batteries, next } = await page(order.number);
    expect(next).toEqual([]);
    expect(batteries.map((b) => [b.field, b.registration?.serial ?? null])).toEqual([
      [fields.car1, null],
      [fields.car2, fresh],
      [fields.bike1, null],
    ]);
  });

  it("moves the order without any serial typed, registering nothing", async () => {
    const { order } = await shipped();
    const result = await post(order.number, { intent: "status", to: "delivered" });
    expect(flashMessageOf(result)).toBe(ordersMessages.statusChanged(order.number, "Delivered"));
    expect(await registrationsOf(order.id)).toEqual([]);
  });

  it("registers each serial once: the same form sent again registers nothing new", async () => {
    const { order, fields } = await shipped();
    const serials = { [fields.car1]: uniqueSerial(), [fields.bike1]: uniqueSerial() };
    const first = await post(order.number, { intent: "status", to: "delivered", ...serials });
    expect(flashMessageOf(first)).toBe(
      `${ordersMessages.statusChanged(order.number, "Delivered")}. ${m.serialsRegistered(2)}`,
    );
    const again = await post(order.number, { intent: "serials", ...serials });
    expect(statusOf(again)).toBe(302);
    expect(flashMessageOf(again)).toBe(m.serialsNothingNew);
    expect(await registrationsOf(order.id)).toHaveLength(2);

    // The one left is registered later, from "Batteries fitted".
    const later = await post(order.number, { intent: "serials", [fields.car2]: uniqueSerial() });
    expect(flashMessageOf(later)).toBe(m.serialsRegistered(1));
    expect(await registrationsOf(order.id)).toHaveLength(3);
  });
});

describe("serial numbers typed later", () => {
  it("registers a battery once when its serial is sent twice at once (on PGlite a smoke check)", async () => {
    const { order, fields } = await shipped();
    await post(order.number, { intent: "status", to: "delivered" });
    const [one, other] = await Promise.all([
      post(order.number, { intent: "serials", [fields.bike1]: uniqueSerial() }),
      post(order.number, { intent: "serials", [fields.bike1]: uniqueSerial() }),
    ]);
    expect([statusOf(one), statusOf(other)].sort()).toEqual([302, 400]);
    const refused = statusOf(one) === 400 ? one : other;
    expect(failureOf(refused).fieldErrors).toEqual({ [fields.bike1]: m.unitRegistered });
    expect(await registrationsOf(order.id)).toHaveLength(1);
  });

  it("refuses nothing typed and a malformed serial; of a serial given twice keeps the first", async () => {
    const { order, fields } = await shipped();
    await post(order.number, { intent: "status", to: "delivered" });

    const none = await post(order.number, { intent: "serials", [fields.car1]: " " });
    expect(statusOf(none)).toBe(400);
    expect(failureOf(none).fieldErrors).toEqual({ "": m.serialsNone });

    const malformed = await post(order.number, { intent: "serials", [fields.car1]: "AB-12" });
    expect(failureOf(malformed).fieldErrors).toEqual({ [fields.car1]: m.serial });
    expect(failureOf(malformed).values[fields.car1]).toBe("AB-12");

    const serial = uniqueSerial();
    const twice = await post(order.number, {
      intent: "serials",
      [fields.car1]: serial,
      [fields.car2]: serial,
    });
    expect(statusOf(twice)).toBe(400);
    expect(failureOf(twice)).toMatchObject({
      formError: m.serialsRefused(1),
      fieldErrors: { [fields.car2]: m.serialRepeated },
    });
    // The first of the two is kept: each serial is stored on its own.
    expect((await registrationsOf(order.id)).map((r) => r.serial)).toEqual([serial]);
  });

  it("takes serials only once the order is delivered", async () => {
    const { order, fields } = await shipped();
    const early = await post(order.number, { intent: "serials", [fields.car1]: uniqueSerial() });
    expect(statusOf(early)).toBe(400);
    expect(failureOf(early).formError).toBe(m.orderNotDelivered);
    expect(await registrationsOf(order.id)).toEqual([]);
  });

  it("ignores the serial fields when the order is cancelled instead", async () => {
    const { order, fields } = await shipped();
    const result = await post(order.number, {
      intent: "status",
      to: "cancelled",
      restock: "yes",
      [fields.car1]: uniqueSerial(),
    });
    expect(statusOf(result)).toBe(302);
    expect(await registrationsOf(order.id)).toEqual([]);
  });
});
