import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders, products } from "~/db/schema";
import { addToCart } from "~/features/cart/cart.server";
import { ordersMessages } from "~/features/orders/orders.messages";
import { newCheckoutReference, placeOrder } from "~/features/orders/orders.server";
import {
  createDeliveryArea,
  createProduct,
  createUser,
  type TestUser,
} from "../../../tests/factories";
import { orderOptions, outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as customerOrderRoute from "../site/account-order";
import * as exportRoute from "./export-orders";
import * as orderRoute from "./order";
import * as listRoute from "./orders";

let t: TestDatabase;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestDatabase();
  await createDeliveryArea(t, { prefix: "395" });
  admin = await createUser(t, { role: "admin", name: "Desk Admin" });
});
afterAll(async () => {
  await t?.close();
});

const delivery = {
  name: "Ravi Patel",
  phone: "9876501234",
  house: "12",
  address: "4 Station Road",
  city: "Surat",
  pincode: "395003",
};

async function placed(name = delivery.name, stock = 10) {
  const product = await createProduct(t, { pricePaise: 300_000, stock });
  const shopper = await createUser(t);
  await addToCart(t.db, { userId: shopper.id }, product.id, 2);
  const { number } = await placeOrder(
    t.db,
    { reference: newCheckoutReference(), delivery: { ...delivery, name } },
    shopper,
    orderOptions,
  );
  return { number, shopper, product };
}

type Handler = (args: never) => unknown;

