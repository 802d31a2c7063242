import { SpriteIcon } from "~/components/sprite-icon";
import { useT } from "~/lib/i18n/react";
import { formatPaise } from "~/lib/money";

export type ExchangeOfferView = { creditPaise: number; pricePaise: number };

/**
 * The two prices of a battery with an exchange offer: as it is, or with the old battery
 * returned. A radio group inside the Add to Cart form; the server recomputes the credit.
 */
export function ExchangeChoice({
  pricePaise,
  offer,
  idPrefix,
}: {
  pricePaise: number;
  offer: ExchangeOfferView;
  idPrefix: string;
}) {
  const t = useT("product");
  const options = [
    { value: "0", title: t("Without old battery"), price: pricePaise, note: null },
    {
      value: "1",
      title: t("With old battery exchange"),
      price: offer.pricePaise,
      note: t("{credit} off when you return your old battery", {
        credit: formatPaise(offer.creditPaise),
      }),
    },
  ];
  return (
    <fieldset className="w-full">
      <legend className="text-sm font-medium text-slate-800">{t("Choose your price")}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            htmlFor={`${idPrefix}-exchange-${o.value}`}
            className="flex min-h-11 cursor-pointer gap-3 rounded-xl border border-slate-300 bg-white p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              id={`${idPrefix}-exchange-${o.value}`}
              type="radio"
              name="exchange"
              value={o.value}
              defaultChecked={o.value === "0"}
              className="mt-1 size-4 shrink-0"
            />
            <span>
              <span className="flex items-center gap-1 text-sm font-semibold text-slate-900">
                {o.value === "1" ? (
                  <SpriteIcon name="recycle" className="size-4 text-success-700" />
                ) : null}
                {o.title}
              </span>
              <span className="block text-lg font-bold text-slate-900" data-testid="option-price">
                {formatPaise(o.price)}
              </span>
              {o.note ? <span className="block text-sm text-success-700">{o.note}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
