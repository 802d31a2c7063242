import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Field, FieldError } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useFailureToast } from "~/components/ui/use-failure-toast";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { ClaimCard, RegistrationFacts, RegistrationStatusBadge } from "~/components/warranty-parts";
import { claimOutcomes } from "~/db/schema/enums";
import {
  type ClaimStatus,
  claimOutcomeLabels,
  claimStatusLabels,
} from "~/features/warranty/claim-status";
import { warrantyMessages as m } from "~/features/warranty/warranty.messages";
import { claimMoveSchema } from "~/features/warranty/warranty.schema";
import { getWarrantyForAdmin, moveClaim } from "~/features/warranty/warranty.server";
import { NotFound } from "~/lib/errors";
import { formAction } from "~/lib/form-action.server";
import { formatDateTime } from "~/lib/format";
import type { FormFailure, FormResult } from "~/lib/forms";
import { requireAdmin } from "~/lib/guards.server";
import { orNotFound } from "~/lib/http.server";
import { recordId } from "~/lib/record-id";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/warranty";

export const meta: Route.MetaFunction = ({ data, matches }) => [
  {
    title: pageTitle(
      matches,
      data ? `Battery ${data.registration.serial} · Warranties · Admin` : "Warranty · Admin",
    ),
  },
];

/** The registration the address names; a malformed id is a missing one. */
function registrationIdOf(params: { id?: string }): number {
  const parsed = recordId().safeParse(params.id);
  if (!parsed.success) throw new NotFound(m.registrationNotFound);
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const registration = await orNotFound(() =>
    getWarrantyForAdmin(context.db, registrationIdOf(params)),
  );
  return { registration };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

/** The claim desk: one allowed step of a claim of this registration, with a note for its owner. */
export const action = formAction(
  {
    guard: "admin",
    // The id as the address has it, read once the form is: a bad one is the 404 of a missing
    // registration, after the role and the body are checked.
    target: async ({ params }) => params,
  },
  (intent) => ({
    move: intent({
      schema: claimMoveSchema,
      // A claim id that is not one is a claim that is not there; the other fields are the
      // form's, refused next to them.
      invalid(fieldErrors) {
        if (fieldErrors.claimId) throw new NotFound(m.claimNotFound);
        return {};
      },
      async run({ data, actor, target, context }) {
        const registration = await getWarrantyForAdmin(context.db, registrationIdOf(target));
        if (!registration.claims.some((claim) => claim.id === data.claimId)) {
          throw new NotFound(m.claimNotFound);
        }
        const moved = await moveClaim(context.db, data, actor, { publicUrl: context.publicUrl });
        return {
          message: m.claimMoved(moved.reference, claimStatusLabels[moved.status]),
        };
      },
    }),
  }),
);

/** The move's button: what staff do, in their words. */
const moveLabels: Record<ClaimStatus, string> = {
  submitted: "Submitted",
  inspection: "Start inspection",
  approved: "Approve",
  rejected: "Reject",
  closed: "Close claim",
};

type AdminClaim = Route.ComponentProps["loaderData"]["registration"]["claims"][number];

/**
 * The staff's moves of one claim: the allowed ones only, a note for the owner, and what an
 * approval gives (a replacement, or a pro-rata discount in rupees) or why a rejection.
 */
function ClaimDesk({ claim, failure }: { claim: AdminClaim; failure: FormFailure | undefined }) {
  const form = useValidatedForm(claimMoveSchema, failure ?? null);
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("claimId") === String(claim.id);
  const v = form.value;
  const e = form.errors;
  const id = `claim-${claim.id}`;
  const chosenOutcome = form.values.outcome;
  return (
    <Form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      className="mt-4 space-y-3 border-t border-slate-200 pt-4"
      aria-labelledby={`${id}-desk`}
      data-testid="claim-desk"
    >
      <h4 id={`${id}-desk`} className="font-semibold text-slate-900">
        Move the claim
      </h4>
      <FormAlert message={form.formError ?? e.to} />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="claimId" value={claim.id} />
      <div>
        <label htmlFor={`${id}-note`} className="field-label">
          Note for the owner (optional): on their timeline and in their e-mail
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          maxLength={500}
          rows={2}
          defaultValue={v("note", "")}
          aria-invalid={e.note ? true : undefined}
          aria-describedby={e.note ? `${id}-note-error` : undefined}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
        />
        <FieldError id={`${id}-note-error`} message={e.note} />
      </div>
      {claim.next.includes("approved") ? (
        // The discount is asked only once "Pro-rata discount" is chosen (CSS, so without
        // JavaScript too); the server reads it only then.
        <fieldset className="group space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-800">If you approve</legend>
          <fieldset aria-describedby={e.outcome ? `${id}-outcome-error` : undefined}>
            <legend className="field-label">Outcome</legend>
            <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
              {claimOutcomes.map((outcome) => (
                <label key={outcome} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="outcome"
                    value={outcome}
                    defaultChecked={chosenOutcome === outcome}
                    aria-invalid={e.outcome ? true : undefined}
                    data-pro-rata={outcome === "pro_rata" ? "" : undefined}
                    className="size-4"
                  />
                  {claimOutcomeLabels[outcome]}
                </label>
              ))}
            </div>
            <FieldError id={`${id}-outcome-error`} message={e.outcome} />
          </fieldset>
          <Field
            label="Discount (₹)"
            name="discount"
            inputMode="decimal"
            hint="Off the price of a new battery."
            defaultValue={v("discount", "")}
            error={e.discount}
            className="hidden max-w-xs group-has-[[data-pro-rata]:checked]:block"
          />
        </fieldset>
      ) : null}
      {claim.next.includes("rejected") ? (
        <fieldset className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-800">If you reject</legend>
          <Field
            label="Reason for rejecting"
            name="rejectReason"
            maxLength={500}
            hint="The owner reads it."
            defaultValue={v("rejectReason", "")}
            error={e.rejectReason}
          />
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {claim.next.map((to) => (
          <button
            key={to}
            type="submit"
            name="to"
            value={to}
            disabled={busy}
            className={to === "rejected" ? "btn-outline text-danger-700" : "btn-primary"}
          >
            {moveLabels[to]}
            <span className="sr-only"> claim {claim.reference}</span>
          </button>
        ))}
      </div>
    </Form>
  );
}

/** A white panel of the page with its heading. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function AdminWarranty({ loaderData, actionData }: Route.ComponentProps) {
  const { registration: r } = loaderData;
  useFailureToast(actionData as FormResult | undefined, m.failed);
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  const owner: [string, ReactNode][] = [
    ["Name", `${r.firstName} ${r.lastName}`.trim()],
    ["Mobile", r.mobile],
    ["Pin code", r.pincode],
    ["E-mail for warranty news", r.email ?? "None given"],
    ["Account", r.owner ? `${r.owner.name} (${r.owner.email})` : "Not linked to an account"],
    [
      "Updates on WhatsApp/SMS",
      r.consent && r.consentAt
        ? `Agreed on ${formatDateTime(new Date(r.consentAt))}`
        : "Not agreed",
    ],
    [
      "Registered",
      r.orderNumber ? (
        <>
          From order{" "}
          <Link to={`/admin/order/${r.orderNumber}`} className="text-brand-800 underline">
            #{r.orderNumber}
          </Link>{" "}
          on {formatDateTime(new Date(r.createdAt))}
        </>
      ) : (
        `By the owner on ${formatDateTime(new Date(r.createdAt))}`
      ),
    ],
  ];
  return (
    <div className="max-w-4xl space-y-5">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to="/admin/warranties" className="hover:underline">
          Warranties
        </Link>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold break-all text-slate-900">
          Battery <span className="font-mono">{r.serial}</span>
        </h1>
        <RegistrationStatusBadge status={r.status} />
      </div>
      <Panel id="registration-heading" title="Registration">
        <RegistrationFacts registration={r} />
      </Panel>
      <Panel id="owner-heading" title="Owner">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {owner.map(([term, value]) => (
            <div key={term}>
              <dt className="text-sm text-slate-600">{term}</dt>
              <dd className="font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <section aria-labelledby="claims-heading" className="space-y-4">
        <h2 id="claims-heading" className="text-lg font-semibold text-slate-900">
          Claims
        </h2>
        {r.claims.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-slate-700">
            No claims on this battery.
          </p>
        ) : (
          r.claims.map((claim) => (
            <ClaimCard key={claim.id} claim={claim}>
              {claim.next.length > 0 ? (
                <ClaimDesk
                  // A fresh form after each move: a note typed for one step is not sent again.
                  key={`${claim.id}-${claim.status}`}
                  claim={claim}
                  failure={failure?.values.claimId === String(claim.id) ? failure : undefined}
                />
              ) : null}
            </ClaimCard>
          ))
        )}
      </section>
    </div>
  );
}
