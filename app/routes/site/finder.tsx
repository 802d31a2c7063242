import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { AddToCart } from "~/components/add-to-cart";
import { Price } from "~/components/price";
import { ProductCard, StockBadge } from "~/components/product-card";
import { useSpecText } from "~/components/spec-text";
import { SpriteIcon } from "~/components/sprite-icon";
import type { FuelType } from "~/db/schema/enums";
import { detailImage, productHref } from "~/features/catalog/product-image";
import { finderMessages } from "~/features/finder/finder.messages";
import { type FinderArrival, finderVehicleTypes } from "~/features/finder/finder.options";
import { finderQuerySchema } from "~/features/finder/finder.schema";
import { findBatteries, getFinderOptions } from "~/features/finder/finder.server";
import { formatCapacity, formatVoltage, telHref } from "~/lib/format";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { pageMeta, useRootData } from "~/root";
import type { Route } from "./+types/finder";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Battery Finder: find the battery for your vehicle"),
    description: msg(
      "Choose your car or two-wheeler's make, model, year and engine type to see the battery that fits.",
    ),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  const query = finderQuerySchema.parse(raw);
  const { selected, options } = await getFinderOptions(context.db, query);
  const complete =
    selected.make !== undefined &&
    selected.model !== undefined &&
    selected.year !== undefined &&
    selected.fuel !== undefined;
  const result =
    query.find && complete
      ? await findBatteries(context.db, {
          type: selected.type,
          make: selected.make ?? "",
          model: selected.model ?? "",
          year: selected.year ?? 0,
          fuel: selected.fuel ?? "",
        })
      : null;
  return {
    selected,
    options,
    searched: query.find && complete,
    incomplete: query.find && !complete,
    result,
    i18n: pageMessages(request, ["finder", "product", "purchase"]),
  };
}

const levels = ["make", "model", "year", "fuel"] as const;
type Level = (typeof levels)[number];
const levelLabels = {
  make: msg("Make"),
  model: msg("Model"),
  year: msg("Year"),
  fuel: msg("Engine Type"),
} as const;
/** Each level's empty choice. */
const levelPrompts = {
  make: msg("Select make"),
  model: msg("Select model"),
  year: msg("Select year"),
  fuel: msg("Select engine type"),
} as const;
/** The vehicle types' names (their values stay). */
const vehicleTypeLabels = { car: msg("Car"), bike: msg("Two-wheeler") } as const;
/** The engine types' names, shown translated (the address keeps the stored value). */
const fuelLabels = {
  Petrol: msg("Petrol"),
  Diesel: msg("Diesel"),
  CNG: msg("CNG"),
  Electric: msg("Electric"),
  Hybrid: msg("Hybrid"),
} satisfies Record<FuelType, string>;
const selectClass =
  "field-select disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500";
