import { StatusBadge } from "~/components/order-parts";
import { bookingWhen } from "~/components/outlets/booking-parts";
import type { ClaimOutcome, ClaimProblem, ClaimStatus } from "~/db/schema/enums";
import {
  claimOutcomeLabels,
  claimProblemLabels,
  claimStatusLabels,
  type RegistrationStatus,
  registrationStatusLabels,
} from "~/features/warranty/claim-status";
import { formatDateTime, formatWarranty } from "~/lib/format";
import { formatDay } from "~/lib/india-time";
import { formatPaise } from "~/lib/money";

const registrationTone: Record<RegistrationStatus, string> = {
  active: "bg-success-50 text-success-700",
  claim_open: "bg-warning-50 text-warning-700",
  expired: "bg-slate-100 text-slate-700",
  replaced: "bg-brand-50 text-brand-800",
};

const claimTone: Record<ClaimStatus, string> = {
  submitted: "bg-warning-50 text-warning-700",
  inspection: "bg-brand-50 text-brand-800",
  approved: "bg-success-50 text-success-700",
  rejected: "bg-danger-50 text-danger-700",
  closed: "bg-slate-100 text-slate-700",
};

/** A registration's status as a badge: Active, Expired, Claim open or Replaced. */
export function RegistrationStatusBadge({ status }: { status: RegistrationStatus }) {
  return (
    <StatusBadge
      label={registrationStatusLabels[status]}
      tone={registrationTone[status]}
      testId="warranty-status"
    />
  );
}

/** A claim's status as a badge. */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return (
    <StatusBadge label={claimStatusLabels[status]} tone={claimTone[status]} testId="claim-status" />
  );
}

/** What a registration shows its owner and staff (props only: no feature type needed). */
export type RegistrationShown = {
  serial: string;
  model: string;
  purchaseDate: string;
  warrantyMonths: number;
  proRataMonths: number;
  freeUntil: string;
  warrantyUntil: string;
  daysLeft: number;
  status: RegistrationStatus;
};

/**
 * A registration's facts: model, serial, purchase date, the free-replacement period and the
 * pro-rata one when there is one, the end date and the days left.
 */
