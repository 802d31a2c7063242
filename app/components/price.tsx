import { discountPercent, formatPaise } from "~/lib/money";

const priceSizes = {
  card: "text-base leading-6 @3xs:text-xl",
  md: "text-xl",
  lg: "text-3xl",
} as const;

/** The selling price, with the MRP struck through and the saving when there is one. */
export function Price({
  pricePaise,
  mrpPaise,
  size = "md",
}: {
  pricePaise: number;
  mrpPaise: number;
  /** "card": smaller in a product card narrower than 16rem (a phone's two per row). */
  size?: "card" | "md" | "lg";
}) {
  const off = discountPercent(pricePaise, mrpPaise);
  const detail = size === "card" ? "text-xs @3xs:text-sm" : "text-sm";
  return (
    <p
      className={`flex flex-wrap items-baseline ${size === "card" ? "gap-x-1.5 @3xs:gap-x-2" : "gap-x-2"}`}
    >
      <span data-testid="price" className={`font-bold text-slate-900 ${priceSizes[size]}`}>
        {formatPaise(pricePaise)}
      </span>
      {off > 0 ? (
        <>
          <span className={`${detail} text-slate-600 line-through`}>
            <span className="sr-only">MRP </span>
            {formatPaise(mrpPaise)}
          </span>
          {/* A compact card shows the saving over its image instead. */}
          <span
            className={`${detail} font-semibold text-success-700 ${size === "card" ? "hidden @3xs:inline" : ""}`}
          >
            {off}% off
          </span>
        </>
      ) : null}
    </p>
  );
}
