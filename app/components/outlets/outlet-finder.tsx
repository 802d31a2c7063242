import { type ReactNode, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { directionsHref } from "~/components/map/map-types";
import { PlacesMap } from "~/components/map/places-map";
import { SpriteIcon } from "~/components/sprite-icon";
import { FieldError } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { useHydrated } from "~/components/ui/use-hydrated";
import { type OutletKind, outletCategories } from "~/db/schema/enums";
import { formatHours } from "~/features/outlets/hours";
import { outletCategoryLabels, outletNouns } from "~/features/outlets/outlet.options";
import type { OutletSearch, OutletSearchQuery } from "~/features/outlets/outlet-search.schema";
import type { OutletSearchResult, PublicOutlet } from "~/features/outlets/outlet-search.server";
import { outletMessages as m } from "~/features/outlets/outlets.messages";
import type { MapTiles } from "~/features/settings/public-store";
import { telHref } from "~/lib/format";
import { INTL_TAG } from "~/lib/i18n/locales";
import { msg } from "~/lib/i18n/msg";
import { type T, useT } from "~/lib/i18n/react";

/** The texts that name the kind of outlet listed, in the catalogue "outlets". */
const kindTexts: Record<
  OutletKind,
  { search: string; map: string; whereListed: string; byName: string; byDistance: string }
> = {
  dealer: {
    search: msg("Search dealers"),
    map: msg("Map of the dealers listed"),
    whereListed: msg("Each dealer's address, phone and directions are in the list on this page."),
    byName: msg("{count, plural, one {# dealer} other {# dealers}}, sorted by name"),
    byDistance: msg(
      "{count, plural, one {# dealer} other {# dealers}}, sorted by distance from you",
    ),
  },
  service_centre: {
    search: msg("Search service centres"),
    map: msg("Map of the service centres listed"),
    whereListed: msg(
      "Each service centre's address, phone and directions are in the list on this page.",
    ),
    byName: msg(
      "{count, plural, one {# service centre} other {# service centres}}, sorted by name",
    ),
    byDistance: msg(
      "{count, plural, one {# service centre} other {# service centres}}, sorted by distance from you",
    ),
  },
};

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base";

/** The visitor's position from the browser, rounded to about 100 m (enough to sort by). */
function usePosition(onFound: (near: string) => void) {
  const [state, setState] = useState<"idle" | "asking" | "failed">("idle");
  const ask = () => {
    if (!("geolocation" in navigator)) {
      setState("failed");
      return;
    }
    setState("asking");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState("idle");
        const { latitude, longitude } = position.coords;
        onFound(`${latitude.toFixed(3)},${longitude.toFixed(3)}`);
      },
      () => setState("failed"),
      { timeout: 15_000, maximumAge: 300_000 },
    );
  };
  return { state, ask };
}

