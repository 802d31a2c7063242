import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { CheckoutDialog } from "~/components/checkout-dialog";
import { productNameText } from "~/components/spec-text";
import { SpriteIcon } from "~/components/sprite-icon";
import { Field, FieldError } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { assertEmailVerified } from "~/features/accounts/verification.server";
import { cartMessages as m } from "~/features/cart/cart.messages";
import {
  cartExchangeSchema,
  cartLineSchema,
  cartQuantitySchema,
  promoCodeSchema,
} from "~/features/cart/cart.schema";
import {
  type CartViewLine,
  openCheckout,
  openCheckoutReference,
  removeLine,
  removePromoCode,
  requestPromoCode,
  setLineExchange,
  setLineQuantity,
  viewCart,
} from "~/features/cart/cart-page.server";
import { getDeliveryDetails } from "~/features/orders/order-read.server";
import { ordersMessages } from "~/features/orders/orders.messages";
import { placeOrderSchema } from "~/features/orders/orders.schema";
import { newCheckoutReference, requestOrder } from "~/features/orders/orders.server";
import { checkoutPayee, paymentView } from "~/features/orders/upi";
import { findPincode } from "~/features/places/pincodes.server";
import { getSettings } from "~/features/settings/settings.server";
import { readCartId, readChosenPincode } from "~/lib/cookies.server";
import { DomainError } from "~/lib/errors";
import { formAction } from "~/lib/form-action.server";
import type { FormFailure } from "~/lib/forms";
import { localeOf, pageMessages, serverTranslate } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { formatPaise } from "~/lib/money";
import { markPublicChange } from "~/lib/public-change.server";
import { sessionUser } from "~/lib/request-state.server";
import { passHeaders } from "~/lib/route-headers";
import { tally } from "~/lib/tally.server";
import { pageMeta } from "~/root";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("My Cart"),
    description: msg("The batteries in your cart, their price with GST, delivery and checkout."),
    noindex: true,
  });

const LOGIN_FOR_CHECKOUT = `/login?redirectTo=${encodeURIComponent("/cart")}`;
const CHECKOUT_HREF = "/cart?checkout=1";

