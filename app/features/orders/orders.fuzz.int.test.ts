import { asc, eq } from "drizzle-orm";
import { orderEvents, orderItems, promoCodes } from "~/db/schema";
import { encodeSelection } from "~/features/orders/statement.schema";
import { indiaDayOf } from "~/lib/india-time";
import * as auditLog from "~/routes/admin/audit";
import * as adminOrder from "~/routes/admin/order";
import * as reconcile from "~/routes/admin/order-reconcile";
import * as orderList from "~/routes/admin/orders";
import * as promos from "~/routes/admin/promo-codes";
import * as accountOrder from "~/routes/site/account-order";
import { createOrder, createProduct } from "../../../tests/factories";
import { csvUpload, type FuzzWorld, fuzzForms } from "../../../tests/helpers/fuzz";

type Orders = {
  productId: number;
  promoId: string;
  /** A delivered order of one battery, and the name of its serial's field. */
  delivered: { number: number; serialField: string };
  /** The order the forms of one order post to, made anew for each run. */
  current: { number: number };
};

let codes = 0;

/** A new order for each run, in the state the form acts on: placing one is another form's. */
function freshOrder(
  status: "payment_pending" | "paid" | "delivered" | "cancelled",
  owner: "shopper" | "other" = "shopper",
) {
  return async (world: FuzzWorld<Orders>) => {
    const { t, shopper, productId } = world;
    const order = await createOrder(t, {
      userId: owner === "shopper" ? shopper.id : null,
      status,
      lines: [{ productId, quantity: 1, unitPricePaise: 450_000 }],
    });
    world.current.number = order.number;
    if (status === "cancelled") {
      // Paid before it was cancelled: a refund is owed.
      await t.db.insert(orderEvents).values({ orderId: order.id, toStatus: "paid" });
    }
    const [line] = await t.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    return { line: String(line?.id), total: String(order.totalPaise) };
  };
}

const orderPath =
  (prefix: string) =>
  ({ current }: Orders) =>
    `${prefix}/${current.number}`;
const orderParams = ({ current }: Orders) => ({ number: String(current.number) });

const promoFields = {
  code: "",
  kind: "fixed",
  amount: "₹ 1,000",
  minSubtotal: "5000",
  startsOn: "2026-01-01",
  endsOn: "2030-12-31",
  usageLimit: "100",
};

