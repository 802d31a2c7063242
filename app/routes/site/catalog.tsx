import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { ContentNotice } from "~/components/content-notice";
import {
  FilterSheet,
  FiltersButton,
  filterSheetIds,
  useFilterSheet,
} from "~/components/filter-sheet";
import { ProductCard } from "~/components/product-card";
import { SpriteIcon } from "~/components/sprite-icon";
import { SizeItLink } from "~/components/tools/size-it-link";
import { FormAlert } from "~/components/ui/form-alert";
import { Pagination } from "~/components/ui/pagination";
import { productCategories } from "~/db/schema/enums";
import { catalogMessages } from "~/features/catalog/catalog.messages";
import {
  catalogPath,
  categoryLabels,
  hasAttributeFilter,
} from "~/features/catalog/catalog.options";
import { type CatalogQuery, parseCatalogQuery } from "~/features/catalog/catalog.schema";
import {
  getFilterOptions,
  listProducts,
  withoutUnofferedFilters,
} from "~/features/catalog/catalog.server";
import {
  activeSelectCount,
  clearFiltersHref,
  type FilterChip,
  filterChips,
} from "~/features/catalog/filter-chips";
import { cardsContentNotice } from "~/features/content/content-notice.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { formatCapacity, formatVoltage, formatWarranty } from "~/lib/format";
import { localeOf } from "~/lib/i18n/catalogue.server";
import { pageMeta } from "~/root";
import type { Route } from "./+types/catalog";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseCatalogQuery(url.searchParams);
  // The options follow the category; a value it does not offer (kept from the category the
  // visitor came from, or typed into the address) is dropped by a redirect, so the address,
  // the selects and the list agree, with or without JavaScript.
  // Every shopper's catalogue is the same list: kept a short while (ADR 017).
  const kept = context.publicData;
  const options = await kept.get(`catalog:options:${query.category ?? "all"}`, () =>
    getFilterOptions(context.db, query.category),
  );
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
  const { apply: _, ...listed } = query;
  const locale = localeOf(request);
  const result = await kept.get(`catalog:list:${locale}:${JSON.stringify(listed)}`, () =>
    listProducts(context.db, query, locale),
  );
  const contentNotice = cardsContentNotice(locale, result.items);
  return { query, warning, result, options, contentNotice };
}

export const meta: Route.MetaFunction = (args) => {
  const query = args.loaderData?.query;
  const category = query?.category;
  // The batteries as listed, or a page of them; a search, filter or sort leads to its category.
  const listed = query && !query.q && !hasAttributeFilter(query) && query.sort === "featured";
  return pageMeta(args, {
    title: category ? `${categoryLabels[category]} batteries` : "All batteries",
    description: category
      ? catalogMessages.categoryDescriptions[category]
      : "Car, bike, inverter and industrial batteries with prices in rupees: filter by capacity, voltage and warranty.",
    path: catalogPath(category, listed ? query.page : 1),
  });
};

const sortLabels: Record<CatalogQuery["sort"], string> = {
  featured: "Featured",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  "capacity-asc": "Capacity: low to high",
  "capacity-desc": "Capacity: high to low",
};

const selectClass = "field-select";

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
      <label htmlFor={`filter-${name}`} className="field-label">
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

