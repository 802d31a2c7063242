import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { ProductCard } from "~/components/product-card";
import { FormAlert } from "~/components/ui/form-alert";
import { Pagination } from "~/components/ui/pagination";
import { productCategories } from "~/db/schema/enums";
import { catalogMessages } from "~/features/catalog/catalog.messages";
import {
  type CatalogQuery,
  categoryLabels,
  hasAttributeFilter,
  parseCatalogQuery,
} from "~/features/catalog/catalog.schema";
import {
  getFilterOptions,
  listProducts,
  withoutUnofferedFilters,
} from "~/features/catalog/catalog.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { formatCapacity, formatVoltage, formatWarranty } from "~/lib/format";
import { pageTitle } from "~/root";
import type { Route } from "./+types/catalog";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseCatalogQuery(url.searchParams);
  // The options follow the category; a value it does not offer (kept from the category the
  // visitor came from, or typed into the address) is dropped by a redirect, so the address,
  // the selects and the list agree, with or without JavaScript.
  const options = await getFilterOptions(context.db, query.category);
  const cleaned = withoutUnofferedFilters(query, options);
  if (cleaned) {
    const removed: string[] = [];
    if (query.capacity !== cleaned.capacity) removed.push(formatCapacity(query.capacity ?? 0));
    if (query.voltage !== cleaned.voltage) removed.push(formatVoltage(query.voltage ?? 0));
    if (query.warranty !== cleaned.warranty)
      removed.push(`${formatWarranty(query.warranty ?? 0)} warranty`);
    for (const key of ["capacity", "voltage", "warranty"] as const)
      if (cleaned[key] === undefined) url.searchParams.delete(key);
    url.searchParams.delete("page");
    const label = query.category ? categoryLabels[query.category] : "Our";
    return redirectWithFlash(context, `${url.pathname}${url.search}`, {
      type: "info",
      message: catalogMessages.filtersRemoved(removed, label),
    });
  }
  // "Apply filter" with none of the three filters chosen: warn, and do not filter.
  const warning = query.apply && !hasAttributeFilter(query) ? catalogMessages.selectFilter : null;
  const result = await listProducts(context.db, query);
  return { query, warning, result, options };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const category = loaderData?.query.category;
  const title = category ? `${categoryLabels[category]} batteries` : "All batteries";
  return [
    { title: pageTitle(matches, title) },
    {
      name: "description",
      content:
        "Car, bike, inverter and industrial batteries with prices in rupees: filter by capacity, voltage and warranty.",
    },
  ];
};

const sortLabels: Record<CatalogQuery["sort"], string> = {
  featured: "Featured",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  "capacity-asc": "Capacity: low to high",
  "capacity-desc": "Capacity: high to low",
};

const selectClass = "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3";

function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string | number | undefined;
  options: { value: string | number; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""} className={selectClass}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function pageHref(search: string, page: number) {
  const params = new URLSearchParams(search);
  params.set("page", String(page));
  params.delete("apply");
  return `?${params}`;
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { query, warning, result, options } = loaderData;
  const { search } = useLocation();
  // A warning raised in the browser belongs to the address it was raised on: any navigation
  // (a category, "Show all", a page) clears it.
  const [clientWarning, setClientWarning] = useState<{ on: string; message: string } | null>(null);
  const shownWarning = (clientWarning?.on === search ? clientWarning.message : null) ?? warning;
  const formKey = search; // re-mount the form so its selects follow the URL after navigation

  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold text-slate-900">
        {query.category ? `${categoryLabels[query.category]} batteries` : "All Products"}
      </h1>

      {query.q ? (
        <p className="mt-2 text-slate-700" data-testid="search-summary">
          Models matching “{query.q}” ·{" "}
          <Link
            to={query.category ? `?category=${query.category}` : "/allproduct"}
            className="font-medium text-brand-700 underline"
          >
            Clear search
          </Link>
        </p>
      ) : null}

      <nav aria-label="Categories" className="mt-4 flex flex-wrap gap-2">
        {[undefined, ...productCategories].map((category) => {
          const params = new URLSearchParams(search);
          params.delete("page");
          params.delete("apply");
          if (category) params.set("category", category);
          else params.delete("category");
          const active = query.category === category;
          return (
            <Link
              key={category ?? "all"}
              to={`?${params}`}
              aria-current={active ? "page" : undefined}
              className={`min-h-11 rounded-full border px-4 py-2.5 text-sm font-medium ${active ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"}`}
            >
              {category ? categoryLabels[category] : "All"}
            </Link>
          );
        })}
      </nav>

      <Form
        key={formKey}
        method="get"
        className="mt-5 rounded-2xl border border-slate-200 bg-white p-4"
        aria-label="Filter batteries"
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent)
            .submitter as HTMLButtonElement | null;
          const form = new FormData(event.currentTarget);
          const chosen = ["capacity", "voltage", "warranty"].some((f) => form.get(f));
          if (submitter?.value === "1" && !chosen) {
            event.preventDefault();
            setClientWarning({ on: search, message: catalogMessages.selectFilter });
            return;
          }
          setClientWarning(null);
        }}
      >
        {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
        {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
        {query.sort !== "featured" ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <FilterSelect
            label="Capacity"
            name="capacity"
            value={query.capacity}
            options={options.capacities.map((v) => ({ value: v, label: formatCapacity(v) }))}
          />
          <FilterSelect
            label="Voltage"
            name="voltage"
            value={query.voltage}
            options={options.voltages.map((v) => ({ value: v, label: formatVoltage(v) }))}
          />
          <FilterSelect
            label="Warranty"
            name="warranty"
            value={query.warranty}
            options={options.warranties.map((v) => ({ value: v, label: formatWarranty(v) }))}
          />
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" name="apply" value="1" className="btn-primary">
            Apply filter
          </button>
          <Link
            to={query.category ? `?category=${query.category}` : "/allproduct"}
            className="btn-outline"
          >
            Show all
          </Link>
        </div>
        <div className="mt-4" aria-live="polite">
          {shownWarning ? <FormAlert message={shownWarning} /> : null}
        </div>
      </Form>

      <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-slate-600" data-testid="result-count">
          {result.total === 1 ? "1 battery" : `${result.total} batteries`}
        </p>
        {/* Sorting is its own form: it needs no filter, and keeps the filters that are set. */}
        <Form
          key={formKey}
          method="get"
          className="flex items-end gap-2"
          aria-label="Sort batteries"
        >
          {(["category", "q", "capacity", "voltage", "warranty"] as const).map((name) =>
            query[name] !== undefined ? (
              <input key={name} type="hidden" name={name} value={query[name]} />
            ) : null,
          )}
          <div>
            <label htmlFor="sort" className="block text-sm font-medium text-slate-800">
              Sort by
            </label>
            <select id="sort" name="sort" defaultValue={query.sort} className={selectClass}>
              {Object.entries(sortLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-outline">
            Sort
          </button>
        </Form>
      </div>

      {result.items.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="font-semibold text-slate-900">{catalogMessages.noResults}</p>
          <Link to="/allproduct" className="btn-primary mt-4">
            Show all batteries
          </Link>
        </div>
      ) : (
        <>
          {/* The cards' model names are h3s: this keeps the outline h1 > h2 > h3. */}
          <h2 className="sr-only">Batteries</h2>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {result.items.map((product) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        </>
      )}

      <Pagination
        page={result.page}
        pageCount={result.pageCount}
        hrefFor={(n) => pageHref(search, n)}
      />
    </div>
  );
}
