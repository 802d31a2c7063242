import { Link } from "react-router";
import type { ProductCategory } from "~/db/schema/enums";
import type { ProductCard as ProductCardData } from "~/features/catalog/catalog.server";
import { cardImage, productHref } from "~/features/catalog/product-image";
import { formatCapacity, formatVoltage } from "~/lib/format";
import { msg } from "~/lib/i18n/msg";
import { type T, useT } from "~/lib/i18n/react";
import { AddToCart } from "./add-to-cart";
import { Price } from "./price";
import { Stars } from "./stars";

/** The product categories' names (catalog.options' `categoryLabels`), in the "common"
 * catalogue: every page with a product card shows them. `t(categoryNames[category])`. */
export const categoryNames: Record<ProductCategory, string> = {
  car: msg("Car"),
  bike: msg("Bike"),
  inverter: msg("Inverter"),
  industrial: msg("Industrial"),
};

/** A warranty's length in the page's language: 12 -> "1 year", 18 -> "18 months", 0 -> "No
 * warranty" (lib/format's formatWarranty, translated). */
export function warrantyText(t: T, months: number): string {
  if (months <= 0) return t("No warranty");
  if (months % 12 === 0)
    return t("{years, plural, one {# year} other {# years}}", { years: months / 12 });
  return t("{months, plural, one {# month} other {# months}}", { months });
}

export function StockBadge({
  stock,
  className = "text-sm",
}: {
  stock: number;
  /** Its size; in a card the card's `.pcard-stock` sets it. */
  className?: string;
}) {
  const t = useT("common");
  const size = className ? ` ${className}` : "";
  if (stock <= 0) return <span className={`stock-out${size}`}>{t("Out of stock")}</span>;
  if (stock <= 5)
    return <span className={`stock-low${size}`}>{t("Only {stock} left", { stock })}</span>;
  return <span className={`stock-in${size}`}>{t("In stock")}</span>;
}

/** Average and number of reviews, read-only; nothing before the first review. Said once, by
 * the stars' name; what it shows ("4.5 (12)") is for the eye. */
function CardRating({ average, count }: { average: number | null; count: number }) {
  const t = useT("common");
  if (!count || average === null) return null;
  return (
    <p className="pcard-rating">
      <Stars
        rating={average}
        className=""
        more={t("{count, plural, one {, # review} other {, # reviews}}", { count })}
      />
      <span aria-hidden="true">{`${average.toFixed(1)} (${count})`}</span>
    </p>
  );
}

/**
 * A catalogue card: image and model link to the product page; category, descriptive name, the
 * spec's fields, rating, price, stock and Add to Cart. Its look is `.pcard` in app.css (one
 * class per part: a page of 24 cards once carried 60 KB of repeated utility classes). The card
 * follows its own width (a container query): below 16rem (two per row on a phone) it is
 * compact, the three specs on one line and the saving (the price's) moved over the image.
 */
export function ProductCard({
  product,
  eager = false,
}: {
  product: ProductCardData;
  /** Seen without scrolling (the first cards of a list): the image loads at once. */
  eager?: boolean;
}) {
  const t = useT("common");
  const href = productHref(product.model);
  const specs = [
    { label: t("Capacity"), value: formatCapacity(product.capacityAh) },
    { label: t("Voltage"), value: formatVoltage(product.voltageV) },
    { label: t("Warranty"), value: warrantyText(t, product.warrantyMonths) },
  ];
  return (
    <article className="pcard" data-testid="product-card">
      {/* Not a link of its own: the model's link covers it (`.pcard > div h3 a::after`). */}
      {/* Sized by `.pcard > img` (4:3, the card's width): no shift as it loads. */}
      <img
        src={cardImage(product.image, product.category)}
        alt=""
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
      />
      {/* Each part's look is by its place (`.pcard > p`, `.pcard > div`, `.pcard dl`). */}
      <p>{t(categoryNames[product.category])}</p>
      <div>
        <h3>
          {/* Every route is known from the start (routeDiscovery "initial"): nothing to mark. */}
          <Link to={href} discover="none">
            {product.model}
          </Link>
        </h3>
        {/* The name an admin gave; the one made from the data would repeat the card's own
            category, capacity and warranty. */}
        {product.name ? (
          <p className="pcard-name" lang={product.english?.includes("name") ? "en" : undefined}>
            {product.name}
          </p>
        ) : null}
        <dl>
          {specs.map((s) => (
            <div key={s.label}>
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
        <CardRating average={product.ratingAverage} count={product.ratingCount} />
        <Price pricePaise={product.pricePaise} mrpPaise={product.mrpPaise} size="card" />
        <p className="pcard-stock">
          {/* Compact, "Out of stock" is said once: by the disabled button below. */}
          <StockBadge stock={product.stock} className="" />
          {product.installationIncluded ? <span>{t("Free installation")}</span> : null}
        </p>
        <AddToCart
          productId={product.id}
          model={product.model}
          inStock={product.stock > 0}
          compact
        />
      </div>
    </article>
  );
}
