import { useT } from "~/lib/i18n/react";
import { discountPercent, formatPaise } from "~/lib/money";

/**
 * The selling price, with the MRP struck through and the saving when there is one. Styled by
 * `.price` in app.css: "card" is smaller in a card narrower than 16rem (a phone's two per row),
 * which shows the saving over its image instead.
 */
export function Price({
  pricePaise,
  mrpPaise,
  size = "md",
}: {
  pricePaise: number;
  mrpPaise: number;
  size?: "card" | "md" | "lg";
}) {
  const off = discountPercent(pricePaise, mrpPaise);
  const t = useT("common");
  return (
    <p className={`price price-${size}`}>
      <b>{formatPaise(pricePaise)}</b>
      {off > 0 ? (
        <>
          <s>
            <span className="sr-only">{`${t("MRP")} `}</span>
            {formatPaise(mrpPaise)}
          </s>
          <span className="price-off">{t("{off}% off", { off })}</span>
        </>
      ) : null}
    </p>
  );
}
