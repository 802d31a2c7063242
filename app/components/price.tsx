import { discountPercent, formatPaise } from "~/lib/money";

/** The selling price, with the MRP struck through and the saving when there is one. */
export function Price({
  pricePaise,
  mrpPaise,
  size = "md",
}: {
  pricePaise: number;
  mrpPaise: number;
  size?: "md" | "lg";
}) {
  const off = discountPercent(pricePaise, mrpPaise);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span
        data-testid="price"
        className={`font-bold text-slate-900 ${size === "lg" ? "text-3xl" : "text-xl"}`}
      >
        {formatPaise(pricePaise)}
      </span>
      {off > 0 ? (
        <>
          <span className="text-sm text-slate-600 line-through">
            <span className="sr-only">MRP </span>
            {formatPaise(mrpPaise)}
          </span>
          <span className="text-sm font-semibold text-success-700">{off}% off</span>
        </>
      ) : null}
    </p>
  );
}
