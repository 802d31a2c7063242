import { Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { marketRatesFormSchema } from "~/features/market-rates/market-rates.schema";
import {
  askMarketRates,
  type MarketRatesAnswer,
} from "~/features/market-rates/market-rates.server";
import { getSettings } from "~/features/settings/settings.server";
import { formAction } from "~/lib/form-action.server";
import type { FormFailure } from "~/lib/forms";
import { requireAdmin } from "~/lib/guards.server";
import { indiaDayOf } from "~/lib/india-time";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/market-rates";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Market rates · Admin") },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const settings = await getSettings(context.db);
  return { endpoint: settings.marketRatesEndpoint, today: indiaDayOf(new Date()) };
}

export const headers = passHeaders;

export const action = formAction({ guard: "admin" }, (intent) => ({
  /** The day's rates from the endpoint in the settings (issue 25; fenced, ADR 035). */
  ask: intent({
    schema: marketRatesFormSchema,
    reply: "data",
    async run({ data, context }) {
      const result: MarketRatesAnswer = await askMarketRates(context.db, data);
      return { result };
    },
  }),
}));

type ActionData = Route.ComponentProps["actionData"];

function answerOf(actionData: ActionData): MarketRatesAnswer | null {
  if (!actionData?.ok) return null;
  return ((actionData as { result?: MarketRatesAnswer }).result ??
    null) as MarketRatesAnswer | null;
}

export default function MarketRates({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoint, today } = loaderData;
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  const form = useValidatedForm(marketRatesFormSchema, failure ?? null);
  const busy = useNavigation().state === "submitting";
  const answer = answerOf(actionData);
  return (
    <div className="max-w-3xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Market rates</h1>
        <p className="mt-1 text-sm text-slate-600">
          Asks the market rates endpoint for a day&rsquo;s rates and shows its answer.{" "}
          {endpoint ? (
            <>
              Endpoint: <code className="break-all">{endpoint}</code> (
              <Link to="/admin/settings" className="text-brand-700 underline">
                change
              </Link>
              ).
            </>
          ) : (
            <>
              No endpoint is set yet:{" "}
              <Link to="/admin/settings" className="text-brand-700 underline">
                set it in Settings
              </Link>
              .
            </>
          )}
        </p>
      </div>
      <section
        aria-labelledby="market-rates-ask"
        className="rounded-xl border border-slate-200 bg-white p-5"
      >
        <h2 id="market-rates-ask" className="sr-only">
          Ask for a day&rsquo;s rates
        </h2>
        <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
          <FormAlert message={form.formError} />
          <input type="hidden" name="intent" value="ask" />
          <Field
            label="Date"
            type="date"
            required
            className="max-w-xs"
            defaultValue={form.value("date", today)}
            error={form.errors.date}
            name="date"
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Asking…" : "Get rates"}
          </button>
        </Form>
      </section>
      {answer ? (
        <section
          aria-labelledby="market-rates-answer"
          className="rounded-xl border border-slate-200 bg-white p-5"
        >
          <h2 id="market-rates-answer" className="text-lg font-semibold text-slate-900">
            Rates for {answer.date}
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="market-rates-timing">
            HTTP {answer.status} in {answer.ms} ms
          </p>
          <section
            aria-label="The endpoint's answer"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling answer is read by keyboard too.
            tabIndex={0}
            className="mt-3 max-h-[32rem] overflow-auto rounded-lg bg-slate-900 p-4"
          >
            <pre className="text-sm text-slate-50" data-testid="market-rates-json">
              {answer.json}
            </pre>
          </section>
        </section>
      ) : null}
    </div>
  );
}
