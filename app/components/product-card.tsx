import { Link } from "react-router";
import { categoryLabels } from "~/features/catalog/catalog.schema";
import type { ProductCard as ProductCardData } from "~/features/catalog/catalog.server";
import { cardImage, productHref } from "~/features/catalog/product-image";
import { productName } from "~/features/catalog/product-name";
import { formatCapacity, formatVoltage, formatWarranty } from "~/lib/format";
import { discountPercent } from "~/lib/money";
import { AddToCart } from "./add-to-cart";
import { Price } from "./price";
import { Stars } from "./stars";

export function StockBadge({
  stock,
  className = "text-sm",
}: {
  stock: number;
  className?: string;
}) {
  if (stock <= 0)
    return <span className={`${className} font-semibold text-danger-700`}>Out of stock</span>;
  if (stock <= 5)
    return <span className={`${className} font-semibold text-warning-700`}>Only {stock} left</span>;
  return <span className={`${className} font-semibold text-success-700`}>In stock</span>;
}

/** Average and number of reviews, read-only; nothing before the first review. */
function CardRating({ average, count }: { average: number | null; count: number }) {
  if (!count || average === null) return null;
  return (
    <p className="flex items-center gap-1 text-xs leading-4 text-slate-700 @3xs:text-sm">
      <Stars rating={average} size="size-3.5 @3xs:size-4" />
      <span aria-hidden="true" className="font-semibold">
        {average.toFixed(1)}
      </span>
      <span>
        ({count}
        <span className="sr-only"> {count === 1 ? "review" : "reviews"}</span>)
      </span>
    </p>
  );
}

/**
 * A catalogue card: image and model link to the product page; category, descriptive name, the
 * spec's fields, rating, price, stock and Add to Cart. The card follows its own width (a container
 * query): below 16rem (two per row on a phone) it is compact, with the three specs on one line.
 */
export function ProductCard({
  product,
  eager = false,
}: {
  product: ProductCardData;
  /** Seen without scrolling (the first cards of a list): the image loads at once. */
  eager?: boolean;
}) {
  const href = productHref(product.model);
  const off = discountPercent(product.pricePaise, product.mrpPaise);
  const specs = [
    { label: "Capacity", value: formatCapacity(product.capacityAh) },
    { label: "Voltage", value: formatVoltage(product.voltageV) },
    { label: "Warranty", value: formatWarranty(product.warrantyMonths) },
  ];
  return (
    <article
      className="@container relative flex w-full min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm sm:rounded-2xl"
      data-testid="product-card"
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="relative block bg-slate-100">
        <img
          src={cardImage(product.image, product.category)}
          alt=""
          width={400}
          height={300}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          className="block aspect-[4/3] w-full object-contain"
        />
      </Link>
      {/* Over the image, so a phone's compact card stays short. */}
      <p className="pointer-events-none absolute top-2 left-2 rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-brand-800 shadow-sm">
        {categoryLabels[product.category]}
      </p>
      {off > 0 ? (
        <p className="pointer-events-none absolute top-2 right-2 rounded-full bg-success-700 px-2 py-0.5 text-xs font-semibold text-white @3xs:hidden">
          {off}% off
        </p>
      ) : null}
      <div className="flex flex-1 flex-col gap-1 p-2 @3xs:gap-2 @3xs:p-4">
        <h3 className="text-sm leading-5 font-semibold break-words @3xs:text-lg">
          <Link to={href} className="text-slate-900 hover:text-brand-700 hover:underline">
            {product.model}
          </Link>
        </h3>
        <p className="line-clamp-2 text-xs leading-4 text-slate-600 @3xs:text-sm @3xs:leading-5">
          {productName(product)}
        </p>
        {/* Compact: "35Ah · 12V · 3 years"; wider: the three boxes. */}
        <p className="text-xs leading-4 font-medium text-slate-800 @3xs:hidden">
          {specs.map((s) => s.value).join(" · ")}
        </p>
        <dl className="mt-1 hidden grid-cols-3 gap-2 text-center text-sm @3xs:grid">
          {specs.map((s) => (
            <div key={s.label} className="rounded-lg bg-slate-50 p-2">
              <dt className="text-slate-600">{s.label}</dt>
              <dd className="font-semibold">{s.value}</dd>
            </div>
          ))}
        </dl>
        <CardRating average={product.ratingAverage} count={product.ratingCount} />
        <div className="mt-auto">
          <Price pricePaise={product.pricePaise} mrpPaise={product.mrpPaise} size="card" />
          <p className="flex flex-wrap gap-x-2 leading-4 @3xs:leading-5">
            {/* Compact, "Out of stock" is said once: by the disabled button below. */}
            <StockBadge
              stock={product.stock}
              className={`text-xs @3xs:text-sm ${product.stock <= 0 ? "hidden @3xs:inline" : ""}`}
            />
            {product.installationIncluded ? (
              <span className="text-xs text-slate-600 @3xs:text-sm">Free installation</span>
            ) : null}
          </p>
        </div>
        <AddToCart
          productId={product.id}
          model={product.model}
          inStock={product.stock > 0}
          className="w-full @3xs:mt-1 [&_button]:px-2"
        />
      </div>
    </article>
  );
}
