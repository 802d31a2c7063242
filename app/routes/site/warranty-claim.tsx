import { data, Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { slotNote } from "~/components/outlets/booking-dialog";
import { SpriteIcon } from "~/components/sprite-icon";
import { Field, FieldError, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { RegistrationNotFound } from "~/components/warranty-owner";
import { claimProblems } from "~/db/schema/enums";
import { type BookingSlots, getBookingSlots } from "~/features/bookings/bookings.server";
import { formatClock, formatHours } from "~/features/outlets/hours";
import { claimProblemLabels } from "~/features/warranty/claim-status";
import { ownerView } from "~/features/warranty/owner-view.server";
import { warrantyPageMessages as m, warrantyMessages } from "~/features/warranty/warranty.messages";
import { claimFormSchema } from "~/features/warranty/warranty.schema";
import { listClaimCentres, raiseClaim } from "~/features/warranty/warranty.server";
import { NotFound } from "~/lib/errors";
import { formAction } from "~/lib/form-action.server";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { formatDay } from "~/lib/india-time";
import { recordIdSchema } from "~/lib/record-id";
import { sessionUser } from "~/lib/request-state.server";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta } from "~/root";
import type { Route } from "./+types/warranty-claim";
import { findRegistration, privateHeaders, warrantyPath } from "./warranty-access.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.kind === "missing" ? m.notFoundTitle : m.claimTitle,
    description: msg("Raise a warranty claim for your battery and choose when to bring it in."),
    noindex: true,
  });

/** The fields "Show times" brings back in the address without JavaScript (a GET of this page),
 * besides the centre and day it asks for. */
const draftFields = ["problem", "details", "time", "email"] as const;
type ClaimDraft = Partial<Record<(typeof draftFields)[number], string>>;

function readClaimDraft(params: URLSearchParams): ClaimDraft {
  const draft: ClaimDraft = {};
  for (const field of draftFields) {
    const value = params.get(field);
    if (value !== null) draft[field] = value.slice(0, 500);
  }
  return draft;
}

/**
 * The claim form of a registration, for its owner or a look-up's pass holder (else the 404 of
 * /warranty/<id>): the service centres nearest first, and the chosen centre's slots on the chosen
 * day (`?centreId=&date=`, the first bookable day by default) with the places left.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = await findRegistration(request, params, context);
  const i18n = pageMessages(request, ["warranty", "bookings", "outlets"]);
  if (!found) {
    return data({ kind: "missing" as const, i18n }, { status: 404, headers: privateHeaders });
  }
  const { view, pass } = found;
  const page = {
    i18n,
    registration: ownerView(view),
    back: warrantyPath(view.id, pass),
    action: warrantyPath(view.id, pass, "/claim"),
    pass,
  };
  if (!view.claimable) {
    return data({ kind: "closed" as const, ...page }, { headers: privateHeaders });
  }
  const url = new URL(request.url);
  const centres = await listClaimCentres(context.db, view.pincode);
  const asked = recordIdSchema.safeParse(url.searchParams.get("centreId"));
  const centre =
    (asked.success ? centres.find((c) => c.id === asked.data) : undefined) ?? centres[0];
  const slots = centre
    ? await getBookingSlots(context.db, centre.id, url.searchParams.get("date"), new Date())
    : null;
  const draft = readClaimDraft(url.searchParams);
  return data(
    {
      kind: "form" as const,
      ...page,
      centres: centres.map((c) => ({
        value: String(c.id),
        label: `${c.name}, ${c.city}${c.distanceKm === null ? "" : ` (${c.distanceKm} km)`}`,
        // A centre's name and town are names: no translation tool should touch them.
        translate: "no" as const,
      })),
      slots,
      prefill: {
        ...draft,
        email: draft.email ?? sessionUser(context)?.email ?? view.email ?? "",
      },
    },
    { headers: privateHeaders },
  );
}

/** Keeps the loader's Cache-Control and the action's own headers. */
export const headers = passHeaders;

