import type { Ref } from "react";
import { Link } from "react-router";
import { AddToCart } from "~/components/add-to-cart";
import { Price } from "~/components/price";
import { StockBadge } from "~/components/product-card";
import { cardImage, productHref } from "~/features/catalog/product-image";
import { INVERTER_VA_STEP, noBatteryMessage, type Sizing } from "~/features/tools/inverter-sizing";
import type { InverterBatteries } from "~/features/tools/inverter-sizing.server";
import { formatDecimal } from "~/features/tools/read-number";
import { sizingMessages as m } from "~/features/tools/tools.messages";
import { formatCapacity, formatVoltage } from "~/lib/format";
import { type T, useT } from "~/lib/i18n/react";
import { formatPaise } from "~/lib/money";
import { ToolHeading } from "./tool-parts";

/** A number in the page's language, Indian grouping, at most `digits` decimals. */
const numberIn =
  (t: T) =>
  (value: number, digits = 2) =>
    formatDecimal(value, digits, t.locale);

/** The battery system in words: "one 12 V battery of at least 148 Ah" or the 24 V pair. */
function batteryNeed(t: T, sizing: Sizing) {
  const ah = numberIn(t)(sizing.batteryAh, 0);
  return sizing.batteryCount === 1
    ? t("One 12 V battery of at least {ah} Ah", { ah })
    : t("{count} × 12 V batteries in series ({volts} V), each of at least {ah} Ah", {
        count: sizing.batteryCount,
        volts: sizing.assumptions.batteryVoltage,
        ah,
      });
}

/** A bold figure in the working. */
const bold = { 0: (text: React.ReactNode) => <strong>{text}</strong> };

/** A battery's warranty: "2 years", "18 months" (the sizing's own words for it). */
function warrantyOf(t: T, months: number): string {
  if (months <= 0) return t("No warranty");
  if (months % 12 === 0) {
    const years = months / 12;
    return years === 1 ? t("1 year warranty") : t("{years} years warranty", { years });
  }
  return months === 1 ? t("1 month warranty") : t("{months} months warranty", { months });
}

/**
 * What the sizing found: the capacity and the inverter size, the working behind them, and the
 * inverter batteries in stock that hold it (with Add to Cart). `headingLevel` is this part's own
 * heading's level (one below the tool's).
 */