export function RegistrationFacts({ registration: r }: { registration: RegistrationShown }) {
  const rows: [string, string, string][] = [
    ["Battery model", r.model, "warranty-model"],
    ["Serial No.", r.serial, "warranty-serial"],
    ["Purchase date", formatDay(r.purchaseDate), "warranty-purchase"],
    [
      "Free replacement",
      `${formatWarranty(r.warrantyMonths)}, until ${formatDay(r.freeUntil)}`,
      "warranty-free-until",
    ],
    ...(r.proRataMonths > 0
      ? ([
          [
            "Pro-rata discount",
            `${formatWarranty(r.proRataMonths)} more, until ${formatDay(r.warrantyUntil)}`,
            "warranty-pro-rata-until",
          ],
        ] as [string, string, string][])
      : []),
    ["Warranty ends", formatDay(r.warrantyUntil), "warranty-end"],
    [
      "Days left",
      r.status === "replaced"
        ? "None: replaced"
        : r.daysLeft === 1
          ? "1 day"
          : `${r.daysLeft} days`,
      "warranty-days-left",
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
      {rows.map(([term, value, testId]) => (
        <div key={term}>
          <dt className="text-sm text-slate-600">{term}</dt>
          <dd className="font-semibold break-words text-slate-900" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
      <div>
        <dt className="text-sm text-slate-600">Status</dt>
        <dd>
          <RegistrationStatusBadge status={r.status} />
        </dd>
      </div>
    </dl>
  );
}

/** What a claim shows its owner and staff. */
export type ClaimShown = {
  id: number;
  reference: string;
  problem: ClaimProblem;
  details: string | null;
  status: ClaimStatus;
  outcome: ClaimOutcome | null;
  discountPaise: number | null;
  rejectReason: string | null;
  centreName: string;
  centreAddress: string;
  centreCity: string;
  centrePhone: string;
  booking: { reference: string; date: string; time: string } | null;
  timeline: {
    /** Who made the step, as the reader should read it ("you", "the service desk", a name). */
    by?: string;
    toStatus: ClaimStatus;
    fromStatus: ClaimStatus | null;
    note: string | null;
    createdAt: Date;
  }[];
};

/** The first event's title is "Claim raised"; every other one its new status. */
function eventTitle(event: ClaimShown["timeline"][number]): string {
  return event.fromStatus === null ? "Claim raised" : claimStatusLabels[event.toStatus];
}

/**
 * A claim: its reference and status, the problem, the centre and slot, what was decided, and its
 * timeline (every step: when, what, the note). `headingLevel` fits it under the page's headings.
 */
export function ClaimCard({
  claim,
  headingLevel = 3,
  children,
}: {
  claim: ClaimShown;
  headingLevel?: 2 | 3;
  /** Staff's moves, under the timeline. */
  children?: React.ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `claim-${claim.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="claim"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className="text-lg font-semibold text-slate-900">
          Claim <span className="font-mono">{claim.reference}</span>
        </Heading>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Problem</dt>
          <dd className="font-medium text-slate-900">
            {claimProblemLabels[claim.problem]}
            {claim.details ? `: ${claim.details}` : ""}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Service centre</dt>
          <dd className="font-medium text-slate-900">
            {claim.centreName}, {claim.centreCity}
            <span className="block font-normal text-slate-600">
              {claim.centreAddress} · {claim.centrePhone}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Inspection</dt>
          <dd className="font-medium text-slate-900" data-testid="claim-slot">
            {claim.booking
              ? `${bookingWhen(claim.booking)} (booking ${claim.booking.reference})`
              : "No slot chosen: the centre will call you"}
          </dd>
        </div>
        {claim.outcome ? (
          <div>
            <dt className="text-slate-600">Outcome</dt>
            <dd className="font-medium text-slate-900" data-testid="claim-outcome">
              {claimOutcomeLabels[claim.outcome]}
              {claim.outcome === "pro_rata" && claim.discountPaise
                ? `: ${formatPaise(claim.discountPaise)} off a new battery`
                : ""}
            </dd>
          </div>
        ) : null}
        {claim.rejectReason ? (
          <div>
            <dt className="text-slate-600">Reason</dt>
            <dd className="font-medium text-slate-900">{claim.rejectReason}</dd>
          </div>
        ) : null}
      </dl>
      <ol
        className="mt-4 space-y-3 border-l-2 border-slate-200 pl-4"
        aria-label={`Timeline of claim ${claim.reference}`}
      >
        {claim.timeline.map((event) => (
          <li
            key={`${event.toStatus}-${new Date(event.createdAt).getTime()}`}
            data-testid="claim-event"
          >
            <p className="font-medium text-slate-900">{eventTitle(event)}</p>
            <p className="text-sm text-slate-600">
              <time dateTime={new Date(event.createdAt).toISOString()}>
                {formatDateTime(new Date(event.createdAt))}
              </time>
              {event.by ? ` · by ${event.by}` : ""}
            </p>
            {event.note ? <p className="text-sm text-slate-700">{event.note}</p> : null}
          </li>
        ))}
      </ol>
      {children}
    </section>
  );
}

/** A battery in "My batteries": its facts in short, and its latest claim. */
export type MyBattery = RegistrationShown & {
  id: number;
  claimable: boolean;
  claims: Pick<ClaimShown, "reference" | "status">[];
};

/**
 * "My batteries" on the account page: every registration of the account (made signed in, from a
 * look-up and claim, or from an order delivered here), with its status, days left and claim.
 */
export function MyBatteries({ batteries }: { batteries: MyBattery[] }) {
  return (
    <section
      id="batteries"
      aria-labelledby="batteries-title"
      className="mt-8 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="batteries-title" className="text-xl font-semibold text-slate-900">
          My batteries
        </h2>
        <a href="/warranty" className="btn-outline">
          Register a battery
        </a>
      </div>
      {batteries.length === 0 ? (
        <p className="mt-2 text-slate-600">
          No batteries registered yet. A battery bought here is registered for you when it is
          fitted; register one bought elsewhere on the warranty page.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {batteries.map((b) => {
            const [claim] = b.claims;
            return (
              <li key={b.id} className="py-4 first:pt-0 last:pb-0" data-testid="my-battery">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold text-slate-900">
                      <a href={`/warranty/${b.id}`} className="underline-offset-2 hover:underline">
                        {b.model}
                      </a>
                    </p>
                    <p className="text-sm text-slate-700">
                      Serial <span className="font-mono">{b.serial}</span> · bought{" "}
                      {formatDay(b.purchaseDate)}
                    </p>
                    <p className="text-sm text-slate-700">
                      {b.status === "replaced"
                        ? "Replaced under warranty"
                        : b.daysLeft > 0
                          ? `Warranty until ${formatDay(b.warrantyUntil)}: ${b.daysLeft === 1 ? "1 day" : `${b.daysLeft} days`} left`
                          : `Warranty ended ${formatDay(b.warrantyUntil)}`}
                    </p>
                    {claim ? (
                      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                        Claim <span className="font-mono">{claim.reference}</span>
                        <ClaimStatusBadge status={claim.status} />
                      </p>
                    ) : null}
                  </div>
                  <RegistrationStatusBadge status={b.status} />
                </div>
                <p className="mt-2 flex flex-wrap gap-2">
                  <a href={`/warranty/${b.id}`} className="btn-outline">
                    Details<span className="sr-only">{` of ${b.model}, serial ${b.serial}`}</span>
                  </a>
                  {b.claimable ? (
                    <a href={`/warranty/${b.id}/claim`} className="btn-outline">
                      Raise a claim
                      <span className="sr-only">{` for ${b.model}, serial ${b.serial}`}</span>
                    </a>
                  ) : null}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