export const action = formAction(
  {
    guard: "public",
    defaultIntent: "claim",
    // Another's registration, or a pass that is wrong or has expired: 404 before the form is read.
    target: async ({ request, params, context }) => {
      const found = await findRegistration(request, params, context);
      if (!found) throw new NotFound(warrantyMessages.registrationNotFound);
      return found;
    },
  },
  (intent) => ({
    claim: intent({
      schema: claimFormSchema,
      async run({ data, target, context }) {
        const { claim } = await raiseClaim(
          context.db,
          { ...data, registrationId: target.view.id },
          target.access,
          { publicUrl: context.publicUrl },
        );
        return {
          message: warrantyMessages.claimRaised(claim.reference),
          redirectTo: warrantyPath(target.view.id, target.pass),
        };
      },
    }),
  }),
);

type FormPage = Extract<Route.ComponentProps["loaderData"], { kind: "form" }>;
type Slot = BookingSlots["slots"][number];

/** Without JavaScript: reloads the page for the centre and day chosen (a GET with the form's
 * values, which come back as the loader's `prefill`), the pass kept. */
function ShowTimes({ path }: { path: string }) {
  const t = useT("warranty");
  return (
    <button type="submit" formMethod="get" formAction={path} className="btn-outline w-full">
      <SpriteIcon name="clock" className="size-4" /> {t("Show times")}
    </button>
  );
}

