import { useT } from "~/lib/i18n/react";
import { formatPaise } from "~/lib/money";
import { addToCartFormId, useAddToCartFetcher } from "./add-to-cart";
import { SpriteIcon } from "./sprite-icon";

/**
 * A product page's bar at the foot of a phone's screen (below `md`, as Flipkart's): the price
 * and Add to Cart always in reach while the shopper reads the details and reviews. Its button
 * submits the page's own Add to Cart form (the `form` attribute, so the chosen quantity and
 * exchange go with it, and it works without JavaScript); out of stock it leads to "Notify me".
 * `.buy-bar` in app.css keeps the page's end (the footer) clear of it.
 */
export function BuyBar({
  productId,
  model,
  pricePaise,
  inStock,
}: {
  productId: number;
  model: string;
  pricePaise: number;
  inStock: boolean;
}) {
  const busy = useAddToCartFetcher(productId).state !== "idle";
  const t = useT("product");
  return (
    <div className="buy-bar" data-testid="buy-bar">
      <div className="container-page flex items-center justify-between gap-3 py-2">
        <p className="min-w-0 leading-tight">
          <b className="block text-lg text-slate-900">{formatPaise(pricePaise)}</b>
          <span className="text-xs text-slate-600">
            {inStock ? t("GST included") : t("Out of stock")}
          </span>
        </p>
        {inStock ? (
          <button
            type="submit"
            form={addToCartFormId(productId)}
            name="productId"
            value={productId}
            className="btn-accent flex-1 sm:flex-none"
            disabled={busy}
            aria-label={t("Add to Cart: {model}", { model })}
          >
            <SpriteIcon name="shopping-cart" className="size-4" />
            {busy ? t("Adding…") : t("Add to Cart")}
          </button>
        ) : (
          <a href="#notify-me" className="btn-outline flex-1 sm:flex-none">
            {t("Notify me")}
          </a>
        )}
      </div>
    </div>
  );
}
