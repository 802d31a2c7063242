import { useId, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import { Field, FieldError } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import {
  appliancePresets,
  batteryVoltages,
  compactSizingParams,
  emptySizingInput,
  findPreset,
  OTHER_APPLIANCE,
  type SizingCheck,
  type SizingInput,
  sizingFields,
} from "~/features/tools/inverter-sizing";
import type { InverterBatteries } from "~/features/tools/inverter-sizing.server";
import { sizingMessages as m } from "~/features/tools/tools.messages";
import { type T, useT } from "~/lib/i18n/react";
import { InverterSizingResult } from "./inverter-sizing-result";
import { type HeadingLevel, ToolSection, useAfterSent } from "./tool-parts";

/** The tool's section: its own page's address ends in it, so a form sent without JavaScript
 * comes back scrolled to the tool, its result first. */
export const INVERTER_SIZING_ID = "inverter-sizing";

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm";
const borderFor = (error?: string) => (error ? "border-danger-700" : "border-slate-300");

/** The appliance choices in the page's language (the watts as they are). */
const applianceOptions = (t: T) => [
  { value: "", label: t(m.noAppliance) },
  ...appliancePresets.map((p) => ({ value: p.key, label: `${t(p.label)} (${p.watts} W)` })),
  { value: OTHER_APPLIANCE, label: t(m.otherAppliance) },
];

/** A row's label: shown on every row on a phone, and as column headings on the first row from
 * `sm`; its full name for screen readers ("Watts of appliance 3"). */
function RowLabel({
  row,
  htmlFor,
  label,
  full,
}: {
  row: number;
  htmlFor: string;
  label: string;
  full: string;
}) {
  return (
    <label htmlFor={htmlFor} className={`field-label ${row > 1 ? "sm:sr-only" : ""}`}>
      <span aria-hidden="true">{label}</span>
      <span className="sr-only">{full}</span>
    </label>
  );
}

const rowParts = ["appliance", "name", "watts", "count"] as const;

/**
 * One appliance row: a choice from the list (or Other, with its name), its watts (empty: the
 * typical ones) and how many. Its errors are listed under the whole row, each tied to its field,
 * so a narrow column on a phone does not squeeze them.
 */
function ApplianceRow({
  index,
  row,
  errors,
}: {
  index: number;
  row: SizingInput["rows"][number];
  errors: Record<string, string>;
}) {
  const t = useT("tools");
  const n = index + 1;
  const base = useId();
  const name = (part: (typeof rowParts)[number]) => sizingFields[part](n);
  const id = (part: (typeof rowParts)[number]) => `${base}-${part}`;
  const error = (part: (typeof rowParts)[number]) => errors[name(part)];
  /** The attributes tying a field to its error. */
  const wired = (part: (typeof rowParts)[number]) => ({
    id: id(part),
    name: name(part),
    "aria-invalid": error(part) ? true : undefined,
    "aria-describedby": error(part) ? `${id(part)}-error` : undefined,
    className: `${inputClass} ${borderFor(error(part))}`,
  });
  // The chosen appliance's typical watts show in its empty Watts field (as the server takes
  // them); without JavaScript, those of the appliance sent last.
  const [choice, setChoice] = useState(row.appliance);
  const preset = findPreset(choice);
  return (
    <fieldset
      className="grid grid-cols-[minmax(0,1fr)_4.5rem_4.5rem] gap-x-3 gap-y-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_6rem_5rem] sm:rounded-none sm:border-0 sm:p-0"
      data-testid="appliance-row"
    >
      <legend className="sr-only">{t.text(m.applianceLabel(n))}</legend>
      <div className="col-span-3 min-w-0 sm:col-span-1">
        <RowLabel
          row={n}
          htmlFor={id("appliance")}
          label={t("Appliance")}
          full={t.text(m.applianceLabel(n))}
        />
        <select
          {...wired("appliance")}
          defaultValue={row.appliance}
          onChange={(event) => setChoice(event.currentTarget.value)}
        >
          {applianceOptions(t).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <RowLabel row={n} htmlFor={id("name")} label={t("Name")} full={t.text(m.nameLabel(n))} />
        <input
          {...wired("name")}
          defaultValue={row.name}
          placeholder={preset ? undefined : t(m.namePlaceholder)}
          maxLength={40}
          autoComplete="off"
        />
      </div>
      <div className="min-w-0">
        <RowLabel row={n} htmlFor={id("watts")} label={t("Watts")} full={t.text(m.wattsLabel(n))} />
        <input
          {...wired("watts")}
          defaultValue={row.watts}
          placeholder={preset ? String(preset.watts) : undefined}
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
        />
      </div>
      <div className="min-w-0">
        <RowLabel
          row={n}
          htmlFor={id("count")}
          label={t("How many")}
          full={t.text(m.countLabel(n))}
        />
        <input
          {...wired("count")}
          defaultValue={row.count}
          inputMode="numeric"
          maxLength={3}
          autoComplete="off"
        />
      </div>
      {rowParts.some(error) ? (
        <div className="col-span-full">
          {rowParts.map((part) => (
            <FieldError
              key={part}
              id={`${id(part)}-error`}
              message={error(part) && t.text(error(part) as string)}
            />
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

const assumptionFields = ["volts", "dod", "efficiency", "pf"] as const;

/** The assumptions typed as numbers (the voltage is a choice). */
const percentFields = [
  { name: sizingFields.dod, label: m.dodLabel, hint: m.dodHint },
  { name: sizingFields.efficiency, label: m.efficiencyLabel, hint: undefined },
  { name: sizingFields.pf, label: m.powerFactorLabel, hint: undefined },
] as const;

/** The form itself, re-made whenever the address changes (its fields start from it again). */
function SizingForm({
  action,
  input,
  errors,
  onSent,
}: {
  action: string;
  input: SizingInput;
  errors: Record<string, string>;
  onSent: () => void;
}) {
  const t = useT("tools");
  const submit = useSubmit();
  const assumptionError = assumptionFields.some((name) => errors[name]);
  return (
    <Form
      method="get"
      action={`${action}#${INVERTER_SIZING_ID}`}
      preventScrollReset
      aria-label={t(m.title)}
      className="mt-5 max-w-4xl rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
      onSubmit={(event) => {
        // The same GET, with an address that says only what was filled in.
        event.preventDefault();
        onSent();
        const sent = new URLSearchParams();
        for (const [key, value] of new FormData(event.currentTarget)) {
          if (typeof value === "string") sent.append(key, value);
        }
        submit(compactSizingParams(sent), { method: "get", action, preventScrollReset: true });
      }}
    >
      {Object.keys(errors).length > 0 ? (
        <div className="mb-4">
          <FormAlert message={t(m.checkFields)} />
        </div>
      ) : null}
      <fieldset>
        <legend className="text-lg font-semibold text-slate-900">{t(m.appliancesLegend)}</legend>
        <p className="mt-1 text-sm text-slate-600">{t(m.appliancesHint)}</p>
        <div className="mt-3 grid gap-3 sm:gap-2">
          {input.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of numbered rows
            <ApplianceRow key={index} index={index} row={row} errors={errors} />
          ))}
        </div>
      </fieldset>
      <div className="mt-5 max-w-xs">
        <Field
          label={t(m.hoursLabel)}
          name={sizingFields.hours}
          defaultValue={input.hours}
          error={errors.hours && t.text(errors.hours)}
          hint={t(m.hoursHint)}
          inputMode="decimal"
          maxLength={5}
          autoComplete="off"
        />
      </div>
      <details className="mt-5 rounded-xl border border-slate-200 p-4" open={assumptionError}>
        <summary className="cursor-pointer font-semibold text-slate-900">
          {t(m.assumptions)}
        </summary>
        <p className="mt-2 text-sm text-slate-600">{t(m.assumptionsHint)}</p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="sizing-volts" className="field-label">
              {t(m.voltageLabel)}
            </label>
            <select
              id="sizing-volts"
              name={sizingFields.volts}
              defaultValue={input.volts}
              aria-invalid={errors.volts ? true : undefined}
              aria-describedby={errors.volts ? "sizing-volts-error" : "sizing-volts-hint"}
              className={`${inputClass} ${borderFor(errors.volts)}`}
            >
              {batteryVoltages.map((v) => (
                <option key={v} value={v}>
                  {t(m.voltageOptions[v])}
                </option>
              ))}
            </select>
            <p id="sizing-volts-hint" className="mt-1 text-sm text-slate-600">
              {t(m.voltageHint)}
            </p>
            <FieldError id="sizing-volts-error" message={errors.volts && t.text(errors.volts)} />
          </div>
          {percentFields.map(({ name, label, hint }) => (
            <Field
              key={name}
              label={t(label)}
              name={name}
              defaultValue={input[name]}
              error={errors[name] && t.text(errors[name])}
              hint={hint && t(hint)}
              inputMode="decimal"
              maxLength={5}
              autoComplete="off"
            />
          ))}
        </div>
      </details>
      <button type="submit" className="btn-primary mt-5 w-full sm:w-auto">
        <SpriteIcon name="house-plug" className="size-4" />
        {t(m.submit)}
      </button>
    </Form>
  );
}

/**
 * The inverter battery sizing tool: a GET form to `action` (the page's own address, whose loader
 * reads it with `loadInverterSizing(db, url.searchParams)` and passes `check` and `offer`), with
 * a fixed number of appliance rows, so it works without JavaScript and its result can be shared.
 * The result comes first once there is one (the form below it, to adjust); after sending, the
 * focus goes to the result's heading, or to the first field refused.
 */
export function InverterSizing({
  action,
  check,
  offer,
  headingLevel = 2,
}: {
  /** The page's own address (its path, e.g. "/inverter-sizing"), which reads the form. */
  action: string;
  /** The sizing the address asked for (`loadInverterSizing`'s `check`), or null. */
  check: SizingCheck | null;
  /** The batteries in stock that hold it (`loadInverterSizing`'s `offer`). */
  offer: InverterBatteries | null;
  /** 1 on the tool's own page, 2 where it is a section of another page (the blog). */
  headingLevel?: HeadingLevel;
}) {
  const t = useT("tools");
  const input = check?.input ?? emptySizingInput();
  const errors = check && !check.ok ? check.errors : {};
  const sectionRef = useRef<HTMLElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  // Once the sent form's answer is here: the result's heading takes the focus, or the first
  // field refused (its Assumptions opened if it is one of them).
  const markSent = useAfterSent(check, (answer) => {
    if (answer.ok) {
      resultHeading.current?.focus({ preventScroll: true });
      resultHeading.current?.scrollIntoView({ block: "start" });
      return;
    }
    const first = sectionRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    first?.closest("details")?.setAttribute("open", "");
    first?.focus();
  });

  return (
    <ToolSection
      id={INVERTER_SIZING_ID}
      headingLevel={headingLevel}
      title={t(m.title)}
      intro={t(m.intro)}
      sectionRef={sectionRef}
    >
      {check?.ok ? (
        <div className="mt-5 max-w-4xl">
          <InverterSizingResult
            sizing={check.sizing}
            offer={offer}
            headingLevel={(headingLevel + 1) as 2 | 3}
            headingRef={resultHeading}
          />
        </div>
      ) : null}
      <SizingForm
        key={JSON.stringify(input)}
        action={action}
        input={input}
        errors={errors}
        onSent={markSent}
      />
    </ToolSection>
  );
}