function SearchForm({ kind, query }: { kind: OutletKind; query: OutletSearchQuery }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const position = usePosition((near) => {
    const params = new URLSearchParams(location.search);
    params.set("near", near);
    params.set("sort", "distance");
    params.delete("page");
    navigate(`?${params}`, { preventScrollReset: true });
  });
  const t = useT("outlets");
  return (
    <Form
      method="get"
      role="search"
      aria-label={t(kindTexts[kind].search)}
      className="grid grid-cols-2 items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-[1fr_1fr_1fr_1fr_auto]"
    >
      <div>
        <label htmlFor="outlet-pincode" className="field-label">
          {t("Pincode")}
        </label>
        <input
          id="outlet-pincode"
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          defaultValue={query.pincode}
          aria-invalid={query.pincodeError ? true : undefined}
          aria-describedby={query.pincodeError ? "outlet-pincode-error" : undefined}
          className={`${inputClass} ${query.pincodeError ? "border-danger-700" : ""}`}
        />
        <FieldError
          id="outlet-pincode-error"
          message={query.pincodeError && t.text(query.pincodeError)}
        />
      </div>
      <div>
        <label htmlFor="outlet-city" className="field-label">
          {t("City")}
        </label>
        <input
          id="outlet-city"
          name="city"
          autoComplete="address-level2"
          maxLength={80}
          defaultValue={query.city}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="outlet-category" className="field-label">
          {t("Battery type")}
        </label>
        <select
          id="outlet-category"
          name="category"
          defaultValue={query.category ?? ""}
          className="field-select"
        >
          <option value="">{t("All types")}</option>
          {outletCategories.map((c) => (
            <option key={c} value={c}>
              {t(outletCategoryLabels[c])}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="outlet-sort" className="field-label">
          {t("Sort by")}
        </label>
        <select
          id="outlet-sort"
          name="sort"
          defaultValue={query.sort}
          className="field-select"
          onChange={(event) => {
            // Distance needs to know where the visitor is: ask now rather than after Search.
            if (event.currentTarget.value === "distance" && !query.near) position.ask();
          }}
        >
          <option value="name">{t("Name")}</option>
          <option value="distance">{t("Distance")}</option>
        </select>
      </div>
      {query.near ? (
        <input type="hidden" name="near" value={`${query.near.lat},${query.near.lng}`} />
      ) : null}
      <div className="col-span-2 flex flex-wrap gap-2 self-end lg:col-span-1">
        <button type="submit" className="btn-primary grow">
          <SpriteIcon name="search" className="size-4" /> {t("Search")}
        </button>
        {hydrated ? (
          <button
            type="button"
            className="btn-outline grow"
            onClick={position.ask}
            disabled={position.state === "asking"}
          >
            <SpriteIcon name="locate-fixed" className="size-4" />
            {position.state === "asking" ? t("Finding you…") : t("Use my location")}
          </button>
        ) : null}
      </div>
      <p role="status" className="col-span-2 text-sm text-danger-700 empty:hidden lg:col-span-5">
        {position.state === "failed" ? t(m.locationUnavailable) : ""}
      </p>
    </Form>
  );
}

function OutletCard({
  outlet,
  selected,
  onSelect,
  actions,
}: {
  outlet: PublicOutlet;
  selected: boolean;
  onSelect: () => void;
  actions?: ReactNode;
}) {
  const hydrated = useHydrated();
  const t = useT("outlets");
  return (
    <li
      id={`outlet-${outlet.id}`}
      data-testid="outlet"
      data-selected={selected || undefined}
      className={`scroll-mt-32 rounded-xl border bg-white p-4 shadow-sm transition-colors ${selected ? "border-accent-400 ring-2 ring-accent-400" : "border-slate-200"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900" translate="no">
          {outlet.name}
        </h2>
        {outlet.distanceKm !== null ? (
          <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-1 text-sm font-medium text-brand-800">
            {t("{km} km", { km: outlet.distanceKm.toLocaleString(INTL_TAG[t.locale]) })}
          </span>
        ) : null}
      </div>
      <address className="mt-2 space-y-1 text-sm not-italic text-slate-700">
        <p className="flex gap-2">
          <SpriteIcon name="map-pin" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span translate="no">
            {outlet.address}, {outlet.city}, {outlet.state} {outlet.pincode}
          </span>
        </p>
        {/* An outlet brought over from the old site has no phone until an admin adds one. */}
        {outlet.phone ? (
          <p className="flex gap-2">
            <SpriteIcon name="phone" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <a href={telHref(outlet.phone)} className="hover:underline">
              {outlet.phone}
            </a>
          </p>
        ) : null}
        <p className="flex gap-2">
          <SpriteIcon name="clock" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>{formatHours(outlet, t)}</span>
        </p>
      </address>
      <p className="mt-2 flex flex-wrap gap-1.5 text-xs font-medium text-slate-700">
        <span className="sr-only">{t("Serves:")}</span>
        {outlet.categories.map((c) => (
          <span key={c} className="rounded-full bg-slate-100 px-2 py-0.5">
            {t(outletCategoryLabels[c])}
          </span>
        ))}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {actions}
        {hydrated ? (
          <button type="button" className="btn-outline" aria-pressed={selected} onClick={onSelect}>
            <SpriteIcon name="map-pinned" className="size-4" /> {t("Show on map")}
            <span className="sr-only">{`: ${outlet.name}`}</span>
          </button>
        ) : null}
        <a
          href={directionsHref(outlet)}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-outline"
        >
          <SpriteIcon name="navigation" className="size-4" /> {t("Directions")}
          <span className="sr-only">
            {` ${t("to {name} (opens your maps app)", { name: outlet.name })}`}
          </span>
        </a>
      </div>
    </li>
  );
}

/** Links that run the search again for each near place name ("ahmedbad" → Ahmedabad). */
function CitySuggestions({ names }: { names: string[] }) {
  const location = useLocation();
  const t = useT("outlets");
  const hrefFor = (city: string) => {
    const params = new URLSearchParams(location.search);
    params.set("city", city);
    for (const name of ["page", "pincode"]) params.delete(name);
    return `?${params}`;
  };
  return (
    <p className="text-sm text-slate-700">
      {`${t(m.didYouMean)} `}
      {names.map((name, index) => (
        <span key={name}>
          {index > 0 ? ", " : ""}
          <Link to={hrefFor(name)} className="font-medium text-brand-700 underline">
            {name}
          </Link>
        </span>
      ))}
      ?
    </p>
  );
}

/** The line above the list: how many and in what order, or why there are none. */
function listSummary(kind: OutletKind, result: OutletSearchResult, t: T): string {
  if (result.nearestTo) return t.text(result.nearestTo);
  if (result.total === 0) return t.text(result.emptyText);
  const texts = kindTexts[kind];
  return t(result.sortedBy === "distance" ? texts.byDistance : texts.byName, {
    count: result.total,
  });
}

/** Whether the visitor narrowed the list down (by place, category or position). */
const searchedFor = (query: OutletSearch) =>
  Boolean(query.pincode || query.city || query.category || query.near);

/**
 * The public list of dealers or service centres: the search, a map of the outlets listed and
 * the list itself (server-rendered, complete without the map). Choosing an outlet (its button or
 * its marker) recentres the map on it and highlights both.
 */
export function OutletFinder({
  kind,
  query,
  result,
  tiles,
  actions,
}: {
  kind: OutletKind;
  query: OutletSearchQuery;
  result: OutletSearchResult;
  /** The map's tile server (the store's settings). */
  tiles: MapTiles;
  /** More buttons of an outlet's card (Book Service). */
  actions?: (outlet: PublicOutlet) => ReactNode;
}) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const location = useLocation();
  const t = useT("outlets");
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(page));
    return `?${params}`;
  };
  const mapRef = useRef<HTMLDivElement>(null);
  /** A marker chosen on the map: its card is brought into view. */
  const select = (id: number) => {
    setSelectedId(id);
    document.getElementById(`outlet-${id}`)?.scrollIntoView({ block: "nearest" });
  };
  /** "Show on map" on a card: the map is brought into view where it is not beside the list (a
   * phone, where it is above the list and may have scrolled away). */
  const showOnMap = (id: number) => {
    setSelectedId(id);
    mapRef.current?.scrollIntoView({ block: "nearest" });
  };
  return (
    <div className="mt-6 space-y-4">
      <SearchForm kind={kind} query={query} />
      {result.notices.length > 0 ? (
        <div
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800"
        >
          {result.notices.map((notice) => (
            <p key={notice}>{t.text(notice)}</p>
          ))}
        </div>
      ) : null}
      <p
        className={`text-sm ${result.nearestTo ? "font-medium text-slate-900" : "text-slate-600"} empty:hidden`}
        aria-live="polite"
        data-testid="outlet-summary"
      >
        {listSummary(kind, result, t)}
      </p>
      {result.suggestions.length > 0 ? <CitySuggestions names={result.suggestions} /> : null}
      {query.pincodeError ? null : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start">
          <div ref={mapRef} className="scroll-mt-32 lg:sticky lg:top-20 lg:order-2">
            <PlacesMap
              label={t(kindTexts[kind].map)}
              points={result.rows}
              tiles={tiles}
              selectedId={selectedId}
              onSelect={select}
              whereListed={t(kindTexts[kind].whereListed)}
              // A search looks at what it found; the first visit at the original site's centre.
              centre={searchedFor(query) ? result.rows[0] : null}
            />
          </div>
          <div className="lg:order-1">
            <ol className="space-y-4" aria-label={t(outletNouns[kind].many)}>
              {result.rows.map((outlet) => (
                <OutletCard
                  key={outlet.id}
                  outlet={outlet}
                  selected={outlet.id === selectedId}
                  onSelect={() => showOnMap(outlet.id)}
                  actions={actions?.(outlet)}
                />
              ))}
            </ol>
            <Pagination page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
          </div>
        </div>
      )}
    </div>
  );
}