function ClaimForm({
  page,
  actionData,
}: {
  page: FormPage;
  actionData: Route.ComponentProps["actionData"];
}) {
  const t = useT("warranty");
  const { slots, prefill, centres, pass } = page;
  const form = useValidatedForm(claimFormSchema, actionData);
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const v = form.value;
  const e = form.errors;
  const day = slots?.date ?? "";
  const chosenDay = v("date", day);
  // The day's own problem belongs next to it while the field still shows that day.
  const dateError = e.date ?? (chosenDay === day ? (slots?.dateError ?? undefined) : undefined);
  const bookable = (slot: Slot) => Boolean(slots?.open) && !slot.passed && slot.left !== 0;
  const keptTime = slots?.slots.some((slot) => slot.time === prefill.time && bookable(slot))
    ? prefill.time
    : "";
  const chosenTime = v("time", keptTime);

  /** With JavaScript: the slots of another centre or day at once, the typed values kept. */
  function reload(formElement: HTMLFormElement | null) {
    if (!formElement) return;
    const fields = new FormData(formElement);
    const params = new URLSearchParams(location.search);
    for (const name of ["centreId", "date"]) {
      const value = fields.get(name);
      if (typeof value === "string" && value) params.set(name, value);
    }
    navigate(`?${params}`, { replace: true, preventScrollReset: true });
  }

  if (!slots || centres.length === 0) {
    return <p className="rounded-lg bg-slate-50 p-3 text-slate-700">{t(m.noCentres)}</p>;
  }
  return (
    <Form
      method="post"
      action={page.action}
      noValidate
      onSubmit={form.onSubmit}
      className="space-y-6"
    >
      {pass ? <input type="hidden" name="pass" value={pass} /> : null}
      <FormAlert message={form.formError} />
      <fieldset aria-describedby={e.problem ? "claim-problem-error" : undefined}>
        <legend className="field-label">{t("Problem")}</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-2">
          {claimProblems.map((problem) => (
            <label
              key={problem}
              className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="problem"
                value={problem}
                defaultChecked={v("problem", prefill.problem) === problem}
                aria-invalid={e.problem ? true : undefined}
                className="size-5 shrink-0"
              />
              {t(claimProblemLabels[problem])}
            </label>
          ))}
        </div>
        <FieldError id="claim-problem-error" message={e.problem} />
      </fieldset>
      <div>
        <label htmlFor="claim-details" className="field-label">
          {t("Details")}
        </label>
        <textarea
          id="claim-details"
          name="details"
          rows={3}
          maxLength={500}
          defaultValue={v("details", prefill.details)}
          aria-invalid={e.details ? true : undefined}
          aria-describedby={`claim-details-hint${e.details ? " claim-details-error" : ""}`}
          className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base ${
            e.details ? "border-danger-700" : "border-slate-300"
          }`}
        />
        <p id="claim-details-hint" className="mt-1 text-sm text-slate-600">
          {t(m.detailsHint)}
        </p>
        <FieldError id="claim-details-error" message={e.details} />
      </div>
      <SelectField
        label={t("Service centre")}
        name="centreId"
        required
        options={centres}
        defaultValue={v("centreId", String(slots.centre.id))}
        hint={
          <>
            <span translate="no">{`${slots.centre.address}, ${slots.centre.city} ${slots.centre.pincode}`}</span>
            {` · ${formatHours(slots.centre, t)}`}
          </>
        }
        error={e.centreId}
        onChange={(event) => reload(event.currentTarget.form)}
      />
      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 font-semibold text-slate-900">
          {t("Inspection slot (optional)")}
        </legend>
        <p className="text-sm text-slate-600">{t(m.slotHint)}</p>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-start">
          <Field
            label={t("Day")}
            name="date"
            type="date"
            min={slots.window.today}
            max={slots.window.lastDay}
            defaultValue={chosenDay}
            error={dateError && t.text(dateError)}
            onChange={(event) => {
              if (event.currentTarget.value) reload(event.currentTarget.form);
            }}
          />
          {hydrated ? null : (
            <div className="sm:mt-6">
              <ShowTimes path={location.pathname} />
            </div>
          )}
        </div>
        <fieldset
          key={`${slots.centre.id}-${day}`}
          aria-describedby={e.time ? "claim-time-error" : undefined}
        >
          <legend className="field-label">
            {slots.open && day ? t("Time on {day}", { day: formatDay(day, t.locale) }) : t("Time")}
          </legend>
          <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-4">
            <label className="col-span-2 flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50 sm:col-span-4">
              <input
                type="radio"
                name="time"
                value=""
                defaultChecked={chosenTime === ""}
                className="size-5 shrink-0"
              />
              {t(m.noSlot)}
            </label>
            {slots.open
              ? slots.slots.map((slot) => (
                  <label
                    key={slot.time}
                    className={`flex min-h-11 items-center gap-2 rounded-lg border px-3 py-2 text-sm ${
                      bookable(slot)
                        ? "border-slate-300 bg-white has-checked:border-brand-600 has-checked:bg-brand-50"
                        : "border-slate-200 bg-slate-50 text-slate-500"
                    }`}
                  >
                    <input
                      type="radio"
                      name="time"
                      value={slot.time}
                      disabled={!bookable(slot)}
                      defaultChecked={bookable(slot) && chosenTime === slot.time}
                      aria-invalid={e.time ? true : undefined}
                      className="size-5 shrink-0"
                    />
                    <span>
                      <span className="block font-medium">{formatClock(slot.time, t.locale)}</span>
                      {slotNote(slot, t) ? (
                        <span className="block text-xs">{slotNote(slot, t)}</span>
                      ) : null}
                    </span>
                  </label>
                ))
              : null}
          </div>
          <FieldError id="claim-time-error" message={e.time} />
        </fieldset>
      </fieldset>
      <Field
        label={t("E-mail")}
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={254}
        hint={t(m.claimEmailHint)}
        defaultValue={v("email", prefill.email)}
        error={e.email}
      />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        <SpriteIcon name="wrench" className="size-4" />
        {busy ? t("Raising the claim…") : t("Raise claim")}
      </button>
    </Form>
  );
}

export default function WarrantyClaim({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT("warranty");
  if (loaderData.kind === "missing") return <RegistrationNotFound />;
  const { registration, back } = loaderData;
  return (
    <div className="container-page max-w-3xl py-8">
      <p className="text-sm font-semibold text-brand-700">
        <Link to={back} className="inline-flex min-h-11 items-center hover:underline">
          {t("{model}, serial {serial}", {
            model: registration.model,
            serial: registration.serial,
          })}
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-slate-900">{t(m.claimTitle)}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        {loaderData.kind === "closed" ? (
          <div className="space-y-4">
            <p className="text-slate-700" data-testid="not-claimable">
              {registration.status === "active" ? null : t(m.notClaimable[registration.status])}
            </p>
            <Link to={back} className="btn-outline">
              {t("See the battery's claims")}
            </Link>
          </div>
        ) : (
          <ClaimForm page={loaderData} actionData={actionData} />
        )}
      </div>
    </div>
  );
}
