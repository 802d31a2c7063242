import { Form, Link, useNavigation } from "react-router";
import {
  OrderDelivery,
  OrderLines,
  OrderStatusBadge,
  OrderTimeline,
  orderHeading,
} from "~/components/order-parts";
import { FormAlert } from "~/components/ui/form-alert";
import { getOrder, orderNumberOf } from "~/features/orders/order-read.server";
import { allowedTransitions, orderStatusLabels } from "~/features/orders/order-status";
import { ordersMessages } from "~/features/orders/orders.messages";
import { orderStatusChangeSchema } from "~/features/orders/orders.schema";
import { changeOrderStatus } from "~/features/orders/orders.server";
import { formAction } from "~/lib/form-action.server";
import type { FormFailure } from "~/lib/forms";
import { requireAdmin } from "~/lib/guards.server";
import { orNotFound } from "~/lib/http.server";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Order #${data.order.number} · Admin` : "Order · Admin") },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const order = await orNotFound(() =>
    getOrder(context.db, orderNumberOf(params), { id: admin.id, as: "admin" }),
  );
  return { order, next: allowedTransitions(order.status, "admin") };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction(
  {
    guard: "admin",
    defaultIntent: "status",
    // The number as the address has it, read once the form is: a bad one is the 404 of a missing
    // order (changeOrderStatus finds none), after the role and the body are checked.
    target: async ({ params }) => params,
  },
  (intent) => ({
    status: intent({
      schema: orderStatusChangeSchema,
      async run({ data, actor, target, context }) {
        const number = orderNumberOf(target);
        await changeOrderStatus(
          context.db,
          { number: number, to: data.to, note: data.note },
          { id: actor.id, as: "admin" },
          { publicUrl: context.publicUrl },
        );
        return {
          message: ordersMessages.statusChanged(number, orderStatusLabels[data.to]),
        };
      },
    }),
  }),
);

const buttonLabel: Record<string, string> = {
  paid: "Mark paid",
  shipped: "Mark shipped",
  delivered: "Mark delivered",
  cancelled: "Cancel order",
};

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, next } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  return (
    <div className="max-w-4xl space-y-5">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to="/admin/order" className="hover:underline">
          Orders
        </Link>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{orderHeading(order)}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <section
        aria-labelledby="payment-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="payment-heading" className="text-lg font-semibold text-slate-900">
          Customer and payment
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">Account: </dt>
            <dd className="inline">{order.email ?? "Deleted account"}</dd>
          </div>
          <div>
            <dt className="inline font-medium">UPI reference (tr): </dt>
            <dd className="inline break-all">{order.reference}</dd>
          </div>
          <div>
            <dt className="inline font-medium">UTR given by the customer: </dt>
            <dd className="inline break-all" data-testid="order-utr">
              {order.utr ?? "None"}
            </dd>
          </div>
        </dl>
      </section>
      {next.length > 0 ? (
        <Form method="post" className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-semibold text-slate-900">Change status</h2>
          <FormAlert message={failure?.formError ?? failure?.fieldErrors.to} />
          <input type="hidden" name="intent" value="status" />
          <label htmlFor="status-note" className="field-label mt-3">
            Note for the timeline and the customer's e-mail (optional)
          </label>
          <textarea
            id="status-note"
            name="note"
            maxLength={500}
            rows={2}
            defaultValue={failure?.values.note ?? ""}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          {failure?.fieldErrors.note ? (
            <p className="mt-1 text-sm font-medium text-danger-700">{failure.fieldErrors.note}</p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            {next.map((status) => (
              <button
                key={status}
                type="submit"
                name="to"
                value={status}
                disabled={busy}
                className={status === "cancelled" ? "btn-outline text-danger-700" : "btn-primary"}
              >
                {buttonLabel[status] ?? orderStatusLabels[status]}
              </button>
            ))}
          </div>
        </Form>
      ) : null}
      <OrderLines lines={order.lines} order={order} />
      <OrderDelivery order={order} />
      <OrderTimeline events={order.timeline} />
    </div>
  );
}