async function call(
  handler: Handler,
  path: string,
  cookie: string,
  values?: Record<string, string>,
  params: Record<string, string> = {},
) {
  const request = new Request(`http://localhost:3000${path}`, {
    method: values ? "POST" : "GET",
    body: values ? new URLSearchParams(values) : undefined,
    headers: {
      Cookie: cookie,
      ...(values ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
  });
  return outcome(async () => handler((await routeArgs(t, request, params)) as never));
}

/** Posts the order page's form of order `number` as the desk's admin. */
function deskPost(number: number) {
  return (values: Record<string, string>) =>
    call(orderRoute.action as Handler, `/admin/order/${number}`, admin.cookie, values, {
      number: String(number),
    });
}

describe("the order desk", () => {
  it("lists orders newest first, found by number or customer and filtered by status", async () => {
    const first = await placed("Meera Shah");
    const second = await placed("Kabir Rao");
    type List = Awaited<ReturnType<typeof listRoute.loader>>;
    const all = (await call(listRoute.loader as Handler, "/admin/order", admin.cookie)) as List;
    expect(all.list.rows.slice(0, 2).map((r) => r.number)).toEqual([second.number, first.number]);
    const byNumber = (await call(
      listRoute.loader as Handler,
      `/admin/order?q=%23${first.number}`,
      admin.cookie,
    )) as List;
    expect(byNumber.list.rows.map((r) => r.number)).toEqual([first.number]);
    const byName = (await call(
      listRoute.loader as Handler,
      "/admin/order?q=kabir",
      admin.cookie,
    )) as List;
    expect(byName.list.rows.map((r) => r.number)).toEqual([second.number]);
    const paid = (await call(
      listRoute.loader as Handler,
      "/admin/order?status=paid",
      admin.cookie,
    )) as List;
    expect(paid.list.rows.map((r) => r.number)).not.toContain(first.number);
    const junk = (await call(
      listRoute.loader as Handler,
      "/admin/order?status=nonsense&page=-4",
      admin.cookie,
    )) as List;
    expect(junk.query).toMatchObject({ status: undefined, page: 1 });
  });

  it("finds an order by its mobile number however it is typed", async () => {
    const product = await createProduct(t, { pricePaise: 300_000 });
    const shopper = await createUser(t);
    await addToCart(t.db, { userId: shopper.id }, product.id, 1);
    const { number } = await placeOrder(
      t.db,
      { reference: newCheckoutReference(), delivery: { ...delivery, phone: "70123 45678" } },
      shopper,
      orderOptions,
    );
    type List = Awaited<ReturnType<typeof listRoute.loader>>;
    for (const typed of [
      "7012345678",
      "+91 70123 45678",
      "+917012345678",
      "07012345678",
      "70123-45678",
    ]) {
      const found = (await call(
        listRoute.loader as Handler,
        `/admin/order?q=${encodeURIComponent(typed)}`,
        admin.cookie,
      )) as List;
      expect(
        found.list.rows.map((r) => r.number),
        typed,
      ).toEqual([number]);
    }
  });

  it("moves an order one step at a time, each with an event and an e-mail to the customer", async () => {
    const { number, shopper } = await placed();
    const params = { number: String(number) };
    const post = deskPost(number);

    const skipped = await post({ intent: "status", to: "shipped", courier: "own_delivery" });
    expect(statusOf(skipped)).toBe(409);
    expect((skipped as { data: { formError: string } }).data.formError).toBe(
      ordersMessages.transitionRefused("payment pending", "shipped"),
    );
    expect(statusOf(await post({ intent: "status", to: "paid", note: "UTR 4345 seen" }))).toBe(302);
    await t.deliverMail();
    expect(t.sentMail.at(-1)).toMatchObject({
      to: shopper.email,
      subject: `UrjaCell order #${number}: Paid`,
    });
    expect(statusOf(await post({ intent: "status", to: "shipped", courier: "own_delivery" }))).toBe(
      302,
    );
    expect(statusOf(await post({ intent: "status", to: "bogus" }))).toBe(400);

    type Page = Awaited<ReturnType<typeof orderRoute.loader>>;
    const page = (await call(
      orderRoute.loader as Handler,
      `/admin/order/${number}`,
      admin.cookie,
      undefined,
      params,
    )) as Page;
    expect(page.order.status).toBe("shipped");
    expect(page.next).toEqual(["delivered", "cancelled"]);
    expect(page.order.timeline.map((e) => [e.title, e.by, e.note])).toEqual([
      ["Order placed", shopper.name, null],
      ["Paid", "Desk Admin", "UTR 4345 seen"],
      ["Shipped", "Desk Admin", null],
    ]);
  });

  it("asks Shipped for a courier, and its tracking number unless the store delivers itself (issue 21)", async () => {
    const { number } = await placed();
    const post = deskPost(number);
    expect(statusOf(await post({ intent: "status", to: "paid" }))).toBe(302);
    const failures: [Record<string, string>, Record<string, string>][] = [
      [{}, { courier: ordersMessages.courierRequired }],
      [{ courier: "" }, { courier: ordersMessages.courierRequired }],
      [{ courier: "fedex-ish" }, { courier: ordersMessages.courierRequired }],
      [{ courier: "delhivery" }, { trackingNumber: ordersMessages.trackingRequired }],
      [
        { courier: "other", trackingNumber: "  " },
        { trackingNumber: ordersMessages.trackingRequired },
      ],
      [
        { courier: "blue_dart", trackingNumber: "<b>1</b>" },
        { trackingNumber: ordersMessages.trackingInvalid },
      ],
    ];
    for (const [values, fieldErrors] of failures) {
      const refused = await post({ intent: "status", to: "shipped", note: "Kept", ...values });
      expect(statusOf(refused), JSON.stringify(values)).toBe(400);
      const { data } = refused as { data: { fieldErrors: object; values: Record<string, string> } };
      expect(data.fieldErrors).toMatchObject(fieldErrors);
      // What was typed comes back to the form.
      expect(data.values.note).toBe("Kept");
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.number, number));
    expect(order).toMatchObject({ status: "paid", courier: null, trackingNumber: null });
    // The store's own van needs no number.
    const own = await placed();
    const ownPost = deskPost(own.number);
    expect(statusOf(await ownPost({ intent: "status", to: "paid" }))).toBe(302);
    expect(
      statusOf(await ownPost({ intent: "status", to: "shipped", courier: "own_delivery" })),
    ).toBe(302);
  });

  it("clears each move's notes: a Shipped note is not the Delivered one, nor in its mail (issue 21)", async () => {
    const { number, shopper } = await placed();
    const post = deskPost(number);
    expect(statusOf(await post({ intent: "status", to: "paid" }))).toBe(302);
    expect(
      statusOf(
        await post({
          intent: "status",
          to: "shipped",
          note: "Packed with a free terminal cleaner",
          courier: "delhivery",
          trackingNumber: "dl1234567890",
        }),
      ),
    ).toBe(302);
    // The form the page shows after the move is a new one (keyed by the order's state), so the
    // browser sends no note with Delivered: the server stores none.
    expect(statusOf(await post({ intent: "status", to: "delivered" }))).toBe(302);
    await t.deliverMail();
    const mails = t.sentMail.filter((mail) => mail.to === shopper.email);
    const delivered = mails.find((mail) => mail.subject.endsWith(": Delivered"));
    expect(delivered?.text).not.toContain("terminal cleaner");
    const events = await t.db
      .select({ to: orderEvents.toStatus, note: orderEvents.note })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(eq(orders.number, number))
      .orderBy(orderEvents.id);
    expect(events.slice(2)).toEqual([
      { to: "shipped", note: "Packed with a free terminal cleaner" },
      { to: "delivered", note: null },
    ]);
  });

  it("shows the courier and a tracking link on the customer's page and in the Shipped mail; staff notes stay in the back office (issue 21)", async () => {
    const ship = async (courier: string, trackingNumber: string) => {
      const { number, shopper } = await placed();
      const params = { number: String(number) };
      const post = deskPost(number);
      expect(statusOf(await post({ intent: "status", to: "paid" }))).toBe(302);
      const shipped = await post({
        intent: "status",
        to: "shipped",
        note: "On its way",
        internalNote: "Packed by Ramesh; courier pickup slot 4 pm",
        courier,
        trackingNumber,
      });
      expect(statusOf(shipped)).toBe(302);
      await t.deliverMail();
      type CustomerPage = Awaited<ReturnType<typeof customerOrderRoute.loader>>;
      const page = (await call(
        customerOrderRoute.loader as Handler,
        `/account/orders/${number}`,
        shopper.cookie,
        undefined,
        params,
      )) as CustomerPage;
      const mail = t.sentMail.filter((m) => m.to === shopper.email).at(-1);
      type AdminPage = Awaited<ReturnType<typeof orderRoute.loader>>;
      const desk = (await call(
        orderRoute.loader as Handler,
        `/admin/order/${number}`,
        admin.cookie,
        undefined,
        params,
      )) as AdminPage;
      return { page, mail, desk };
    };

    const delhivery = await ship("delhivery", "dl1234567890");
    expect(delhivery.page.order.shipment).toEqual({
      courier: "Delhivery",
      trackingNumber: "DL1234567890",
      trackingUrl: "https://www.delhivery.com/track/package/DL1234567890",
    });
    expect(delhivery.mail?.subject).toMatch(/: Shipped$/);
    expect(delhivery.mail?.text).toContain("Sent with: Delhivery, tracking number DL1234567890");
    expect(delhivery.mail?.text).toContain(
      "Track it: https://www.delhivery.com/track/package/DL1234567890",
    );
    expect(delhivery.mail?.text).toContain("Note: On its way");
    // The staff's words: on the back office's timeline only.
    expect(delhivery.desk.order.timeline.at(-1)?.internalNote).toBe(
      "Packed by Ramesh; courier pickup slot 4 pm",
    );
    expect(JSON.stringify(delhivery.page)).not.toContain("Ramesh");
    expect(delhivery.mail?.text).not.toContain("Ramesh");

    const blueDart = await ship("blue_dart", "81234567890");
    expect(blueDart.page.order.shipment?.trackingUrl).toBe(
      "https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=81234567890",
    );
    // India Post: the number, without a link we are not sure of.
    const post = await ship("india_post", "EE123456789IN");
    expect(post.page.order.shipment).toEqual({
      courier: "India Post",
      trackingNumber: "EE123456789IN",
      trackingUrl: null,
    });
    expect(post.mail?.text).toContain("Sent with: India Post, tracking number EE123456789IN");
    expect(post.mail?.text).not.toContain("Track it:");
  });

  it("puts the stock back when an admin cancels before delivery, and refuses after", async () => {
    const { number, product } = await placed();
    const params = { number: String(number) };
    const stock = async () =>
      (await t.db.select().from(products).where(eq(products.id, product.id)))[0]?.stock;
    expect(await stock()).toBe(8);
    const result = await call(
      orderRoute.action as Handler,
      `/admin/order/${number}`,
      admin.cookie,
      { intent: "status", to: "cancelled", note: "Customer called" },
      params,
    );
    expect(statusOf(result)).toBe(302);
    expect(await stock()).toBe(10);
    const events = await t.db
      .select()
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(eq(orders.number, number));
    expect(events).toHaveLength(2);
  });

  it("answers an unknown or malformed order number with 404", async () => {
    for (const number of ["99999", "abc", "0"]) {
      const result = await call(
        orderRoute.loader as Handler,
        `/admin/order/${number}`,
        admin.cookie,
        undefined,
        { number },
      );
      expect(statusOf(result), number).toBe(404);
    }
  });

  it("exports the filtered orders as CSV, amounts in rupees", async () => {
    const { number } = await placed("Csv Person");
    const result = await call(
      exportRoute.loader as Handler,
      "/admin/order/export?q=csv",
      admin.cookie,
    );
    const text = await (result as Response).text();
    const [header, row, extra] = text.trim().split(/\r?\n/);
    expect(header).toContain("Order ID,Placed (UTC),Placed (India),Status,Customer");
    expect(row).toContain(`${number},`);
    expect(row).toContain("Payment pending,Csv Person");
    expect(row).toContain("6000.00");
    expect(extra).toBeUndefined();
  });
});
