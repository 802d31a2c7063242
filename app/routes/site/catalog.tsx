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
import { categoryText, useSpecText, warrantyFilterText } from "~/components/spec-text";
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
import { formatCapacity, formatVoltage } from "~/lib/format";
import { localeOf, pageMessages, serverTranslate } from "~/lib/i18n/catalogue.server";
import { stripLocale } from "~/lib/i18n/locales";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
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
    // The notice's English sentence with its values in the page's language: the root shows
    // the sentence translated (the filled template is matched back to its message).
    const { t } = serverTranslate(localeOf(request));
    const removed: string[] = [];
    if (query.capacity !== cleaned.capacity) removed.push(formatCapacity(query.capacity ?? 0));
    if (query.voltage !== cleaned.voltage) removed.push(formatVoltage(query.voltage ?? 0));
    if (query.warranty !== cleaned.warranty)
      removed.push(warrantyFilterText(t, query.warranty ?? 0));
    for (const key of ["capacity", "voltage", "warranty"] as const)
      if (cleaned[key] === undefined) url.searchParams.delete(key);
    url.searchParams.delete("page");
    // The request's own path: a Hindi or Gujarati address keeps its prefix.
    return redirectWithFlash(context, `${stripLocale(url.pathname)}${url.search}`, {
      type: "info",
      message: query.category
        ? catalogMessages.filtersRemoved(removed, categoryText(t, query.category))
        : catalogMessages.filtersRemovedAll(removed),
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
  return {
    query,
    warning,
    result,
    options,
    contentNotice,
    i18n: pageMessages(request, ["catalog", "product", "purchase"]),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const query = args.loaderData?.query;
  const category = query?.category;
  // The batteries as listed, or a page of them; a search, filter or sort leads to its category.
  const listed = query && !query.q && !hasAttributeFilter(query) && query.sort === "featured";
  return pageMeta(args, {
    title: category ? `${categoryLabels[category]} batteries` : ALL_TITLE,
    description: category ? catalogMessages.categoryDescriptions[category] : ALL_DESCRIPTION,
    path: catalogPath(category, listed ? query.page : 1),
  });
};

const ALL_TITLE = msg("All batteries");
const ALL_DESCRIPTION = msg(
  "Car, bike, inverter and industrial batteries with prices in rupees: filter by capacity, voltage and warranty.",
);

const sortLabels: Record<CatalogQuery["sort"], string> = {
  featured: msg("Featured"),
  "price-asc": msg("Price: low to high"),
  "price-desc": msg("Price: high to low"),
  "capacity-asc": msg("Capacity: low to high"),
  "capacity-desc": msg("Capacity: high to low"),
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
  const t = useT("catalog");
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="field-label">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""} className={selectClass}>
        <option value="">{t("Any")}</option>
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
  const t = useT("catalog");
  if (chips.length === 0) return null;
  const chipClass =
    "inline-flex min-h-11 items-center gap-1.5 rounded-full px-3.5 text-sm font-medium break-words";
  return (
    <ul
      aria-label={t("Active filters")}
      className="mt-3 flex flex-wrap gap-2"
      data-testid="filter-chips"
    >
      {chips.map((chip) => (
        <li key={chip.key} className="min-w-0">
          <Link
            to={chip.href}
            aria-label={t("Remove filter: {filter}", { filter: chip.label })}
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
            {t("Clear all")}
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
  const t = useT("catalog");
  const spec = useSpecText();
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
  const chips = filterChips(query, pathname, search, spec.warrantyFilter);
  // "Clear search" and "Show all": the category alone.
  const showAllHref = query.category ? `?category=${query.category}` : "/allproduct";
  const withoutApply = new URLSearchParams(search);
  withoutApply.delete("apply");

  return (
    <div className="container-page py-6 sm:py-8">
      <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
        {query.category ? spec.categoryBatteries(query.category) : t("All Products")}
      </h1>

      {query.q ? (
        <p className="mt-2 break-words text-slate-700" data-testid="search-summary">
          {t.text(catalogMessages.searchSummary(query.q))} ·{" "}
          <Link to={showAllHref} className="font-medium text-brand-700 underline">
            {t("Clear search")}
          </Link>
        </p>
      ) : null}

      {query.category === "inverter" ? <SizeItLink className="mt-1" /> : null}

      <nav aria-label={t("Categories")} className="mt-4 flex flex-wrap gap-2">
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
              {category ? spec.category(category) : t("All")}
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
          aria-label={t("Filter batteries")}
          onSubmit={(event) => {
            const submitter = (event.nativeEvent as SubmitEvent)
              .submitter as HTMLButtonElement | null;
            const form = new FormData(event.currentTarget);
            const chosen = ["capacity", "voltage", "warranty"].some((f) => form.get(f));
            if (submitter?.value === "1" && !chosen) {
              event.preventDefault();
              setClientWarning({ on: search, message: t.text(catalogMessages.selectFilter) });
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
              label={t("Capacity")}
              name="capacity"
              value={query.capacity}
              options={options.capacities.map((v) => ({ value: v, label: formatCapacity(v) }))}
            />
            <FilterSelect
              label={t("Voltage")}
              name="voltage"
              value={query.voltage}
              options={options.voltages.map((v) => ({ value: v, label: formatVoltage(v) }))}
            />
            <FilterSelect
              label={t("Warranty")}
              name="warranty"
              value={query.warranty}
              options={options.warranties.map((v) => ({ value: v, label: spec.warranty(v) }))}
            />
          </div>
          <div className="mt-4 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
            <button type="submit" name="apply" value="1" className="btn-primary">
              {t("Apply filter")}
            </button>
            <Link to={showAllHref} className="btn-outline">
              {t("Show all")}
            </Link>
          </div>
          <div className="mt-4 empty:mt-0" aria-live="polite">
            {shownWarning ? <FormAlert message={t.text(shownWarning)} /> : null}
          </div>
        </Form>
      </FilterSheet>

      <section aria-labelledby="results-heading" className="mt-5 sm:mt-6">
        {/* The cards' model names are h3s: this keeps the outline h1 > h2 > h3. */}
        <h2 id="results-heading" ref={headingRef} tabIndex={-1} className="sr-only scroll-mt-24">
          {t("Batteries")}
        </h2>
        <div className="flex flex-wrap items-end justify-between gap-x-2 gap-y-2 sm:gap-x-3">
          <FiltersButton sheet={sheet} count={activeSelectCount(query)} className="sm:hidden" />
          <p
            className="order-last basis-full text-sm text-slate-600 sm:order-none sm:basis-auto"
            data-testid="result-count"
          >
            {t("{count, plural, one {# battery} other {# batteries}}", { count: result.total })}
          </p>
          {/* Sorting is its own form: it needs no filter, and keeps the filters that are set.
              With JavaScript a change applies at once; the button is for visitors without. */}
          {/* On a phone the form takes the rest of the Filters button's row, so the button
              leaving at hydration widens the select instead of moving the list (no shift). */}
          <Form
            method="get"
            className="flex min-w-0 flex-1 items-end justify-end gap-2 sm:flex-none"
            aria-label={t("Sort batteries")}
          >
            {(["category", "q", "capacity", "voltage", "warranty"] as const).map((name) =>
              query[name] !== undefined ? (
                <input key={name} type="hidden" name={name} value={query[name]} />
              ) : null,
            )}
            <div className="min-w-0 flex-1 sm:flex-none">
              <label htmlFor="sort" className="field-label">
                {t("Sort by")}
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
                    {t(label)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={`btn-outline ${sheet.hydrated ? "hidden" : ""}`}>
              {t("Sort")}
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
              {t.text(
                query.q ? catalogMessages.noSearchResults(query.q) : catalogMessages.noResults,
              )}
            </p>
            {query.q ? (
              <p className="mx-auto mt-2 max-w-prose text-sm text-slate-700">
                {t.text(catalogMessages.searchHelp)}
              </p>
            ) : null}
            <div className="mt-4 flex flex-wrap justify-center gap-3">
              {query.q ? (
                <Link to="/findby" className="btn-primary">
                  {t("Battery Finder")}
                </Link>
              ) : null}
              <Link to="/allproduct" className={query.q ? "btn-outline" : "btn-primary"}>
                {t("Show all batteries")}
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