/** Keys that move through a closed select's options without committing a choice. */
const browsingKeys = new Set([
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

/** Focuses the first open level from `from` on that has no value yet, else Find Battery. */
function focusNextStep(from: number) {
  const next = levels
    .slice(from)
    .map((level) => document.getElementById(`finder-${level}`))
    .find(
      (el): el is HTMLSelectElement =>
        el instanceof HTMLSelectElement && !el.disabled && el.value === "",
    );
  (next ?? document.getElementById("finder-find"))?.focus();
}

export default function Finder({ loaderData }: Route.ComponentProps) {
  const { selected, options, searched, incomplete, result } = loaderData;
  const t = useT("finder");
  const spec = useSpecText();
  const fuelText = (fuel: string) => (fuel in fuelLabels ? t(fuelLabels[fuel as FuelType]) : fuel);
  const submit = useSubmit();
  const supportPhone = useRootData()?.store.supportPhone;
  const values = {
    make: selected.make,
    model: selected.model,
    year: selected.year,
    fuel: selected.fuel,
  };
  const committed = (level: Level) => (values[level] === undefined ? "" : String(values[level]));
  const lists = {
    make: options.makes,
    model: options.models,
    year: options.years,
    fuel: options.fuels,
  };

  // What each select shows: the loader's choice, or an option the visitor is browsing to with
  // the keyboard and has not committed yet. Reset whenever the loader answers.
  const loaded = levels.map(committed).join("|");
  const [shown, setShown] = useState({ loaded, draft: {} as Partial<Record<Level, string>> });
  if (shown.loaded !== loaded) setShown({ loaded, draft: {} });
  const shownValue = (level: Level) => shown.draft[level] ?? committed(level);

  /*
   * A choice is committed (one navigation) when it is made with the pointer, or with the
   * keyboard on Enter or on leaving the select (Tab, blur). Arrow keys and type-ahead on a
   * closed select fire `change` for every option they pass, so while the keyboard is browsing
   * `change` only updates what the select shows. After the page has updated, the next select
   * without a value gets the focus (focusAfter). Without JavaScript none of this runs: the GET
   * form with the Find Battery button is the step-by-step path.
   */
  const browsing = useRef(false);
  const focusAfter = useRef<Level | "type" | "find" | null>(null);

  /** A level changed: keep the levels above, empty those below, and load the next choices. */
  function onLevelChange(level: Level | "type", value: string) {
    browsing.current = false;
    const params = new URLSearchParams({ type: selected.type });
    const order = ["type", ...levels] as const;
    for (const name of levels) {
      if (order.indexOf(name) < order.indexOf(level)) {
        const current = values[name];
        if (current !== undefined) params.set(name, String(current));
      }
    }
    if (level === "type") params.set("type", value);
    else if (value) params.set(level, value);
    focusAfter.current = level;
    submit(params, { method: "get", replace: true, preventScrollReset: true });
  }

  function commitIfChanged(level: Level, value: string) {
    browsing.current = false;
    if (value !== committed(level)) onLevelChange(level, value);
  }

  const resultHeading = useRef<HTMLHeadingElement>(null);
  const statusMessage = useRef<HTMLDivElement>(null);
  // Once the page has updated: focus the next control after a committed choice, or the result
  // (or the 'choose all fields' message) after Find Battery.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the loader answers
  useEffect(() => {
    const after = focusAfter.current;
    focusAfter.current = null;
    if (after === null) return;
    if (after === "find") {
      const target = resultHeading.current ?? statusMessage.current;
      target?.focus({ preventScroll: true });
      target?.scrollIntoView({ block: "start" });
      return;
    }
    if (after === "type") return;
    focusNextStep(levels.indexOf(after) + 1);
  }, [loaderData]);

  // Arriving from the home page's finder (type, make and model chosen there): the next step,
  // the year, has the focus, so the keyboard carries on where it was.
  const arrival = useLocation().state as FinderArrival | null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    if (arrival?.continueFinder && !searched) focusNextStep(0);
  }, []);

  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold text-slate-900">{t("Battery Finder")}</h1>
      <p className="mt-2 text-slate-600">
        {t("Choose your vehicle to see the battery that fits it.")}
      </p>

      <Form
        method="get"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-5"
        aria-label={t("Find a battery by vehicle")}
        preventScrollReset
        replace
        onSubmit={() => {
          browsing.current = false;
          focusAfter.current = "find";
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t("Vehicle type")}</legend>
          <div className="mt-2 flex gap-2">
            {finderVehicleTypes.map((type) => (
              <label
                key={type.value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="type"
                  value={type.value}
                  defaultChecked={selected.type === type.value}
                  onChange={() => onLevelChange("type", type.value)}
                  className="size-4"
                />
                {t(vehicleTypeLabels[type.value])}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {levels.map((level, index) => {
            const previous = index === 0 ? selected.type : values[levels[index - 1] ?? "make"];
            const disabled = previous === undefined || lists[level].length === 0;
            return (
              <div key={level}>
                <label htmlFor={`finder-${level}`} className="field-label">
                  {t(levelLabels[level])}
                </label>
                <select
                  id={`finder-${level}`}
                  name={level}
                  value={shownValue(level)}
                  disabled={disabled}
                  onPointerDown={() => {
                    browsing.current = false;
                  }}
                  onKeyDown={(event) => {
                    if (event.key === "Enter") {
                      // Enter commits the browsed option (and does not submit the form).
                      event.preventDefault();
                      commitIfChanged(level, event.currentTarget.value);
                    } else if (event.key === " " || event.altKey) {
                      // Opens the option list: a choice made there is committed at once.
                      browsing.current = false;
                    } else if (browsingKeys.has(event.key) || event.key.length === 1) {
                      browsing.current = true;
                    }
                  }}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setShown((s) => ({ ...s, draft: { ...s.draft, [level]: value } }));
                    if (!browsing.current) commitIfChanged(level, value);
                  }}
                  onBlur={(event) => commitIfChanged(level, event.currentTarget.value)}
                  className={selectClass}
                >
                  <option value="">{t(levelPrompts[level])}</option>
                  {lists[level].map((option) => (
                    <option
                      key={option}
                      value={option}
                      // A make or a model is a name: no translation tool should touch it.
                      translate={level === "make" || level === "model" ? "no" : undefined}
                    >
                      {level === "fuel" ? fuelText(String(option)) : option}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
        </div>
        <button id="finder-find" type="submit" name="find" value="1" className="btn-primary mt-5">
          <SpriteIcon name="search" className="size-4" />
          {t("Find Battery")}
        </button>
      </Form>

      <div aria-live="polite" className="mt-8">
        {incomplete ? (
          <div
            ref={statusMessage}
            tabIndex={-1}
            className="scroll-mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700"
            role="status"
          >
            {t.text(finderMessages.chooseAll)}
          </div>
        ) : null}
        {searched && !result ? (
          <div
            ref={statusMessage}
            tabIndex={-1}
            className="scroll-mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center"
            data-testid="finder-no-match"
          >
            <h2 className="text-lg font-semibold text-slate-900">
              {t.text(finderMessages.noMatch)}
            </h2>
            <p className="mt-2 text-slate-700">{t.text(finderMessages.noMatchHint)}</p>
            <ul className="mt-4 flex flex-wrap justify-center gap-3">
              <li>
                <Link to={`/allproduct?category=${selected.type}`} className="btn-outline">
                  {t.text(finderMessages.browseCategory[selected.type])}
                </Link>
              </li>
              {supportPhone ? (
                <li>
                  <a href={telHref(supportPhone)} className="btn-outline">
                    {t.text(finderMessages.callStore)} ({supportPhone})
                  </a>
                </li>
              ) : null}
              <li>
                <Link to="/service" className="btn-outline">
                  {t.text(finderMessages.bookService)}
                </Link>
              </li>
            </ul>
          </div>
        ) : null}
        {result ? (
          <section aria-labelledby="result-title" data-testid="finder-result">
            <h2
              id="result-title"
              ref={resultHeading}
              tabIndex={-1}
              className="scroll-mt-4 text-2xl font-bold text-slate-900"
            >
              {t("Recommended for your {make} {model} ({year}, {fuel})", {
                make: selected.make,
                model: selected.model,
                year: selected.year,
                fuel: fuelText(selected.fuel ?? ""),
              })}
            </h2>
            <article className="mt-4 grid gap-6 rounded-2xl border border-slate-200 bg-white p-5 md:grid-cols-[1fr_2fr]">
              <img
                src={detailImage(result.recommended.image, result.recommended.category)}
                alt={spec.t("{model} battery", { model: result.recommended.model })}
                width={400}
                height={300}
                className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-contain"
              />
              <div>
                <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-600">{t("Battery Model")}</dt>
                    <dd className="font-semibold">
                      <Link
                        to={productHref(result.recommended.model)}
                        className="underline hover:text-brand-700"
                      >
                        {result.recommended.model}
                      </Link>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{t("Capacity")}</dt>
                    <dd className="font-semibold">
                      {formatCapacity(result.recommended.capacityAh)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{t("Voltage")}</dt>
                    <dd className="font-semibold">{formatVoltage(result.recommended.voltageV)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{t("Warranty")}</dt>
                    <dd className="font-semibold">
                      {spec.warranty(result.recommended.warrantyMonths)}
                    </dd>
                  </div>
                </dl>
                <div className="mt-4">
                  <Price
                    pricePaise={result.recommended.pricePaise}
                    mrpPaise={result.recommended.mrpPaise}
                    size="lg"
                  />
                  <StockBadge stock={result.recommended.stock} />
                </div>
                <p className="mt-3 text-slate-700">{result.recommended.description}</p>
                <AddToCart
                  productId={result.recommended.id}
                  model={result.recommended.model}
                  inStock={result.recommended.stock > 0}
                  className="mt-4 max-w-xs"
                />
              </div>
            </article>
            {result.alternatives.length > 0 ? (
              <>
                <h3 className="mt-8 text-xl font-semibold text-slate-900">{t("Also fits")}</h3>
                <ul className="pcards mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
                  {result.alternatives.map((item) => (
                    <li key={item.id}>
                      <ProductCard product={item} />
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        ) : null}
      </div>
    </div>
  );
}
