import { Link } from "react-router";
import { StatusBadge } from "~/components/order-parts";
import type { ClaimOutcome, ClaimProblem, ClaimStatus } from "~/db/schema/enums";
import { formatClock } from "~/features/outlets/hours";
import {
  claimOutcomeLabels,
  claimProblemLabels,
  claimStatusLabels,
  type RegistrationStatus,
  registrationStatusLabels,
} from "~/features/warranty/claim-status";
import { formatDateTime } from "~/lib/format";
import { msg } from "~/lib/i18n/msg";
import { type T, useT } from "~/lib/i18n/react";
import type { Translate } from "~/lib/i18n/translate";
import { formatDay } from "~/lib/india-time";
import { formatPaise } from "~/lib/money";

/** Who made a step of a claim, as the owner's pages say it (owner-view.server.ts). */
msg("you");
msg("the service desk");

/** A warranty's length in the page's language: "2 years", "18 months", "No warranty". Two
 * messages each rather than an ICU plural: the back office shows these parts without
 * catalogues, where only plain `{name}` templates fill in. */
export function warrantyLength(t: T | Translate["t"], months: number): string {
  if (months <= 0) return t("No warranty");
  if (months % 12 === 0) {
    const years = months / 12;
    return years === 1 ? t("1 year") : t("{years} years", { years });
  }
  return months === 1 ? t("1 month") : t("{months} months", { months });
}

/** Days as the warranty pages count them: "1 day", "30 days". */
function dayCount(t: T, days: number): string {
  return days === 1 ? t("1 day") : t("{days} days", { days });
}

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
  const t = useT("warranty");
  return (
    <StatusBadge
      label={t(registrationStatusLabels[status])}
      tone={registrationTone[status]}
      testId="warranty-status"
    />
  );
}

