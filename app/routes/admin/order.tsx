import { Form, Link, type ShouldRevalidateFunction, useNavigation } from "react-router";
import { z } from "zod";
import {
  OrderDelivery,
  OrderLines,
  OrderShipment,
  OrderStatusBadge,
  OrderTimeline,
  orderHeading,
} from "~/components/order-parts";
import { TaxDocumentLinks } from "~/components/tax-document-links";
import { Field, FieldError, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { refundMethods } from "~/db/schema/enums";
import { gstMessages } from "~/features/gst/gst.messages";
import { issueMissingInvoice, taxDocumentsOfOrders } from "~/features/gst/invoices.server";
import { courierLabels, couriers } from "~/features/orders/couriers";
import { getOrder, orderNumberOf } from "~/features/orders/order-read.server";
import {
  allowedTransitions,
  orderStatusLabels,
  paymentMethodLabels,
} from "~/features/orders/order-status";
import { ordersMessages } from "~/features/orders/orders.messages";
import {
  orderStatusChangeSchema,
  refundFormSchema,
  refundMethodLabels,
} from "~/features/orders/orders.schema";
import { changeOrderStatus, recordRefund } from "~/features/orders/orders.server";
import { warrantyMessages } from "~/features/warranty/warranty.messages";
import { orderSerialsSchema, serialFieldsOf } from "~/features/warranty/warranty.schema";
import {
  listOrderBatteries,
  type OrderBattery,
  registerOrderSerials,
} from "~/features/warranty/warranty.server";
import { ValidationError } from "~/lib/errors";
import { formAction } from "~/lib/form-action.server";
import type { FormFailure } from "~/lib/forms";
import { requireAdmin } from "~/lib/guards.server";
import { orNotFound } from "~/lib/http.server";
import { indiaDayOf } from "~/lib/india-time";
import { formatPaise, paiseToRupeeInput } from "~/lib/money";
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
  const next = allowedTransitions(order.status, "admin");
  return {
    order,
    next,
    // The batteries whose serials are asked when it is marked delivered, and after.
    batteries:
      next.includes("delivered") || order.status === "delivered"
        ? await listOrderBatteries(context.db, order.id)
        : [],
    // A paid order that was cancelled owes its customer the money until its refund is recorded.
    refundOwed:
      order.status === "cancelled" && order.wasPaid && order.totalPaise > 0 && !order.refund,
    today: indiaDayOf(new Date()),
    documents: (await taxDocumentsOfOrders(context.db, [order.id])).get(order.id) ?? [],
  };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

/**
 * After a refusal the page is read again when the refusal did change something: an order marked
 * delivered whose serials were partly refused is delivered all the same, and the serials that
 * were not refused are registered (React Router skips reading it after a 4xx answer otherwise).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("to") === "delivered" ||
  formData?.get("intent") === "serials" ||
  defaultShouldRevalidate;

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
      async run({ data, values, actor, target, context }) {
        const number = orderNumberOf(target);
        await changeOrderStatus(
          context.db,
          {
            number,
            to: data.to,
            note: data.note,
            internalNote: data.internalNote,
            restock: data.restock,
            courier: data.courier,
            trackingNumber: data.trackingNumber,
          },
          { id: actor.id, as: "admin" },
          { publicUrl: context.publicUrl },
        );
        const moved = ordersMessages.statusChanged(number, orderStatusLabels[data.to]);
        // Delivered: the serials typed register the batteries' warranties, each on its own. The
        // move stands whatever happens to them; a refused one is said next to its field.
        const serials = serialFieldsOf(values);
        if (data.to !== "delivered" || !Object.values(serials).some((typed) => typed.trim())) {
          return { message: moved };
        }
        const { registered, fieldErrors } = await registerOrderSerials(
          context.db,
          { number, serials },
          actor,
          { publicUrl: context.publicUrl },
        );
        const refused = Object.keys(fieldErrors).length;
        if (refused > 0) {
          const message = warrantyMessages.deliveredSerialsRefused(number, refused);
          throw new ValidationError(message, fieldErrors, { formError: message });
        }
        return { message: `${moved}. ${warrantyMessages.serialsRegistered(registered)}` };
      },
    }),
    /** A delivered order's serials typed later ("Batteries fitted"). */
    serials: intent({
      schema: orderSerialsSchema,
      input: serialFieldsOf,
      async run({ data, actor, target, context }) {
        const { registered, fieldErrors } = await registerOrderSerials(
          context.db,
          { number: orderNumberOf(target), serials: data },
          actor,
          { publicUrl: context.publicUrl },
        );
        const refused = Object.keys(fieldErrors).length;
        if (refused > 0) {
          const message = warrantyMessages.serialsRefused(refused);
          throw new ValidationError(message, fieldErrors, { formError: message });
        }
        return {
          message:
            registered > 0
              ? warrantyMessages.serialsRegistered(registered)
              : warrantyMessages.serialsNothingNew,
        };
      },
    }),
    /** A paid order's invoice, when it was paid before the seller's details were set. */
    issueInvoice: intent({
      schema: z.object({}),
      async run({ actor, target, context }) {
        const number = orderNumberOf(target);
        const issued = await issueMissingInvoice(context.db, number, actor, {
          publicUrl: context.publicUrl,
        });
        return { message: gstMessages.invoiceIssued(issued.number) };
      },
    }),
    refund: intent({
      schema: refundFormSchema,
      async run({ data, actor, target, context }) {
        const number = orderNumberOf(target);
        await recordRefund(context.db, { number, amountPaise: data.amount, ...data }, actor, {
          publicUrl: context.publicUrl,
        });
        return { message: ordersMessages.refundSaved(number) };
      },
    }),
  }),
);