/** Active-filter chips above the results: each removes its own filter; "Clear all" from two. */
function FilterChips({ chips, clearHref }: { chips: FilterChip[]; clearHref: string }) {
  if (chips.length === 0) return null;
  const chipClass =
    "inline-flex min-h-11 items-center gap-1.5 rounded-full px-3.5 text-sm font-medium break-words";
  return (
    <ul
      aria-label="Active filters"
      className="mt-3 flex flex-wrap gap-2"
      data-testid="filter-chips"
    >
      {chips.map((chip) => (
        <li key={chip.key} className="min-w-0">
          <Link
            to={chip.href}
            aria-label={`Remove filter: ${chip.label}`}
            className={`${chipClass} border border-brand-200 bg-brand-50 text-brand-800 hover:bg-brand-100`}
          >
            <span className="min-w-0">{chip.label}</span>
            <SpriteIcon name="x" className="size-4 shrink-0" />
          </Link>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <Link
            to={clearHref}
            className={`${chipClass} text-slate-700 underline hover:bg-slate-100`}
          >
            Clear all
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

/** The part of the address that is not the page: a change of page alone keeps it. */
function withoutPage(search: string) {
  const params = new URLSearchParams(search);
  params.delete("page");
  return params.toString();
}

/**
 * After a change of page (a pagination link), focus and scroll to the results heading, as a page
 * load would start there; not on the first load, nor when a filter or the sort changed the page.
 */
function useFocusOnPageChange(page: number, search: string) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef({ page, rest: withoutPage(search) });
  useEffect(() => {
    const rest = withoutPage(search);
    const pageOnly = shown.current.rest === rest && shown.current.page !== page;
    shown.current = { page, rest };
    if (!pageOnly) return;
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: "start" });
  }, [page, search]);
  return headingRef;
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { query, warning, result, options } = loaderData;
  const { pathname, search } = useLocation();
  const submit = useSubmit();
  const sheet = useFilterSheet(search);
  const headingRef = useFocusOnPageChange(result.page, search);
  // A warning raised in the browser belongs to the address it was raised on: any navigation
  // (a category, "Show all", a page) clears it.
  const [clientWarning, setClientWarning] = useState<{ on: string; message: string } | null>(null);
  const shownWarning = (clientWarning?.on === search ? clientWarning.message : null) ?? warning;
  // The sort chosen while its navigation runs; then the address's again.
  const [sortChoice, setSortChoice] = useState<{ on: string; sort: string } | null>(null);
  const sort = sortChoice?.on === search ? sortChoice.sort : query.sort;
  const formKey = search; // re-mount the form so its selects follow the URL after navigation
  const chips = filterChips(query, pathname, search);
  // "Clear search" and "Show all": the category alone.
  const showAllHref = query.category ? `?category=${query.category}` : "/allproduct";
  const withoutApply = new URLSearchParams(search);
  withoutApply.delete("apply");

  return (
    <div className="container-page py-6 sm:py-8">
      <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
        {query.category ? `${categoryLabels[query.category]} batteries` : "All Products"}
      </h1>

      {query.q ? (
        <p className="mt-2 break-words text-slate-700" data-testid="search-summary">
          {catalogMessages.searchSummary(query.q)} ·{" "}
          <Link to={showAllHref} className="font-medium text-brand-700 underline">
            Clear search
          </Link>
        </p>
      ) : null}

      {query.category === "inverter" ? <SizeItLink className="mt-1" /> : null}

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
              discover="none"
              aria-current={active ? "page" : undefined}
              className="pill"
            >
              {category ? categoryLabels[category] : "All"}
            </Link>
          );
        })}
      </nav>

      <FilterSheet
        sheet={sheet}
        serverOpen={Boolean(warning)}
        closeHref={`${warning ? `?${withoutApply}` : ""}#${filterSheetIds.button}`}
      >
        <Form
          key={formKey}
          method="get"
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
          {query.sort !== "featured" ? (
            <input type="hidden" name="sort" value={query.sort} />
          ) : null}
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
          <div className="mt-4 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
            <button type="submit" name="apply" value="1" className="btn-primary">
              Apply filter
            </button>
            <Link to={showAllHref} className="btn-outline">
              Show all
            </Link>
          </div>
          <div className="mt-4 empty:mt-0" aria-live="polite">
            {shownWarning ? <FormAlert message={shownWarning} /> : null}
          </div>
        </Form>
      </FilterSheet>

      <section aria-labelledby="results-heading" className="mt-5 sm:mt-6">
        {/* The cards' model names are h3s: this keeps the outline h1 > h2 > h3. */}
        <h2 id="results-heading" ref={headingRef} tabIndex={-1} className="sr-only scroll-mt-24">
          Batteries
        </h2>
        <div className="flex flex-wrap items-end justify-between gap-x-2 gap-y-2 sm:gap-x-3">
          <FiltersButton sheet={sheet} count={activeSelectCount(query)} className="sm:hidden" />
          <p
            className="order-last basis-full text-sm text-slate-600 sm:order-none sm:basis-auto"
            data-testid="result-count"
          >
            {result.total === 1 ? "1 battery" : `${result.total} batteries`}
          </p>
          {/* Sorting is its own form: it needs no filter, and keeps the filters that are set.
              With JavaScript a change applies at once; the button is for visitors without. */}
          {/* On a phone the form takes the rest of the Filters button's row, so the button
              leaving at hydration widens the select instead of moving the list (no shift). */}
          <Form
            method="get"
            className="flex min-w-0 flex-1 items-end justify-end gap-2 sm:flex-none"
            aria-label="Sort batteries"
          >
            {(["category", "q", "capacity", "voltage", "warranty"] as const).map((name) =>
              query[name] !== undefined ? (
                <input key={name} type="hidden" name={name} value={query[name]} />
              ) : null,
            )}
            <div className="min-w-0 flex-1 sm:flex-none">
              <label htmlFor="sort" className="field-label">
                Sort by
              </label>
              <select
                id="sort"
                name="sort"
                value={sort}
                onChange={(event) => {
                  setSortChoice({ on: search, sort: event.currentTarget.value });
                  if (sheet.hydrated)
                    submit(event.currentTarget.form, { preventScrollReset: true });
                }}
                className={selectClass}
              >
                {Object.entries(sortLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={`btn-outline ${sheet.hydrated ? "hidden" : ""}`}>
              Sort
            </button>
          </Form>
        </div>
        <FilterChips chips={chips} clearHref={clearFiltersHref(pathname, search)} />

        <ContentNotice text={loaderData.contentNotice} className="mt-4" />
        {result.items.length === 0 ? (
          <div
            className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center sm:p-10"
            data-testid="no-results"
          >
            <p className="font-semibold break-words text-slate-900">
              {query.q ? catalogMessages.noSearchResults(query.q) : catalogMessages.noResults}
            </p>
            {query.q ? (
              <p className="mx-auto mt-2 max-w-prose text-sm text-slate-700">
                {catalogMessages.searchHelp}
              </p>
            ) : null}
            <div className="mt-4 flex flex-wrap justify-center gap-3">
              {query.q ? (
                <Link to="/findby" className="btn-primary">
                  Battery Finder
                </Link>
              ) : null}
              <Link to="/allproduct" className={query.q ? "btn-outline" : "btn-primary"}>
                Show all batteries
              </Link>
            </div>
          </div>
        ) : (
          <ul className="pcards mt-4 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
            {result.items.map((product, index) => (
              <li key={product.id}>
                {/* Two cards per row on a phone, four on a wide screen: the first row loads first. */}
                <ProductCard product={product} eager={index < 4} />
              </li>
            ))}
          </ul>
        )}

        <Pagination
          page={result.page}
          pageCount={result.pageCount}
          hrefFor={(n) => pageHref(search, n)}
        />
      </section>
    </div>
  );
}
