import { useEffect, useRef } from "react";
import { Form, useFetcher, useNavigate } from "react-router";
import type { FormResult } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { ExchangeChoice, type ExchangeOfferView } from "./exchange-choice";
import { SpriteIcon } from "./sprite-icon";
import { toast } from "./ui/toast";

type AddToCartResult = FormResult;

/** The product page's Add to Cart form: the phone's bottom bar (buy-bar.tsx) submits it too. */
export const addToCartFormId = (productId: number) => `add-to-cart-${productId}`;

/** The fetcher of a product's Add to Cart (its state: "Adding…" on every button of it). */
export const useAddToCartFetcher = (productId: number) =>
  useFetcher<AddToCartResult>({ key: addToCartFormId(productId) });

/**
 * "Add to Cart": a form posting to /cart/add. With JavaScript it is a fetcher (the page stays,
 * a toast confirms and the header badge updates as the root data reloads); without, the post
 * redirects back here with the same message.
 */
export function AddToCart({
  productId,
  model,
  inStock,
  withQuantity = false,
  exchange,
  className = "",
  compact = false,
  quantity,
}: {
  productId: number;
  model: string;
  inStock: boolean;
  withQuantity?: boolean;
  /** A set number added at once, without a choice (two batteries for a 24 V inverter). */
  quantity?: number;
  /** The price and the old-battery exchange offer, when the battery has one: two prices. */
  exchange?: { pricePaise: number; offer: ExchangeOfferView | null };
  className?: string;
  /** In a catalogue card: styled by `.pcard-cart` (app.css), so 24 cards repeat one class. */
  compact?: boolean;
}) {
  // A <Form> that does not navigate is a fetcher's (its state and answer are `fetcher`'s, by
  // key); unlike fetcher.Form it takes `discover`: every route is known from the start
  // (routeDiscovery "initial"), so the 24 forms of a page need no discovery mark.
  const key = addToCartFormId(productId);
  const fetcher = useAddToCartFetcher(productId);
  const shown = useRef<AddToCartResult | null>(null);
  const busy = fetcher.state !== "idle";
  const navigate = useNavigate();
  const several = !withQuantity && quantity !== undefined && quantity > 1;
  const t = useT("product");

  useEffect(() => {
    const result = fetcher.data;
    if (!result || shown.current === result || fetcher.state !== "idle") return;
    shown.current = result;
    if (result.ok) {
      toast.success(result.message, {
        action: { label: t("Go to cart"), onClick: () => navigate("/cart") },
      });
    } else toast.error(result.formError);
  }, [fetcher.data, fetcher.state, navigate, t]);

  if (!inStock) {
    return (
      <button type="button" disabled className={`btn-outline w-full ${className}`}>
        {t("Out of stock")}
      </button>
    );
  }
  return (
    <Form
      navigate={false}
      fetcherKey={key}
      discover="none"
      method="post"
      action="/cart/add"
      id={compact ? undefined : key}
      className={compact ? "pcard-cart" : `flex flex-wrap items-end gap-2 ${className}`}
    >
      {exchange?.offer ? (
        <ExchangeChoice
          pricePaise={exchange.pricePaise}
          offer={exchange.offer}
          idPrefix={`product-${productId}`}
        />
      ) : null}
      {withQuantity ? (
        <div>
          <label htmlFor={`qty-${productId}`} className="field-label">
            {t("Quantity")}
          </label>
          <select
            id={`qty-${productId}`}
            name="quantity"
            defaultValue="1"
            className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-3"
          >
            {[1, 2, 3, 4].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      ) : several ? (
        <input type="hidden" name="quantity" value={quantity} />
      ) : null}
      {/* The button carries the product (a submitter's value is posted with the form, also
          when Enter submits it), so a page of cards needs no hidden field per card. */}
      {/* In a card, `.pcard-cart button` styles it and draws its icon (a page repeats it 24
          times); a button in a form submits it by default. */}
      <button
        type={compact ? undefined : "submit"}
        name="productId"
        value={productId}
        className={compact ? undefined : "btn-accent flex-1"}
        disabled={busy}
        aria-label={
          several
            ? t("Add {quantity} × {model} to cart", { quantity, model })
            : t("Add {model} to cart", { model })
        }
      >
        {compact ? null : <SpriteIcon name="shopping-cart" className="size-4" />}
        {busy
          ? t("Adding…")
          : several
            ? t("Add {quantity} to Cart", { quantity })
            : t("Add to Cart")}
      </button>
    </Form>
  );
}