/** The cart's owner: the signed-in user, else the visitor's anonymous cart (cookie). */
async function cartOwner(request: Request, context: Route.LoaderArgs["context"]) {
  const actor = sessionUser(context);
  if (actor) return { userId: actor.id };
  return { cartId: await readCartId(request, context) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = sessionUser(context);
  // The batteries' descriptive names in the page's language.
  const { t } = serverTranslate(localeOf(request));
  const [cart, settings] = await Promise.all([
    viewCart(context.db, await cartOwner(request, context), new Date(), (battery) =>
      productNameText(t, battery),
    ),
    getSettings(context.db),
  ]);
  const url = new URL(request.url);
  let checkout = null;
  if (url.searchParams.has("checkout")) {
    if (!actor) throw redirect(LOGIN_FOR_CHECKOUT);
    const [reference, delivery, chosenPincode] = await Promise.all([
      openCheckoutReference(context.db, actor.id),
      getDeliveryDetails(context.db, actor.id),
      readChosenPincode(request),
    ]);
    const payee = checkoutPayee(settings, {
      publicUrl: context.publicUrl,
      browserUrl: context.browserUrl,
    });
    // A checkout is opened by the Checkout button (a POST); an address typed or kept from
    // before, or a cart that cannot be ordered as it stands, shows the cart.
    if (!reference || !cart.orderable || !payee.ok) throw redirect("/cart");
    const amountPaise = cart.totals.totalPaise;
    const offered = {
      ...(delivery ?? {
        name: actor.name,
        phone: "",
        house: "",
        address: "",
        landmark: null,
        city: "",
        state: "",
        pincode: "",
        buyerGstin: null,
        buyerLegalName: null,
      }),
      // The pincode checked last on a product page is where the shopper means to have it.
      ...(chosenPincode ? { pincode: chosenPincode } : {}),
    };
    // Its city and state from India Post's directory: the city filled in when none is kept (the
    // form fills it again as a pincode is typed), the state shown (the order takes it).
    const place = offered.pincode ? await findPincode(context.db, offered.pincode) : null;
    checkout = {
      reference,
      amountPaise,
      // The State the customer chose last; else the pincode's, which they may change.
      delivery: {
        ...offered,
        city: offered.city || place?.place || "",
        state: offered.state || place?.state || "",
      },
      place: place ? { city: place.place, state: place.state } : null,
      // Pay on installation is offered when the store turned it on and the total is within its
      // limit (the server checks both again when the order is placed).
      payOnInstallation:
        settings.payOnInstallationEnabled &&
        amountPaise > 0 &&
        amountPaise <= settings.payOnInstallationMaxPaise,
      // A cart the promo code pays in full has nothing to pay: no QR (a UPI amount is at least
      // one paisa), and the order is placed as paid.
      payment:
        amountPaise > 0
          ? paymentView(
              payee,
              { amountPaise, reference, note: `${settings.brandName} order` },
              {
                demoNotice: ordersMessages.demoPayee,
                deadline: ordersMessages.payWithin(settings.paymentWindowHours),
              },
            )
          : null,
    };
  }
  return {
    cart,
    checkout,
    signedIn: Boolean(actor),
    i18n: pageMessages(request, ["cart", "checkout", "orders", "places"]),
  };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction({ guard: "public", back: () => "/cart" }, (intent) => ({
  quantity: intent({
    schema: cartQuantitySchema,
    async run({ data, request, context }) {
      await setLineQuantity(context.db, await cartOwner(request, context), data);
    },
  }),
  exchange: intent({
    schema: cartExchangeSchema,
    async run({ data, request, context }) {
      const { model } = await setLineExchange(context.db, await cartOwner(request, context), data);
      return { message: data.exchange ? m.exchangeOn(model) : m.exchangeOff(model) };
    },
  }),
  remove: intent({
    schema: cartLineSchema,
    async run({ data, request, context }) {
      const { model } = await removeLine(context.db, await cartOwner(request, context), data);
      return { message: m.removed(model) };
    },
  }),
  promo: intent({
    schema: promoCodeSchema,
    async run({ data, request, context }) {
      const owner = await cartOwner(request, context);
      const { code } = await requestPromoCode(context.db, owner, data.promoCode, request);
      return { message: m.promoApplied(code) };
    },
  }),
  removePromo: intent({
    schema: z.object({}),
    async run({ request, context }) {
      await removePromoCode(context.db, await cartOwner(request, context));
    },
    success: m.promoRemoved,
  }),
  checkout: intent({
    schema: z.object({}),
    async run({ actor, context }) {
      // A visitor signs in first; their cart waits for them (it joins their account).
      if (!actor) return { redirectTo: LOGIN_FOR_CHECKOUT, message: m.signInToCheckOut };
      // An unverified address is told now, before the delivery details are typed, not only at
      // Confirm Order (placeOrder checks again).
      await assertEmailVerified(context.db, actor.id);
      const cart = await viewCart(context.db, { userId: actor.id });
      if (cart.lines.length === 0) throw new DomainError(ordersMessages.cartEmpty, 409);
      if (!cart.orderable) throw new DomainError(ordersMessages.cartNeedsChanges, 409);
      const payee = checkoutPayee(await getSettings(context.db), {
        publicUrl: context.publicUrl,
        browserUrl: context.browserUrl,
      });
      if (!payee.ok) throw new DomainError(payee.message, 409);
      await openCheckout(context.db, actor.id, newCheckoutReference);
      return { redirectTo: CHECKOUT_HREF };
    },
  }),
  place: intent({
    guard: "user",
    schema: placeOrderSchema,
    async run({ data, actor, request, context }) {
      const payee = checkoutPayee(await getSettings(context.db), {
        publicUrl: context.publicUrl,
        browserUrl: context.browserUrl,
      });
      if (!payee.ok) throw new DomainError(payee.message, 409);
      const { reference, expectedTotalPaise, utr, paymentMethod, ...delivery } = data;
      // Stock gone meanwhile (CartNeedsChanges): nothing is placed, and the cart page the
      // customer lands on says which line to change.
      const placed = await requestOrder(
        context.db,
        { reference, expectedTotalPaise, utr, paymentMethod, delivery, locale: localeOf(request) },
        actor,
        request,
        { publicUrl: context.publicUrl },
      );
      // Stock was taken: every kept page showing it is emptied (ADR 017, 027).
      markPublicChange(context);
      // Counted once per order, not again when the same checkout is sent twice (ADR 044).
      if (placed.created) tally(context, "orders_placed");
      return {
        redirectTo: `/account/orders/${placed.number}`,
        message: ordersMessages.placed(placed.number),
      };
    },
  }),
}));

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

/** The server's refusal of this form (its intent, and its line when it names one). */
function failureOf(actionData: ActionData, intent: string, productId?: number) {
  if (!actionData || actionData.ok) return undefined;
  const failure = actionData as FormFailure;
  if (failure.values.intent !== intent) return undefined;
  if (productId !== undefined && failure.values.productId !== String(productId)) return undefined;
  return failure;
}

/** The value this line's form is sending now (shown at once), or null when it sends nothing. */
function usePending(intent: string, productId: number, field: string): string | null {
  const formData = useNavigation().formData;
  if (formData?.get("intent") !== intent) return null;
  if (formData.get("productId") !== String(productId)) return null;
  return String(formData.get(field) ?? "");
}

function quantityOptions(max: number) {
  return Array.from({ length: max }, (_, i) => i + 1);
}

function CartLine({ line, actionData }: { line: CartViewLine; actionData: ActionData }) {
  const t = useT("cart");
  const hydrated = useHydrated();
  const quantityError = failureOf(actionData, "quantity", line.productId);
  const exchangeError = failureOf(actionData, "exchange", line.productId);
  const removeError = failureOf(actionData, "remove", line.productId);
  const lineError =
    quantityError?.fieldErrors.quantity ??
    quantityError?.formError ??
    exchangeError?.formError ??
    removeError?.formError ??
    (line.problem ? t.text(line.problem) : undefined);
  const quantityId = `quantity-${line.productId}`;
  // Controlled by the saved line, showing a change while it is being saved: the select keeps
  // its place (and the keyboard's focus) across the save; a refused change shows the saved one.
  const pendingQuantity = usePending("quantity", line.productId, "quantity");
  const pendingExchange = usePending("exchange", line.productId, "exchange");
  const exchangeId = `exchange-${line.productId}`;
  return (
    <li className="cart-line" data-testid="cart-line">
      <img src={line.image} alt="" width={96} height={96} className="cart-line-image" />
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <Link
            to={line.href}
            className="font-semibold text-slate-900 hover:text-brand-800 hover:underline"
          >
            {line.model}
          </Link>
          <p className="text-sm text-slate-600">{line.name}</p>
          <p className="text-sm text-slate-700">
            <span className="sr-only">{t("Price:")} </span>
            {line.exchange
              ? t("{price} − {credit} for your old battery", {
                  price: formatPaise(line.unitPricePaise),
                  credit: formatPaise(line.exchangeCreditPaise),
                })
              : formatPaise(line.unitPricePaise)}
            <span className="text-slate-500"> {t("each")}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <Form method="post" preventScrollReset className="flex items-end gap-2">
            <input type="hidden" name="intent" value="quantity" />
            <input type="hidden" name="productId" value={line.productId} />
            <div>
              <label htmlFor={quantityId} className="field-label">
                {t("Quantity")}
              </label>
              <select
                id={quantityId}
                name="quantity"
                value={pendingQuantity ?? String(line.quantity)}
                className="field-select w-20"
                aria-invalid={quantityError ? true : undefined}
                onChange={(event) => event.currentTarget.form?.requestSubmit()}
              >
                {quantityOptions(line.maxQuantity).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            {hydrated ? null : (
              <button type="submit" className="btn-outline min-h-11 px-3">
                {t.rich(
                  "Update<0> the quantity of {model}</0>",
                  {
                    0: (text) => <span className="sr-only">{text}</span>,
                  },
                  { model: line.model },
                )}
              </button>
            )}
          </Form>
          {line.exchangeOfferPaise !== null ? (
            <Form method="post" preventScrollReset className="flex items-center gap-2">
              <input type="hidden" name="intent" value="exchange" />
              <input type="hidden" name="productId" value={line.productId} />
              {hydrated ? (
                <label
                  htmlFor={exchangeId}
                  className="flex min-h-11 items-center gap-2 text-sm text-slate-800"
                >
                  <input
                    id={exchangeId}
                    type="checkbox"
                    name="exchange"
                    value="1"
                    checked={pendingExchange === null ? line.exchange : pendingExchange === "1"}
                    className="size-5"
                    onChange={(event) => event.currentTarget.form?.requestSubmit()}
                  />
                  {t("Return my old battery (−{credit} each)", {
                    credit: formatPaise(line.exchangeOfferPaise),
                  })}
                </label>
              ) : (
                <button
                  type="submit"
                  name="exchange"
                  value={line.exchange ? "0" : "1"}
                  className="btn-outline min-h-11 px-3 text-left"
                >
                  {line.exchange
                    ? t("Keep my old battery")
                    : t("Return my old battery (−{credit} each)", {
                        credit: formatPaise(line.exchangeOfferPaise),
                      })}
                </button>
              )}
            </Form>
          ) : null}
        </div>
        {lineError ? <FieldError message={lineError} /> : null}
      </div>
      <div className="cart-line-end">
        <p className="font-semibold text-slate-900" data-testid="line-total">
          <span className="sr-only">{t("Line total:")} </span>
          {formatPaise(line.lineTotalPaise)}
        </p>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="productId" value={line.productId} />
          <button
            type="submit"
            className="icon-btn text-danger-700"
            aria-label={t("Remove {model}", { model: line.model })}
          >
            <SpriteIcon name="trash-2" className="size-5" />
          </button>
        </Form>
      </div>
    </li>
  );
}

function PromoBox({ cart, actionData }: { cart: LoaderData["cart"]; actionData: ActionData }) {
  const t = useT("cart");
  const form = useValidatedForm(promoCodeSchema, failureOf(actionData, "promo") ?? null);
  if (cart.promo) {
    return (
      <div className="space-y-1">
        <Form method="post" preventScrollReset className="flex items-center justify-between gap-2">
          <input type="hidden" name="intent" value="removePromo" />
          <p className="text-sm text-slate-800">
            {t.rich(
              "Promo code <0>{code}</0>",
              {
                0: (code) => <strong data-testid="applied-promo">{code}</strong>,
              },
              { code: cart.promo.code },
            )}
          </p>
          <button type="submit" className="btn-outline min-h-11 px-3">
            {t.rich(
              "Remove<0> promo code {code}</0>",
              {
                0: (text) => <span className="sr-only">{text}</span>,
              },
              { code: cart.promo.code },
            )}
          </button>
        </Form>
        <FieldError message={cart.promo.problem ? t.text(cart.promo.problem) : undefined} />
      </div>
    );
  }
  return (
    <Form
      method="post"
      preventScrollReset
      noValidate
      onSubmit={form.onSubmit}
      className="flex items-start gap-2"
    >
      <input type="hidden" name="intent" value="promo" />
      <Field
        label={t("Promo code")}
        name="promoCode"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={20}
        defaultValue={form.value("promoCode", "")}
        error={form.errors.promoCode ?? form.formError}
        className="flex-1"
      />
      <button type="submit" className="btn-outline mt-6">
        {t("Apply")}
      </button>
    </Form>
  );
}

function Summary({ cart }: { cart: LoaderData["cart"] }) {
  const t = useT("cart");
  const { totals } = cart;
  return (
    <dl className="space-y-2 text-sm text-slate-700" data-testid="cart-summary">
      <div className="flex justify-between">
        <dt>{t("Subtotal")}</dt>
        <dd data-testid="subtotal">{formatPaise(totals.subtotalPaise)}</dd>
      </div>
      {totals.discountPaise > 0 ? (
        <div className="flex justify-between text-success-700">
          <dt>{cart.promo ? t("Discount ({code})", { code: cart.promo.code }) : t("Discount")}</dt>
          <dd data-testid="discount">−{formatPaise(totals.discountPaise)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt>{t("Shipping")}</dt>
        <dd data-testid="shipping">
          {totals.shippingPaise > 0 ? formatPaise(totals.shippingPaise) : t("Free")}
        </dd>
      </div>
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
        <dt>{t("Total")}</dt>
        <dd data-testid="total">{formatPaise(totals.totalPaise)}</dd>
      </div>
      <div className="flex justify-between text-slate-600">
        <dt>{t("GST included ({percent}%)", { percent: cart.gstPercent })}</dt>
        <dd data-testid="gst">{formatPaise(totals.gstIncludedPaise)}</dd>
      </div>
    </dl>
  );
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT("cart");
  const { cart, checkout } = loaderData;
  const checkoutFailure = failureOf(actionData, "checkout");
  const placeFailure = checkout ? undefined : failureOf(actionData, "place");
  if (cart.lines.length === 0) {
    return (
      <div className="container-page py-10">
        <h1 className="text-2xl font-bold text-slate-900">{t("My Cart")}</h1>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-8 text-center">
          <p className="text-slate-700">{t.text(ordersMessages.cartEmpty)}</p>
          <Link to="/allproduct" className="btn-primary mt-4">
            {t("Browse batteries")}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold text-slate-900">{t("My Cart")}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-label={t("Cart lines")}>
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {cart.lines.map((line) => (
              <CartLine key={line.productId} line={line} actionData={actionData} />
            ))}
          </ul>
        </section>
        <aside
          aria-labelledby="summary-heading"
          className="h-fit space-y-5 rounded-2xl border border-slate-200 bg-white p-5"
        >
          <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
            {t("Summary")}
          </h2>
          <PromoBox cart={cart} actionData={actionData} />
          <Summary cart={cart} />
          <Form method="post">
            <input type="hidden" name="intent" value="checkout" />
            <FormAlert message={checkoutFailure?.formError ?? placeFailure?.formError} />
            <button type="submit" className="btn-primary mt-2 w-full" disabled={!cart.orderable}>
              {t("Checkout")}
            </button>
            {!cart.orderable ? (
              <p className="mt-2 text-sm text-slate-600">
                {t.text(ordersMessages.cartNeedsChanges)}
              </p>
            ) : null}
          </Form>
        </aside>
      </div>
      {checkout ? (
        <CheckoutDialog checkout={checkout} failure={failureOf(actionData, "place")} />
      ) : null}
    </div>
  );
}
