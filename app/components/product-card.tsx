import { Link } from "react-router";
import type { ProductCard as ProductCardData } from "~/features/catalog/catalog.server";
import { cardImage, productHref } from "~/features/catalog/product-image";
import { formatCapacity, formatVoltage, formatWarranty } from "~/lib/format";
import { AddToCart } from "./add-to-cart";
import { Price } from "./price";

export function StockBadge({ stock }: { stock: number }) {
  if (stock <= 0)
    return <span className="text-sm font-semibold text-danger-700">Out of stock</span>;
  if (stock <= 5)
    return <span className="text-sm font-semibold text-warning-700">Only {stock} left</span>;
  return <span className="text-sm font-semibold text-success-700">In stock</span>;
}

/** A catalogue card: image and model link to the product page; the spec's fields; Add to Cart. */
export function ProductCard({ product }: { product: ProductCardData }) {
  const href = productHref(product.model);
  return (
    <article
      className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="product-card"
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block bg-slate-100">
        <img
          src={cardImage(product.image)}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          className="aspect-[4/3] w-full object-contain"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="text-lg font-semibold">
          <Link to={href} className="text-slate-900 hover:text-brand-700 hover:underline">
            {product.model}
          </Link>
        </h3>
        <dl className="grid grid-cols-3 gap-2 text-center text-sm">
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-slate-600">Capacity</dt>
            <dd className="font-semibold">{formatCapacity(product.capacityAh)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-slate-600">Voltage</dt>
            <dd className="font-semibold">{formatVoltage(product.voltageV)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-slate-600">Warranty</dt>
            <dd className="font-semibold">{formatWarranty(product.warrantyMonths)}</dd>
          </div>
        </dl>
        <div className="mt-auto space-y-1">
          <Price pricePaise={product.pricePaise} mrpPaise={product.mrpPaise} />
          <StockBadge stock={product.stock} />
        </div>
        <AddToCart productId={product.id} model={product.model} inStock={product.stock > 0} />
      </div>
    </article>
  );
}
