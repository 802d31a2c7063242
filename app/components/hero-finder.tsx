import { useState } from "react";
import { Form, useFetcher } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import { type FinderArrival, finderVehicleTypes } from "~/features/finder/finder.options";
import type { FinderOptions } from "~/features/finder/finder.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";

type Choice = { type: string; make: string; model: string };

const selectClass =
  "field-select text-slate-900 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500";

/** A make or a model: a name, which no translation tool should touch. */
const asOption = (value: string) => ({ value, label: value, translate: "no" as const });

/** The vehicle types' names (finder.options' `finderVehicleTypes`), and each select's first
 * option, in the "home" catalogue. */
const vehicleTypeNames: Record<string, string> = { car: msg("Car"), bike: msg("Two-wheeler") };
const placeholders: Record<keyof Choice, string> = {
  type: msg("Select vehicle type"),
  make: msg("Select make"),
  model: msg("Select model"),
};

/** Was this answer asked for the current choice (and not for one made before it)? */
function answersChoice(selected: { type: string; make?: string | null }, choice: Choice) {
  return selected.type === choice.type && (!choice.make || selected.make === choice.make);
}

/** One level of the finder: a labelled select, closed (disabled) while it has no options. */
function HeroSelect({
  level,
  label,
  value,
  options,
  onChange,
}: {
  level: keyof Choice;
  label: string;
  value: string;
  options: readonly { value: string; label: string; translate?: "no" }[];
  onChange: (value: string) => void;
}) {
  const t = useT("home");
  return (
    <div>
      <label htmlFor={`hero-${level}`} className="field-label">
        {label}
      </label>
      <select
        id={`hero-${level}`}
        name={level}
        value={value}
        disabled={options.length === 0}
        onChange={(e) => onChange(e.currentTarget.value)}
        className={selectClass}
      >
        <option value="">{t(placeholders[level])}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value} translate={option.translate}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The home page's Battery Finder: vehicle type, make and model, handed on to `/findby` (a GET
 * form), which asks for the year and engine type. With JavaScript each choice loads the next
 * list from the `/findby` loader through a fetcher (no page navigation, the focus stays on the
 * select), and a list with one option is chosen by itself. Without JavaScript the make and model
 * stay closed: the type goes to `/findby`, whose step-by-step form carries on from there.
 */
export function HeroFinder() {
  const t = useT("home");
  const fetcher = useFetcher<FinderOptions>();
  const [choice, setChoice] = useState<Choice>({ type: "", make: "", model: "" });

  // When the finder answers, take what it chose: a level with one option is chosen by itself.
  // An answer to an earlier choice (a keyboard user arrowing past a make) changes nothing.
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    const selected = fetcher.data?.selected;
    if (selected && answersChoice(selected, choice)) {
      setChoice({ type: selected.type, make: selected.make ?? "", model: selected.model ?? "" });
    }
  }

  // Lists belong to the choice they were loaded for: while the next answer is on its way, the
  // levels below the changed one stay closed.
  const data = fetcher.data;
  const makes = choice.type && data?.selected.type === choice.type ? data.options.makes : [];
  const models =
    choice.make && makes.length > 0 && data?.selected.make === choice.make
      ? data.options.models
      : [];

  function choose(next: Choice) {
    setChoice(next);
    if (!next.type || next.model) return;
    const params = new URLSearchParams({ type: next.type });
    if (next.make) params.set("make", next.make);
    fetcher.load(`/findby?${params}`);
  }

  return (
    <Form
      method="get"
      action="/findby"
      state={{ continueFinder: true } satisfies FinderArrival}
      aria-labelledby="hero-finder-title"
      aria-busy={fetcher.state !== "idle"}
      className="rounded-2xl bg-white p-5 text-slate-900 shadow-xl ring-1 ring-black/5 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="hero-finder-title" className="text-xl font-bold text-slate-900">
          {t("Find the right battery for your vehicle")}
        </h2>
        <p className="text-sm text-slate-600">{t("Year and engine type come next.")}</p>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-[repeat(3,minmax(0,1fr))_auto] md:items-end">
        <HeroSelect
          level="type"
          label={t("Vehicle type")}
          value={choice.type}
          options={finderVehicleTypes.map(({ value, label }) => ({
            value,
            label: t(vehicleTypeNames[value] ?? label),
          }))}
          onChange={(type) => choose({ type, make: "", model: "" })}
        />
        <HeroSelect
          level="make"
          label={t("Make")}
          value={choice.make}
          options={makes.map(asOption)}
          onChange={(make) => choose({ ...choice, make, model: "" })}
        />
        <HeroSelect
          level="model"
          label={t("Model")}
          value={choice.model}
          options={models.map(asOption)}
          onChange={(model) => setChoice({ ...choice, model })}
        />
        <button type="submit" className="btn-accent text-base">
          <SpriteIcon name="search" className="size-5" />
          {t("Find battery")}
        </button>
      </div>
    </Form>
  );
}
