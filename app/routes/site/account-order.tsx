import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import {
  OrderDelivery,
  OrderLines,
  OrderShipment,
  OrderStatusBadge,
  OrderTimeline,
  orderHeading,
} from "~/components/order-parts";
import { FormAlert } from "~/components/ui/form-alert";
import { UpiPayment } from "~/components/upi-payment";
import { getOrder, orderNumberOf } from "~/features/orders/order-read.server";
import { allowedTransitions } from "~/features/orders/order-status";
import { ordersMessages } from "~/features/orders/orders.messages";
import { orderNoteSchema } from "~/features/orders/orders.schema";
import { changeOrderStatus } from "~/features/orders/orders.server";
import { checkoutPayee, paymentView } from "~/features/orders/upi";
import { getSettings } from "~/features/settings/settings.server";
import { formAction } from "~/lib/form-action.server";
import { formatDateTime } from "~/lib/format";
import type { FormFailure } from "~/lib/forms";
import { requireUser } from "~/lib/guards.server";
import { orNotFound } from "~/lib/http.server";
import { markPublicChange } from "~/lib/public-change.server";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/account-order";

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Order #${data.order.number}` : "Order not found") },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const order = await orNotFound(() =>
    getOrder(context.db, orderNumberOf(params), { id: user.id, as: "customer" }),
  );
  let payment = null;
  if (order.status === "payment_pending") {
    const settings = await getSettings(context.db);
    const payee = checkoutPayee(settings, {
      publicUrl: context.publicUrl,
      browserUrl: context.browserUrl,
    });
    if (payee.ok) {
      payment = paymentView(
        payee,
        {
          amountPaise: order.totalPaise,
          reference: order.reference,
          note: `${settings.brandName} order ${order.number}`,
        },
        {
          demoNotice: ordersMessages.demoPayeeOrder,
          deadline: order.paymentDueAt
            ? ordersMessages.payBy(formatDateTime(order.paymentDueAt))
            : ordersMessages.payWithin(settings.paymentWindowHours),
        },
      );
    }
  }
  const { userId: _owner, email: _email, ...shown } = order;
  return {
    order: shown,
    payment,
    canCancel: allowedTransitions(order.status, "customer").includes("cancelled"),
  };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction(
  {
    guard: "user",
    defaultIntent: "cancel",
    // The number as the address has it, read once the form is: a bad one is the 404 of a missing
    // order (changeOrderStatus finds none), after the role and the body are checked.
    target: async ({ params }) => params,
  },
  (intent) => ({
    cancel: intent({
      schema: z.object({ note: orderNoteSchema }),
      async run({ data, actor, target, context }) {
        const number = orderNumberOf(target);
        await changeOrderStatus(
          context.db,
          { number: number, to: "cancelled", note: data.note },
          { id: actor.id, as: "customer" },
          { publicUrl: context.publicUrl },
        );
        markPublicChange(context); // its batteries are back in stock
        return { message: ordersMessages.cancelled(number) };
      },
    }),
  }),
);

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, payment, canCancel } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  return (
    <div className="container-page max-w-3xl space-y-5 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to="/account/orders" className="hover:underline">
          Your orders
        </Link>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{orderHeading(order)}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      {payment ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-5">
          <p className="mb-3 text-sm text-slate-700">
            We are waiting for your payment. If you have not paid yet, scan this QR code with any
            UPI app; we confirm each payment against our bank account and write to you.
          </p>
          <UpiPayment payment={payment} />
        </div>
      ) : null}
      <OrderLines lines={order.lines} order={order} />
      <OrderDelivery order={order} />
      <OrderShipment shipment={order.shipment} />
      <OrderTimeline events={order.timeline} />
      {canCancel ? (
        <Form method="post" className="rounded-2xl border border-slate-200 bg-white p-5">
          <FormAlert message={failure?.formError} />
          <input type="hidden" name="intent" value="cancel" />
          <label htmlFor="cancel-note" className="field-label">
            Why are you cancelling? (optional)
          </label>
          <textarea
            id="cancel-note"
            name="note"
            maxLength={500}
            rows={2}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          <button type="submit" className="btn-outline mt-3 text-danger-700" disabled={busy}>
            Cancel order
          </button>
        </Form>
      ) : null}
    </div>
  );
}