/** A claim's status as a badge. */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const t = useT("warranty");
  return (
    <StatusBadge
      label={t(claimStatusLabels[status])}
      tone={claimTone[status]}
      testId="claim-status"
    />
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
  const t = useT("warranty");
  const day = (value: string) => formatDay(value, t.locale);
  const rows: [string, string, string][] = [
    [t("Battery model"), r.model, "warranty-model"],
    [t("Serial No."), r.serial, "warranty-serial"],
    [t("Purchase date"), day(r.purchaseDate), "warranty-purchase"],
    [
      t("Free replacement"),
      t("{length}, until {day}", {
        length: warrantyLength(t, r.warrantyMonths),
        day: day(r.freeUntil),
      }),
      "warranty-free-until",
    ],
    ...(r.proRataMonths > 0
      ? ([
          [
            t("Pro-rata discount"),
            t("{length} more, until {day}", {
              length: warrantyLength(t, r.proRataMonths),
              day: day(r.warrantyUntil),
            }),
            "warranty-pro-rata-until",
          ],
        ] as [string, string, string][])
      : []),
    [t("Warranty ends"), day(r.warrantyUntil), "warranty-end"],
    [
      t("Days left"),
      r.status === "replaced" ? t("None: replaced") : dayCount(t, r.daysLeft),
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
        <dt className="text-sm text-slate-600">{t("Status")}</dt>
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
function eventTitle(t: T, event: ClaimShown["timeline"][number]): string {
  return event.fromStatus === null ? t("Claim raised") : t(claimStatusLabels[event.toStatus]);
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
  const t = useT("warranty");
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
          {t.rich(
            "Claim <0>{reference}</0>",
            {
              0: (reference) => <span className="font-mono">{reference}</span>,
            },
            { reference: claim.reference },
          )}
        </Heading>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">{t("Problem")}</dt>
          <dd className="font-medium text-slate-900">
            {t(claimProblemLabels[claim.problem])}
            {claim.details ? `: ${claim.details}` : ""}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("Service centre")}</dt>
          <dd className="font-medium text-slate-900">
            {claim.centreName}, {claim.centreCity}
            <span className="block font-normal text-slate-600">
              {claim.centreAddress} · {claim.centrePhone}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("Inspection")}</dt>
          <dd className="font-medium text-slate-900" data-testid="claim-slot">
            {claim.booking
              ? t("{day} at {time} (booking {reference})", {
                  day: formatDay(claim.booking.date, t.locale),
                  time: formatClock(claim.booking.time),
                  reference: claim.booking.reference,
                })
              : t("No slot chosen: the centre will call you")}
          </dd>
        </div>
        {claim.outcome ? (
          <div>
            <dt className="text-slate-600">{t("Outcome")}</dt>
            <dd className="font-medium text-slate-900" data-testid="claim-outcome">
              {t(claimOutcomeLabels[claim.outcome])}
              {claim.outcome === "pro_rata" && claim.discountPaise
                ? t(": {discount} off a new battery", {
                    discount: formatPaise(claim.discountPaise),
                  })
                : ""}
            </dd>
          </div>
        ) : null}
        {claim.rejectReason ? (
          <div>
            <dt className="text-slate-600">{t("Reason")}</dt>
            <dd className="font-medium text-slate-900">{claim.rejectReason}</dd>
          </div>
        ) : null}
      </dl>
      <ol
        className="mt-4 space-y-3 border-l-2 border-slate-200 pl-4"
        aria-label={t("Timeline of claim {reference}", { reference: claim.reference })}
      >
        {claim.timeline.map((event) => (
          <li
            key={`${event.toStatus}-${new Date(event.createdAt).getTime()}`}
            data-testid="claim-event"
          >
            <p className="font-medium text-slate-900">{eventTitle(t, event)}</p>
            <p className="text-sm text-slate-600">
              <time dateTime={new Date(event.createdAt).toISOString()}>
                {formatDateTime(new Date(event.createdAt), t.locale)}
              </time>
              {event.by ? t(" · by {name}", { name: t.text(event.by) }) : ""}
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
  const t = useT("warranty");
  const day = (value: string) => formatDay(value, t.locale);
  return (
    <section
      id="batteries"
      aria-labelledby="batteries-title"
      className="mt-8 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="batteries-title" className="text-xl font-semibold text-slate-900">
          {t("My batteries")}
        </h2>
        <Link to="/warranty" className="btn-outline">
          {t("Register a battery")}
        </Link>
      </div>
      {batteries.length === 0 ? (
        <p className="mt-2 text-slate-600">
          {t(
            "No batteries registered yet. A battery bought here is registered for you when it is fitted; register one bought elsewhere on the warranty page.",
          )}
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
                      <Link to={`/warranty/${b.id}`} className="underline-offset-2 hover:underline">
                        {b.model}
                      </Link>
                    </p>
                    <p className="text-sm text-slate-700">
                      {t.rich(
                        "Serial <0>{serial}</0> · bought {day}",
                        { 0: (serial) => <span className="font-mono">{serial}</span> },
                        { serial: b.serial, day: day(b.purchaseDate) },
                      )}
                    </p>
                    <p className="text-sm text-slate-700">
                      {b.status === "replaced"
                        ? t("Replaced under warranty")
                        : b.daysLeft > 0
                          ? t("Warranty until {day}: {left} left", {
                              day: day(b.warrantyUntil),
                              left: dayCount(t, b.daysLeft),
                            })
                          : t("Warranty ended {day}", { day: day(b.warrantyUntil) })}
                    </p>
                    {claim ? (
                      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                        <span>
                          {t.rich(
                            "Claim <0>{reference}</0>",
                            { 0: (reference) => <span className="font-mono">{reference}</span> },
                            { reference: claim.reference },
                          )}
                        </span>
                        <ClaimStatusBadge status={claim.status} />
                      </p>
                    ) : null}
                  </div>
                  <RegistrationStatusBadge status={b.status} />
                </div>
                <p className="mt-2 flex flex-wrap gap-2">
                  <Link to={`/warranty/${b.id}`} className="btn-outline">
                    {t.rich(
                      "Details<0> of {model}, serial {serial}</0>",
                      { 0: (text) => <span className="sr-only">{text}</span> },
                      { model: b.model, serial: b.serial },
                    )}
                  </Link>
                  {b.claimable ? (
                    <Link to={`/warranty/${b.id}/claim`} className="btn-outline">
                      {t.rich(
                        "Raise a claim<0> for {model}, serial {serial}</0>",
                        { 0: (text) => <span className="sr-only">{text}</span> },
                        { model: b.model, serial: b.serial },
                      )}
                    </Link>
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