/** A status change's note box (for the customer, or for staff), with its error. */
function NoteField({
  name,
  label,
  failure,
}: {
  name: "note" | "internalNote";
  label: string;
  failure: FormFailure | undefined;
}) {
  const id = `status-${name}`;
  const error = failure?.fieldErrors[name];
  return (
    <div className="mt-3">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        maxLength={500}
        rows={2}
        defaultValue={failure?.values[name] ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

const buttonLabel: Record<string, string> = {
  paid: "Mark paid",
  shipped: "Mark shipped",
  delivered: "Mark delivered",
  cancelled: "Cancel order",
};

/** Each battery's serial field label: "Serial No. of <model>, battery 2 of 2" (counted among the
 * order's batteries of that model). */
function serialLabels(batteries: OrderBattery[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const battery of batteries) {
    const same = batteries.filter((b) => b.model === battery.model);
    labels.set(
      battery.field,
      warrantyMessages.serialLabel(battery.model, same.indexOf(battery) + 1, same.length),
    );
  }
  return labels;
}

/** A battery's serial field, with what was typed before a refusal and its error. */
function SerialField({
  battery,
  label,
  failure,
}: {
  battery: OrderBattery;
  label: string;
  failure: FormFailure | undefined;
}) {
  return (
    <Field
      label={label}
      name={battery.field}
      maxLength={40}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      defaultValue={failure?.values[battery.field] ?? ""}
      error={failure?.fieldErrors[battery.field]}
    />
  );
}

/**
 * A delivered order's batteries: each with the serial registered for it (its warranty's page),
 * or a field to register it now.
 */
function BatteriesFitted({
  batteries,
  failure,
}: {
  batteries: OrderBattery[];
  failure: FormFailure | undefined;
}) {
  const labels = serialLabels(batteries);
  const waiting = batteries.filter((battery) => !battery.registration);
  const registered = batteries.filter((battery) => battery.registration);
  const busy = useNavigation().formData?.get("intent") === "serials";
  return (
    <section
      aria-labelledby="batteries-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="batteries-heading" className="text-lg font-semibold text-slate-900">
        Batteries fitted
      </h2>
      {registered.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {registered.map((battery) => (
            <li
              key={battery.field}
              className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2"
              data-testid="battery-fitted"
            >
              <span className="text-slate-700">{labels.get(battery.field)}</span>
              <Link
                to={`/admin/warranties/${battery.registration?.id}`}
                className="font-mono break-all text-brand-800 underline"
              >
                {battery.registration?.serial}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {waiting.length > 0 ? (
        <Form method="post" className="mt-2 space-y-3">
          <p className="text-sm text-slate-700">
            Type a battery's serial number to register its warranty for the customer: it shows in
            their account at once.
          </p>
          <FormAlert message={failure?.formError ?? failure?.fieldErrors[""]} />
          <input type="hidden" name="intent" value="serials" />
          <div className="grid gap-3 sm:grid-cols-2">
            {waiting.map((battery) => (
              <SerialField
                key={battery.field}
                battery={battery}
                label={labels.get(battery.field) ?? battery.field}
                failure={failure}
              />
            ))}
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Registering…" : "Register serial numbers"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** The refund of a cancelled paid order: how much, how, its reference and the day. */
function RefundForm({
  totalPaise,
  today,
  failure,
}: {
  totalPaise: number;
  today: string;
  failure: FormFailure | undefined;
}) {
  const form = useValidatedForm(refundFormSchema, failure ?? null);
  const busy = useNavigation().formData?.get("intent") === "refund";
  const v = form.value;
  const e = form.errors;
  return (
    <Form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      aria-labelledby="refund-heading"
      className="space-y-3 rounded-2xl border border-amber-300 bg-white p-5"
    >
      <h2 id="refund-heading" className="text-lg font-semibold text-slate-900">
        Record the refund
      </h2>
      <p className="text-sm text-slate-700">
        This order was paid, then cancelled: {formatPaise(totalPaise)} is due to the customer. Send
        it back, then record it here; the customer sees it on their order and gets an e-mail.
      </p>
      <FormAlert message={form.formError} />
      <input type="hidden" name="intent" value="refund" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Amount (₹)"
          name="amount"
          inputMode="decimal"
          required
          defaultValue={v("amount", paiseToRupeeInput(totalPaise))}
          error={e.amount}
        />
        <SelectField
          label="Sent back by"
          name="method"
          required
          defaultValue={v("method", "upi")}
          error={e.method}
          options={refundMethods.map((method) => ({
            value: method,
            label: refundMethodLabels[method],
          }))}
        />
        <Field
          label="Reference"
          name="reference"
          required
          maxLength={60}
          hint="The UTR or bank reference of the refund."
          defaultValue={v("reference", "")}
          error={e.reference}
        />
        <Field
          label="Day sent"
          name="refundedOn"
          type="date"
          required
          max={today}
          defaultValue={v("refundedOn", today)}
          error={e.refundedOn}
        />
      </div>
      <Field
        label="Note for the customer (optional)"
        name="note"
        maxLength={500}
        defaultValue={v("note", "")}
        error={e.note}
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Recording…" : "Record refund"}
      </button>
    </Form>
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, next, refundOwed, today, batteries, documents } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  const statusFailure = failure?.values.intent === "refund" ? undefined : failure;
  const refundFailure = failure?.values.intent === "refund" ? failure : undefined;
  const labels = serialLabels(batteries);
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
            <dt className="inline font-medium">Payment: </dt>
            <dd className="inline" data-testid="order-payment">
              {paymentMethodLabels[order.paymentMethod]}
            </dd>
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
        // Keyed by the order's state: after each move the form starts empty, so a note typed for
        // one status is never sent again with the next (issue 21); a refused move keeps it.
        <Form
          key={`${order.status}-${order.timeline.length}`}
          method="post"
          className="rounded-2xl border border-slate-200 bg-white p-5"
        >
          <h2 className="text-lg font-semibold text-slate-900">Change status</h2>
          <FormAlert message={statusFailure?.formError ?? statusFailure?.fieldErrors.to} />
          <input type="hidden" name="intent" value="status" />
          {next.includes("shipped") ? (
            <fieldset className="mt-3 grid gap-3 sm:grid-cols-2">
              <legend className="field-label">When you mark it shipped</legend>
              <SelectField
                label="Courier"
                name="courier"
                defaultValue={statusFailure?.values.courier ?? ""}
                error={statusFailure?.fieldErrors.courier}
                options={[
                  { value: "", label: "Select…" },
                  ...couriers.map((courier) => ({ value: courier, label: courierLabels[courier] })),
                ]}
              />
              <Field
                label="Tracking number"
                name="trackingNumber"
                maxLength={40}
                autoComplete="off"
                hint="The courier's AWB number; not needed for your own delivery."
                defaultValue={statusFailure?.values.trackingNumber ?? ""}
                error={statusFailure?.fieldErrors.trackingNumber}
              />
            </fieldset>
          ) : null}
          {order.paymentMethod === "on_installation" && order.status === "shipped" ? (
            <p className="mt-3 text-sm text-slate-700">
              Pay on installation: press "Delivered and paid" once the fitter has installed the
              battery and received {formatPaise(order.totalPaise)}.
            </p>
          ) : null}
          {next.includes("delivered") && batteries.length > 0 ? (
            <fieldset className="mt-3" aria-describedby="serials-hint">
              <legend className="field-label">
                Serial numbers of the batteries fitted (optional)
              </legend>
              <p id="serials-hint" className="text-sm text-slate-600">
                When you mark it delivered, each serial registers that battery's warranty for the
                customer.
              </p>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                {batteries.map((battery) => (
                  <SerialField
                    key={battery.field}
                    battery={battery}
                    label={labels.get(battery.field) ?? battery.field}
                    failure={statusFailure}
                  />
                ))}
              </div>
            </fieldset>
          ) : null}
          <NoteField
            name="note"
            label="Note for the customer: their timeline and e-mail (optional)"
            failure={statusFailure}
          />
          <NoteField
            name="internalNote"
            label="Internal note: only staff see it (optional)"
            failure={statusFailure}
          />
          {order.status === "shipped" ? (
            <fieldset
              className="mt-3"
              aria-describedby={statusFailure?.fieldErrors.restock ? "restock-error" : undefined}
            >
              <legend className="field-label">If you cancel: did the batteries come back?</legend>
              <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
                <label className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="restock"
                    value="yes"
                    defaultChecked={statusFailure?.values.restock === "yes"}
                  />
                  Yes, back in the store: put them back in stock
                </label>
                <label className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="restock"
                    value="no"
                    defaultChecked={statusFailure?.values.restock === "no"}
                  />
                  No, still with the courier or the customer
                </label>
              </div>
              {statusFailure?.fieldErrors.restock ? (
                <p id="restock-error" className="mt-1 text-sm font-medium text-danger-700">
                  {statusFailure.fieldErrors.restock}
                </p>
              ) : null}
            </fieldset>
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
                {order.paymentMethod === "on_installation" && status === "delivered"
                  ? "Delivered and paid"
                  : (buttonLabel[status] ?? orderStatusLabels[status])}
              </button>
            ))}
          </div>
        </Form>
      ) : null}
      {order.status === "delivered" && batteries.length > 0 ? (
        <BatteriesFitted batteries={batteries} failure={statusFailure} />
      ) : null}
      {refundOwed ? (
        <RefundForm totalPaise={order.totalPaise} today={today} failure={refundFailure} />
      ) : null}
      <OrderLines lines={order.lines} order={order} />
      <TaxDocumentLinks orderNumber={order.number} documents={documents}>
        {order.wasPaid && order.status !== "cancelled" && documents.length === 0 ? (
          <Form method="post" className="space-y-3">
            <p className="text-sm text-warning-700">{gstMessages.sellerNotSet}</p>
            <input type="hidden" name="intent" value="issueInvoice" />
            <button type="submit" className="btn-primary" disabled={busy}>
              Issue the invoice
            </button>
          </Form>
        ) : null}
      </TaxDocumentLinks>
      <OrderDelivery order={order} />
      <OrderShipment shipment={order.shipment} />
      <OrderTimeline events={order.timeline} />
    </div>
  );
}
