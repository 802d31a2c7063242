import { useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { SpriteIcon, type SpriteIconName } from "~/components/sprite-icon";
import { Field } from "~/components/ui/field";
import {
  formatVolts,
  type HealthCheck,
  type HealthInput,
  type HealthResult,
  type HealthVerdict,
  openCircuitTable,
} from "~/features/tools/health-check";
import { healthMessages as m } from "~/features/tools/tools.messages";
import { useT } from "~/lib/i18n/react";
import { type HeadingLevel, ToolHeading, ToolSection, useAfterSent } from "./tool-parts";

/** The checker's section: its own page's address ends in it, so a reading sent without
 * JavaScript comes back scrolled to the form and its result. */
export const HEALTH_CHECKER_ID = "battery-health";

const looks: Record<
  HealthVerdict,
  { icon: SpriteIconName; box: string; text: string; bar: string }
> = {
  healthy: {
    icon: "circle-check",
    box: "border-success-700/30 bg-success-50",
    text: "text-success-700",
    bar: "bg-success-700",
  },
  weak: {
    icon: "triangle-alert",
    box: "border-warning-700/30 bg-warning-50",
    text: "text-warning-700",
    bar: "bg-warning-700",
  },
  low: {
    icon: "circle-alert",
    box: "border-danger-700/30 bg-danger-50",
    text: "text-danger-700",
    bar: "bg-danger-700",
  },
};

/** The checker's two fields. */
const fields = [
  {
    name: "voltage",
    label: m.voltageLabel,
    hint: m.voltageHint,
    inputMode: "decimal",
    maxLength: 10,
  },
  { name: "temperature", label: m.temperatureLabel, hint: m.temperatureHint, maxLength: 8 },
] as const;

/** What the fields show: what was typed, kept in the browser until the address changes. */
function useTyped(loaded: HealthInput) {
  const key = `${loaded.voltage}\n${loaded.temperature}`;
  const [draft, setDraft] = useState({ key, values: loaded });
  if (draft.key !== key) setDraft({ key, values: loaded });
  const set = (name: keyof HealthInput, value: string) =>
    setDraft((d) => ({ ...d, values: { ...d.values, [name]: value } }));
  return [draft.key === key ? draft.values : loaded, set] as const;
}

/**
 * The Battery Health Checker: a GET form to `action` (the page's own address, where the loader
 * reads `readHealthQuery(url.searchParams)` and passes the answer as `check`), so it works
 * without JavaScript and its result can be shared. The verdict and the estimated charge are
 * announced to screen readers (a polite live region); a refused reading puts the focus on its
 * field, whose error is read with it.
 */
export function HealthChecker({
  action,
  check,
  headingLevel = 2,
}: {
  /** The page's own address (its path, e.g. "/battery-health"), which reads the check. */
  action: string;
  /** The check the address asked for (`readHealthQuery`), or null for an empty form. */
  check: HealthCheck | null;
  /** 1 on the checker's own page, 2 where it is a section of another page (the blog). */
  headingLevel?: HeadingLevel;
}) {
  const t = useT("tools");
  const [typed, setTyped] = useTyped(check?.input ?? { voltage: "", temperature: "" });
  const errors = check && !check.ok ? check.errors : {};
  const result = check?.ok ? check.result : null;
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const submit = useSubmit();
  // After this form's reading has been checked: a refused field takes the focus, a result is
  // brought into view (the live region reads it).
  const markSent = useAfterSent(check, (answer) => {
    if (!answer.ok) {
      const first = answer.errors.voltage ? "voltage" : "temperature";
      (formRef.current?.elements.namedItem(first) as HTMLInputElement | null)?.focus();
    } else resultRef.current?.scrollIntoView({ block: "nearest" });
  });

  return (
    <ToolSection
      id={HEALTH_CHECKER_ID}
      headingLevel={headingLevel}
      title={t(m.title)}
      intro={t(m.intro)}
      className="@container"
    >
      <div className="mt-4 grid gap-6 @4xl:grid-cols-[minmax(0,42rem)_minmax(0,1fr)]">
        <div className="min-w-0">
          <p className="flex gap-2 rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
            <SpriteIcon name="clock" className="mt-0.5 size-4 shrink-0" />
            <span>{t(m.restNote)}</span>
          </p>
          <Form
            ref={formRef}
            method="get"
            action={`${action}#${HEALTH_CHECKER_ID}`}
            preventScrollReset
            aria-label={t(m.title)}
            className="mt-5 grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2"
            onSubmit={(event) => {
              // The same GET without the section's mark: the page stays where it is.
              event.preventDefault();
              markSent();
              submit(event.currentTarget, { method: "get", action, preventScrollReset: true });
            }}
          >
            {fields.map((field) => (
              <Field
                key={field.name}
                {...field}
                label={t(field.label)}
                hint={t(field.hint)}
                value={typed[field.name]}
                onChange={(event) => setTyped(field.name, event.currentTarget.value)}
                error={t.text(errors[field.name] ?? "") || undefined}
                autoComplete="off"
              />
            ))}
            <div className="sm:col-span-2">
              <button type="submit" className="btn-primary w-full sm:w-auto">
                <SpriteIcon name="battery-charging" className="size-4" />
                {t(m.submit)}
              </button>
            </div>
          </Form>
          <div ref={resultRef} className="mt-5 scroll-mt-20">
            {result ? (
              <ToolHeading level={(headingLevel + 1) as 2 | 3} className="sr-only">
                {t(m.resultHeading)}
              </ToolHeading>
            ) : null}
            {/* Always in the page, so a new verdict is announced when it arrives. */}
            <div role="status" aria-live="polite" aria-atomic="true">
              {result ? <Verdict result={result} /> : null}
            </div>
            {result ? <Details result={result} /> : null}
          </div>
        </div>
        <ReadingsTable headingLevel={(headingLevel + 1) as 2 | 3} />
      </div>
    </ToolSection>
  );
}

/** The verdict and the estimated charge: what the live region reads. */
function Verdict({ result }: { result: HealthResult }) {
  const t = useT("tools");
  const look = looks[result.verdict];
  return (
    <div
      className={`rounded-t-2xl border border-b-0 p-5 ${look.box}`}
      data-testid="health-verdict"
      data-verdict={result.verdict}
    >
      <p className={`flex items-center gap-2 text-xl font-bold ${look.text}`}>
        <SpriteIcon name={look.icon} className="size-6 shrink-0" />
        {t.text(result.message)}
      </p>
      <p className="mt-2 font-semibold text-slate-900" data-testid="state-of-charge">
        {t.text(m.stateOfCharge(result.stateOfCharge))}
      </p>
      <div className="mt-2 h-3 overflow-hidden rounded-full bg-white" aria-hidden="true">
        <div className={`h-full ${look.bar}`} style={{ width: `${result.stateOfCharge}%` }} />
      </div>
    </div>
  );
}

/** How the estimate was made, and where to go next. */
function Details({ result }: { result: HealthResult }) {
  const t = useT("tools");
  const look = looks[result.verdict];
  const celsius = result.celsius === null ? null : formatVolts(result.celsius);
  return (
    <div className={`rounded-b-2xl border border-t-0 px-5 pb-5 ${look.box}`}>
      <ul className="space-y-1 text-sm text-slate-700">
        <li>{t.text(m.reading(formatVolts(result.volts)))}</li>
        {celsius === null ? null : (
          <li data-testid="temperature-correction">
            {t.text(
              result.correction > 0
                ? m.corrected(
                    formatVolts(result.correctedVolts),
                    formatVolts(result.correction),
                    celsius,
                  )
                : m.noCorrection(celsius),
            )}
          </li>
        )}
        <li>{t(m.stateOfChargeBasis)}</li>
        {result.correction > 0 ? <li>{t(m.verdictOnReading)}</li> : null}
      </ul>
      {result.surfaceCharge ? (
        <p className="mt-3 text-sm font-medium text-slate-800">{t(m.surfaceCharge)}</p>
      ) : null}
      <p className="mt-4 text-slate-800">{t(m.next[result.verdict])}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to="/findby" className={result.verdict === "healthy" ? "btn-outline" : "btn-primary"}>
          <SpriteIcon name="search" className="size-4" />
          {t(m.findBattery)}
        </Link>
        <Link to="/service" className="btn-outline">
          <SpriteIcon name="wrench" className="size-4" />
          {t(m.bookService)}
        </Link>
      </div>
    </div>
  );
}

/** What readings mean: the spec's verdicts and the open-circuit table the estimate uses. */
function ReadingsTable({ headingLevel }: { headingLevel: 2 | 3 }) {
  const t = useT("tools");
  const Heading = `h${headingLevel}` as const;
  return (
    <aside
      aria-labelledby={`${HEALTH_CHECKER_ID}-readings`}
      className="self-start rounded-2xl border border-slate-200 bg-white p-5"
    >
      <Heading id={`${HEALTH_CHECKER_ID}-readings`} className="font-semibold text-slate-900">
        {t(m.readingsHeading)}
      </Heading>
      <ul className="mt-3 space-y-1 text-sm">
        <li className="text-success-700">{t(m.readingsVerdicts.healthy)}</li>
        <li className="text-warning-700">{t(m.readingsVerdicts.weak)}</li>
        <li className="text-danger-700">{t(m.readingsVerdicts.low)}</li>
      </ul>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="mb-2 text-left text-slate-700">{t(m.tableCaption)}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1.5 font-medium">
              {t(m.tableVoltage)}
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              {t(m.tableCharge)}
            </th>
          </tr>
        </thead>
        <tbody>
          {[...openCircuitTable].reverse().map(([volts, percent]) => (
            <tr key={volts} className="border-b border-slate-100 last:border-0">
              <td className="py-1.5">{formatVolts(volts)} V</td>
              <td className="py-1.5 text-right">{percent}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </aside>
  );
}