export function InverterSizingResult({
  sizing,
  offer,
  headingLevel,
  headingRef,
}: {
  sizing: Sizing;
  offer: InverterBatteries | null;
  headingLevel: 2 | 3;
  /** The heading takes the focus once a sent form's result arrives. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const t = useT("tools");
  const n = numberIn(t);
  const a = sizing.assumptions;
  const load = n(sizing.loadWatts, 0);
  const batteryWorking = {
    wh: n(sizing.energyWh),
    volts: a.batteryVoltage,
    dod: n(a.depthOfDischarge),
    efficiency: n(a.inverterEfficiency),
    whPerAh: n(sizing.whPerAh),
    exactAh: n(sizing.exactAh),
    ah: n(sizing.batteryAh, 0),
  };
  return (
    <div
      className="rounded-2xl border border-brand-200 bg-white p-5 sm:p-6"
      data-testid="sizing-result"
    >
      <ToolHeading
        level={headingLevel}
        id="inverter-sizing-result"
        focusRef={headingRef}
        className="scroll-mt-24 text-xl font-bold text-slate-900"
      >
        {t(m.resultHeading)}
      </ToolHeading>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        {[
          { term: t("Battery"), value: batteryNeed(t, sizing), testId: "sizing-battery" },
          {
            term: t("Inverter"),
            value: t("{va} VA or larger", { va: n(sizing.inverterVa, 0) }),
            testId: "sizing-inverter",
          },
          {
            term: t("Load"),
            value:
              sizing.hours === 1
                ? t("{watts} W for 1 hour", { watts: load })
                : t("{watts} W for {hours} hours", { watts: load, hours: n(sizing.hours) }),
            testId: "sizing-load",
          },
        ].map(({ term, value, testId }) => (
          <div key={term} className="rounded-xl bg-brand-50 p-4">
            <dt className="text-sm text-slate-700">{term}</dt>
            <dd className="mt-1 font-semibold text-slate-900" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <p className="mt-5 font-semibold text-slate-900">{t("How it is worked out")}</p>
      <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>
          {t.rich("Load: {loads} = <0>{watts} W</0>", bold, {
            loads: sizing.loads
              .map((l) => `${l.count} × ${t.text(l.name)} (${n(l.watts, 0)} W)`)
              .join(" + "),
            watts: load,
          })}
        </li>
        <li>
          {t.rich("Energy over the backup: {watts} W × {hours} h = <0>{wh} Wh</0>", bold, {
            watts: load,
            hours: n(sizing.hours),
            wh: n(sizing.energyWh),
          })}
        </li>
        <li>
          {sizing.batteryCount > 1
            ? t.rich(
                "Battery: {wh} Wh ÷ ({volts} V × {dod} depth of discharge × {efficiency} efficiency = {whPerAh}) = {exactAh} Ah, rounded up to <0>{ah} Ah</0> per battery",
                bold,
                batteryWorking,
              )
            : t.rich(
                "Battery: {wh} Wh ÷ ({volts} V × {dod} depth of discharge × {efficiency} efficiency = {whPerAh}) = {exactAh} Ah, rounded up to <0>{ah} Ah</0>",
                bold,
                batteryWorking,
              )}
        </li>
        <li>
          {t.rich(
            "Inverter: {watts} W ÷ {pf} power factor = {exactVa} VA, rounded up to the next {step} VA: <0>{va} VA</0>",
            bold,
            {
              watts: load,
              pf: n(a.powerFactor),
              exactVa: n(sizing.exactVa),
              step: INVERTER_VA_STEP,
              va: n(sizing.inverterVa, 0),
            },
          )}
        </li>
      </ol>
      <p className="mt-3 text-sm text-slate-600">{t(m.surgeNote)}</p>

      <RecommendedBatteries
        sizing={sizing}
        offer={offer}
        headingLevel={(headingLevel + 1) as 3 | 4}
      />
    </div>
  );
}

function RecommendedBatteries({
  sizing,
  offer,
  headingLevel,
}: {
  sizing: Sizing;
  offer: InverterBatteries | null;
  headingLevel: 3 | 4;
}) {
  const t = useT("tools");
  const batteries = offer?.batteries ?? [];
  const empty = noBatteryMessage(sizing, batteries.length, offer?.largestAh ?? null);
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby="inverter-sizing-batteries" className="mt-6">
      <Heading id="inverter-sizing-batteries" className="text-lg font-semibold text-slate-900">
        {t(m.batteriesHeading)}
      </Heading>
      {sizing.batteryCount > 1 ? (
        <p className="mt-1 text-sm text-slate-700">{t(m.pairNote)}</p>
      ) : null}
      {empty ? (
        <p
          className="mt-3 rounded-xl border border-dashed border-slate-300 p-4 text-slate-800"
          data-testid="sizing-no-battery"
        >
          {t.text(empty)}{" "}
          <Link to="/allproduct?category=inverter" className="font-medium text-brand-700 underline">
            {t("See all inverter batteries")}
          </Link>
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 lg:grid-cols-2">
          {batteries.map((battery) => (
            <li
              key={battery.id}
              className="flex gap-4 rounded-xl border border-slate-200 p-4"
              data-testid="sizing-battery-option"
            >
              <img
                src={cardImage(battery.image, battery.category)}
                alt=""
                loading="lazy"
                width={96}
                height={72}
                className="aspect-[4/3] w-20 shrink-0 self-start rounded-lg bg-slate-100 object-contain sm:w-24"
              />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">
                  <Link to={productHref(battery.model)} className="underline hover:text-brand-700">
                    {battery.model}
                  </Link>
                </p>
                <p className="text-sm text-slate-700">
                  {formatCapacity(battery.capacityAh)} · {formatVoltage(battery.voltageV)} ·{" "}
                  {warrantyOf(t, battery.warrantyMonths)}
                </p>
                <div className="mt-1">
                  <Price pricePaise={battery.pricePaise} mrpPaise={battery.mrpPaise} />
                  {battery.count > 1 ? (
                    <p className="text-sm font-medium text-slate-800">
                      {t("{count} × {price} = {total} for the pair", {
                        count: battery.count,
                        price: formatPaise(battery.pricePaise),
                        total: formatPaise(battery.totalPaise),
                      })}
                    </p>
                  ) : null}
                  <StockBadge stock={battery.stock} />
                </div>
                <AddToCart
                  productId={battery.id}
                  model={battery.model}
                  inStock={battery.stock >= battery.count}
                  quantity={battery.count}
                  className="mt-3"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