fuzzForms<Orders>(
  "order forms",
  async ({ t }) => {
    const product = await createProduct(t, { stock: 100_000 });
    const [promo] = await t.db
      .insert(promoCodes)
      .values({ code: "FUZZEDIT", kind: "percent", amount: 5 })
      .returning();
    const world = { productId: product.id, promoId: String(promo?.id), current: { number: 0 } };
    const { line } = await freshOrder("delivered", "other")({ t, ...world } as FuzzWorld<Orders>);
    return {
      ...world,
      delivered: { number: world.current.number, serialField: `serial-${line}-1` },
    };
  },
  [
    {
      name: "admin: the order list's search and filter (GET)",
      loader: orderList.loader,
      as: "admin",
      path: "/admin/order",
      fields: () => ({ q: "Asha", status: "paid", page: "1" }),
    },
    {
      name: "admin: the promo codes' search (GET)",
      loader: promos.loader,
      as: "admin",
      path: "/admin/promo",
      fields: () => ({ q: "FUZZ", status: "active", page: "1" }),
    },
    {
      name: "admin: the audit log's filters (GET)",
      loader: auditLog.loader,
      as: "admin",
      path: "/admin/audit",
      fields: () => ({
        entity: "order",
        actor: "someone",
        from: "2026-01-01",
        to: "2026-12-31",
        q: "paid",
        page: "1",
      }),
    },
    {
      name: "account: add the UPI transaction ID",
      action: accountOrder.action,
      as: "shopper",
      path: orderPath("/account/orders"),
      params: orderParams,
      intent: "utr",
      prepare: freshOrder("payment_pending"),
      fields: () => ({ utr: "434512345678" }),
    },
    {
      name: "account: cancel an order",
      action: accountOrder.action,
      as: "shopper",
      path: orderPath("/account/orders"),
      params: orderParams,
      intent: "cancel",
      prepare: freshOrder("payment_pending"),
      fields: () => ({ note: "Bought one at the shop instead." }),
    },
    {
      name: "admin: change an order's status (shipped)",
      action: adminOrder.action,
      as: "admin",
      path: orderPath("/admin/order"),
      params: orderParams,
      intent: "status",
      prepare: freshOrder("paid"),
      fields: () => ({
        to: "shipped",
        note: "On its way.",
        internalNote: "Packed by Ravi.",
        courier: "delhivery",
        trackingNumber: "DL-12345678",
        restock: "no",
      }),
    },
    {
      name: "admin: the batteries' serials of a delivered order",
      action: adminOrder.action,
      as: "admin",
      path: ({ delivered }) => `/admin/order/${delivered.number}`,
      params: ({ delivered }) => ({ number: String(delivered.number) }),
      intent: "serials",
      // One battery: a refused serial then stores nothing (each serial is registered on its own).
      fields: ({ delivered }) => ({ [delivered.serialField]: "SN2026FUZZ01" }),
    },
    {
      name: "admin: record a refund",
      action: adminOrder.action,
      as: "admin",
      path: orderPath("/admin/order"),
      params: orderParams,
      intent: "refund",
      prepare: freshOrder("cancelled"),
      fields: () => ({
        amount: "4,500",
        method: "bank_transfer",
        reference: "NEFT/2026/000123",
        refundedOn: indiaDayOf(new Date()),
        note: "Refunded in full.",
      }),
    },
    {
      name: "admin: preview a bank statement (its cells fuzzed)",
      action: reconcile.action,
      as: "admin",
      path: "/admin/order/reconcile",
      intent: "preview",
      files: csvUpload("statement"),
      fields: () => ({
        Date: "22/11/26",
        Narration: "UPI-ASHA KUMARI-asha@okaxis-434512345678-Payment",
        "Chq./Ref.No.": "0000434512345678",
        "Value Dt": "22/11/26",
        "Withdrawal Amt.": "",
        "Deposit Amt.": "4,500.00",
        "Closing Balance": "0",
      }),
    },
    {
      name: "admin: confirm a bank statement's match",
      action: reconcile.action,
      as: "admin",
      path: "/admin/order/reconcile",
      intent: "confirm",
      fixed: () => ({ pick: "1" }),
      async prepare(world) {
        const { total } = await freshOrder("payment_pending", "other")(world);
        const selection = {
          order: world.current.number,
          reference: "434512345678",
          lineId: null,
          amountPaise: Number(total),
          creditedOn: indiaDayOf(new Date()),
          narration: "UPI/434512345678/Asha",
          by: "amount" as const,
        };
        return { "row-1": encodeSelection(selection) };
      },
      fields: () => ({ "row-1": "" }),
    },
    {
      name: "admin: add a promo code",
      action: promos.action,
      as: "admin",
      path: "/admin/promo",
      intent: "add",
      prepare: async () => {
        codes += 1;
        return { code: `FUZZ${codes}` };
      },
      fields: () => promoFields,
    },
    {
      name: "admin: edit a promo code",
      action: promos.action,
      as: "admin",
      path: "/admin/promo",
      intent: "edit",
      fields: ({ promoId }) => ({
        ...promoFields,
        code: "FUZZEDIT",
        kind: "percent",
        amount: "15",
        promoId,
      }),
    },
    ...(["deactivate", "reactivate"] as const).map((intent) => ({
      name: `admin: ${intent} a promo code`,
      action: promos.action,
      as: "admin" as const,
      path: "/admin/promo",
      intent,
      fields: ({ promoId }: Orders) => ({ promoId }),
    })),
  ],
);
