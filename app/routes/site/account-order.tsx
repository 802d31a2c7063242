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
import { TaxDocumentLinks } from "~/components/tax-document-links";
import { UrlDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { UpiPayment } from "~/components/upi-payment";
import { taxDocumentsOfOrders } from "~/features/gst/invoices.server";
import { getOrder, orderNumberOf } from "~/features/orders/order-read.server";
import { allowedTransitions } from "~/features/orders/order-status";
import { ordersMessages } from "~/features/orders/orders.messages";
import { addUtrSchema, orderNoteSchema } from "~/features/orders/orders.schema";
import { addOrderUtr, changeOrderStatus } from "~/features/orders/orders.server";
import { checkoutPayee, paymentView } from "~/features/orders/upi";
import { getSettings } from "~/features/settings/settings.server";
import { formAction } from "~/lib/form-action.server";
import { formatDateTime } from "~/lib/format";
import type { FormFailure } from "~/lib/forms";
import { requireUser } from "~/lib/guards.server";
import { orNotFound } from "~/lib/http.server";
import { localeOf, pageMessages } from "~/lib/i18n/catalogue.server";
import { stripLocale } from "~/lib/i18n/locales";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { fill } from "~/lib/i18n/translate";
import { markPublicChange } from "~/lib/public-change.server";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta } from "~/root";
import type { Route } from "./+types/account-order";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data
      ? fill(ORDER_TITLE, { number: args.data.order.number })
      : msg("Order not found"),
    description: msg("One of your orders: its batteries, payment, delivery and status."),
    noindex: true,
  });

const ORDER_TITLE = msg("Order #{number}");

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
            ? // The date in the page's language: the sentence is translated where it is shown.
              ordersMessages.payBy(formatDateTime(order.paymentDueAt, localeOf(request)))
            : ordersMessages.payWithin(settings.paymentWindowHours),
        },
      );
    }
  }
  const documents = (await taxDocumentsOfOrders(context.db, [order.id])).get(order.id) ?? [];
  const { userId: _owner, email: _email, ...shown } = order;
  const canCancel = allowedTransitions(order.status, "customer").includes("cancelled");
  const url = new URL(request.url);
  return {
    order: shown,
    documents,
    payment,
    canCancel,
    // "Cancel order" asks first, in a dialog whose open state is the address (?cancel=1), so
    // the question is a page of its own without JavaScript.
    confirmingCancel: canCancel && url.searchParams.get("cancel") === "1",
    // Without the language prefix, as every path a link is given (the router adds it).
    pagePath: stripLocale(url.pathname),
    i18n: pageMessages(request, ["account", "orders", "checkout", "places"]),
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
    utr: intent({
      schema: addUtrSchema,
      async run({ data, actor, target, context }) {
        const number = orderNumberOf(target);
        await addOrderUtr(context.db, { number, utr: data.utr }, actor);
        return { message: ordersMessages.utrSaved(number) };
      },
    }),
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
        return {
          message: ordersMessages.cancelled(number),
          redirectTo: `/account/orders/${number}`,
        };
      },
    }),
  }),
);

/** "Add your UPI transaction ID": for a customer who paid after placing the order. */
function UtrForm({
  current,
  failure,
}: {
  current: string | null;
  failure: FormFailure | undefined;
}) {
  const t = useT("account");
  const form = useValidatedForm(addUtrSchema, failure ?? null);
  const busy = useNavigation().formData?.get("intent") === "utr";
  return (
    <Form method="post" noValidate onSubmit={form.onSubmit} className="mt-4 space-y-3">
      <input type="hidden" name="intent" value="utr" />
      <FormAlert message={form.formError} />
      <Field
        label={
          current
            ? t("Change the UPI transaction ID")
            : t("Paid already? Add the UPI transaction ID")
        }
        name="utr"
        autoComplete="off"
        maxLength={35}
        hint={
          current
            ? t("We have {utr}. The 12-digit UTR your UPI app shows after paying.", {
                utr: current,
              })
            : t(
                "The 12-digit UTR your UPI app shows after paying helps us confirm your payment sooner.",
              )
        }
        defaultValue={form.value("utr", "")}
        error={form.errors.utr}
      />
      <button type="submit" className="btn-outline" disabled={busy}>
        {busy ? t("Saving…") : t("Save UPI transaction ID")}
      </button>
    </Form>
  );
}

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT("account");
  const { order, documents, payment, canCancel, confirmingCancel, pagePath } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  const utrFailure = failure?.values.intent === "utr" ? failure : undefined;
  const cancelFailure = failure?.values.intent === "utr" ? undefined : failure;
  return (
    <div className="container-page max-w-3xl space-y-5 py-8">
      <nav aria-label={t("Breadcrumb")} className="text-sm text-slate-600">
        <Link to="/account/orders" className="hover:underline">
          {t("Your orders")}
        </Link>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{orderHeading(order, t, t.locale)}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <FormAlert message={confirmingCancel ? undefined : cancelFailure?.formError} />
      {payment ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-5">
          <p className="mb-3 text-sm text-slate-700">
            {t(
              "We are waiting for your payment. If you have not paid yet, pay with any UPI app; we confirm each payment against our bank account and write to you.",
            )}
          </p>
          <UpiPayment payment={payment} />
          <UtrForm current={order.utr} failure={utrFailure} />
        </div>
      ) : null}
      {order.status === "placed" ? (
        <p
          className="rounded-2xl border border-brand-200 bg-brand-50 p-5 text-brand-800"
          data-testid="pay-on-installation"
        >
          {t.text(ordersMessages.payOnInstallation(order.totalPaise))}
        </p>
      ) : null}
      <OrderLines lines={order.lines} order={order} />
      <TaxDocumentLinks orderNumber={order.number} documents={documents} />
      <OrderDelivery order={order} />
      <OrderShipment shipment={order.shipment} />
      <OrderTimeline events={order.timeline} />
      {canCancel ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-5">
          <Link
            to="?cancel=1"
            preventScrollReset
            className="btn-outline text-danger-700"
            data-testid="cancel-order"
          >
            {t("Cancel order")}
          </Link>
        </div>
      ) : null}
      {confirmingCancel ? (
        <UrlDialog title={t.text(ordersMessages.cancelQuestion(order.number))} closeHref={pagePath}>
          <Form method="post" className="space-y-3">
            <FormAlert message={cancelFailure?.formError} />
            <input type="hidden" name="intent" value="cancel" />
            <p className="text-sm text-slate-700">
              {t("Its batteries go back on sale. This cannot be undone.")}
            </p>
            <label htmlFor="cancel-note" className="field-label">
              {t("Why are you cancelling? (optional)")}
            </label>
            <textarea
              id="cancel-note"
              name="note"
              maxLength={500}
              rows={2}
              defaultValue={cancelFailure?.values.note ?? ""}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Link to={pagePath} preventScrollReset className="btn-outline">
                {t.text(ordersMessages.keepOrder)}
              </Link>
              <button
                type="submit"
                className="btn bg-danger-700 text-white hover:bg-danger-700/90"
                disabled={busy}
              >
                {t("Cancel order")}
              </button>
            </div>
          </Form>
        </UrlDialog>
      ) : null}
    </div>
  );
}
