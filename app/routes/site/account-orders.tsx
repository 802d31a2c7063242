import { Link } from "react-router";
import { OrderStatusBadge } from "~/components/order-parts";
import { listCustomerOrders } from "~/features/orders/order-read.server";
import { formatDate } from "~/lib/format";
import { requireUser } from "~/lib/guards.server";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { formatPaise } from "~/lib/money";
import { pageMeta } from "~/root";
import type { Route } from "./+types/account-orders";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Your orders"),
    description: msg("The orders you placed, newest first, with their status and total."),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return {
    orders: await listCustomerOrders(context.db, user.id),
    i18n: pageMessages(request, ["account", "orders"]),
  };
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const t = useT("account");
  const { orders } = loaderData;
  return (
    <div className="container-page max-w-3xl py-8">
      <nav aria-label={t("Breadcrumb")} className="text-sm text-slate-600">
        <Link to="/account" className="hover:underline">
          {t("Your account")}
        </Link>
      </nav>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">{t("Your orders")}</h1>
      {orders.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-8 text-center">
          <p className="text-slate-700">{t("You have not ordered anything yet.")}</p>
          <Link to="/allproduct" className="btn-primary mt-4">
            {t("Browse batteries")}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {orders.map((order) => (
            <li key={order.number} data-testid="account-order">
              <Link
                to={`/account/orders/${order.number}`}
                className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 hover:bg-slate-50"
              >
                <span>
                  <span className="block font-semibold text-slate-900">
                    {t("Order #{number}", { number: order.number })}
                  </span>
                  <span className="block text-sm text-slate-600">
                    {formatDate(new Date(order.createdAt), t.locale)} ·{" "}
                    {t("{count, plural, one {# battery} other {# batteries}}", {
                      count: order.items,
                    })}
                  </span>
                </span>
                <span className="flex items-center gap-3">
                  <OrderStatusBadge status={order.status} />
                  <span className="font-semibold text-slate-900">
                    {formatPaise(order.totalPaise)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
