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
import { formatCapacity, formatVoltage, formatWarranty } from "~/lib/format";
import { formatPaise } from "~/lib/money";
import { ToolHeading } from "./tool-parts";

const n = (value: number, digits = 2) => formatDecimal(value, digits);

/** The battery system in words: "one 12 V battery of at least 148 Ah" or the 24 V pair. */
function batteryNeed(sizing: Sizing) {
  const ah = `${n(sizing.batteryAh, 0)} Ah`;
  return sizing.batteryCount === 1
    ? `One 12 V battery of at least ${ah}`
    : `${sizing.batteryCount} × 12 V batteries in series (${sizing.assumptions.batteryVoltage} V), each of at least ${ah}`;
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
  const a = sizing.assumptions;
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
        {m.resultHeading}
      </ToolHeading>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        {[
          { term: "Battery", value: batteryNeed(sizing), testId: "sizing-battery" },
          {
            term: "Inverter",
            value: `${n(sizing.inverterVa, 0)} VA or larger`,
            testId: "sizing-inverter",
          },
          {
            term: "Load",
            value: `${n(sizing.loadWatts, 0)} W for ${n(sizing.hours)} ${sizing.hours === 1 ? "hour" : "hours"}`,
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

      <p className="mt-5 font-semibold text-slate-900">How it is worked out</p>
      <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>
          Load:{" "}
          {sizing.loads
            .map((load) => `${load.count} × ${load.name} (${n(load.watts, 0)} W)`)
            .join(" + ")}{" "}
          = <strong>{n(sizing.loadWatts, 0)} W</strong>
        </li>
        <li>
          Energy over the backup: {n(sizing.loadWatts, 0)} W × {n(sizing.hours)} h ={" "}
          <strong>{n(sizing.energyWh)} Wh</strong>
        </li>
        <li>
          Battery: {n(sizing.energyWh)} Wh ÷ ({a.batteryVoltage} V × {n(a.depthOfDischarge)} depth
          of discharge × {n(a.inverterEfficiency)} efficiency = {n(sizing.whPerAh)}) ={" "}
          {n(sizing.exactAh)} Ah, rounded up to <strong>{n(sizing.batteryAh, 0)} Ah</strong>
          {sizing.batteryCount > 1 ? " per battery" : ""}
        </li>
        <li>
          Inverter: {n(sizing.loadWatts, 0)} W ÷ {n(a.powerFactor)} power factor ={" "}
          {n(sizing.exactVa)} VA, rounded up to the next {INVERTER_VA_STEP} VA:{" "}
          <strong>{n(sizing.inverterVa, 0)} VA</strong>
        </li>
      </ol>
      <p className="mt-3 text-sm text-slate-600">{m.surgeNote}</p>

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
  const batteries = offer?.batteries ?? [];
  const empty = noBatteryMessage(sizing, batteries.length, offer?.largestAh ?? null);
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby="inverter-sizing-batteries" className="mt-6">
      <Heading id="inverter-sizing-batteries" className="text-lg font-semibold text-slate-900">
        {m.batteriesHeading}
      </Heading>
      {sizing.batteryCount > 1 ? <p className="mt-1 text-sm text-slate-700">{m.pairNote}</p> : null}
      {empty ? (
        <p
          className="mt-3 rounded-xl border border-dashed border-slate-300 p-4 text-slate-800"
          data-testid="sizing-no-battery"
        >
          {empty}{" "}
          <Link to="/allproduct?category=inverter" className="font-medium text-brand-700 underline">
            See all inverter batteries
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
                  {formatWarranty(battery.warrantyMonths)} warranty
                </p>
                <div className="mt-1">
                  <Price pricePaise={battery.pricePaise} mrpPaise={battery.mrpPaise} />
                  {battery.count > 1 ? (
                    <p className="text-sm font-medium text-slate-800">
                      {battery.count} × {formatPaise(battery.pricePaise)} ={" "}
                      {formatPaise(battery.totalPaise)} for the pair
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
