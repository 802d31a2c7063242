import type { Db } from "~/db/client.server";
import { formatClock } from "~/features/outlets/hours";
import { getSettings } from "~/features/settings/settings.server";
import { formatDay } from "~/lib/india-time";
import { queueMail, queueText } from "~/lib/mail-outbox.server";
import type { Mail } from "~/lib/mailer.server";
import { formatPaise } from "~/lib/money";
import { claimOutcomeLabels, claimProblemLabels, claimStatusLabels } from "./claim-status";
import type { ClaimView, RegistrationView } from "./warranty.server";

type Writer = Pick<Db, "insert" | "select">;

/** The periods of a registration in a sentence: "free replacement until …; pro-rata until …". */
export function coverLines(registration: RegistrationView): string[] {
  return [
    `Free replacement until ${formatDay(registration.freeUntil)}`,
    ...(registration.proRataMonths > 0
      ? [`Pro-rata discount until ${formatDay(registration.warrantyUntil)}`]
      : []),
  ];
}

/** The confirmation of one or more registrations to the same person. */
export function registrationMail(
  to: string,
  registrations: RegistrationView[],
  brand: string,
  publicUrl: string,
): Mail {
  const [first] = registrations;
  const account = registrations.some((r) => r.userId);
  return {
    to,
    subject:
      registrations.length === 1 && first
        ? `${brand} warranty registered: ${first.model}, serial ${first.serial}`
        : `${brand}: ${registrations.length} batteries registered for warranty`,
    text: [
      `Hello ${first?.firstName ?? ""},`.replace(" ,", ","),
      "",
      registrations.length === 1
        ? "Your battery's warranty is registered."
        : "Your batteries' warranties are registered.",
      ...registrations.flatMap((r) => [
        "",
        `${r.model}, serial ${r.serial}`,
        `Purchased ${formatDay(r.purchaseDate)}`,
        ...coverLines(r),
      ]),
      "",
      account
        ? `Your batteries: ${new URL("/account#batteries", publicUrl).toString()}`
        : `Look it up any time with its serial number and your mobile number: ${new URL("/warranty?tab=view", publicUrl).toString()}`,
    ].join("\n"),
  };
}

/** What a claim's news says of where it stands. */
function claimSentence(claim: ClaimView): string {
  switch (claim.status) {
    case "submitted":
      return `Your warranty claim ${claim.reference} is submitted. ${claim.centreName} will inspect the battery.`;
    case "inspection":
      return `Your battery is being inspected (claim ${claim.reference}).`;
    case "approved":
      return claim.outcome === "pro_rata" && claim.discountPaise
        ? `Your claim ${claim.reference} is approved: a discount of ${formatPaise(claim.discountPaise)} on a new battery.`
        : `Your claim ${claim.reference} is approved: the battery will be replaced.`;
    case "rejected":
      return `Your claim ${claim.reference} is rejected${claim.rejectReason ? `: ${claim.rejectReason}` : "."}`;
    case "closed":
      return `Your claim ${claim.reference} is closed.`;
  }
}

/** A claim's e-mail, on each change: where it stands, the note of the change and the centre. */
export function claimMail(
  registration: RegistrationView,
  claim: ClaimView,
  brand: string,
  publicUrl: string,
): Mail {
  const last = claim.timeline.at(-1);
  return {
    to: claim.email,
    subject: `${brand} warranty claim ${claim.reference}: ${claimStatusLabels[claim.status]}`,
    text: [
      `Hello ${registration.firstName},`,
      "",
      claimSentence(claim),
      ...(last?.note ? ["", last.note] : []),
      "",
      `Battery: ${registration.model}, serial ${registration.serial}`,
      `Problem: ${claimProblemLabels[claim.problem]}${claim.details ? ` (${claim.details})` : ""}`,
      `Service centre: ${claim.centreName}, ${claim.centreAddress}, ${claim.centreCity} (phone ${claim.centrePhone})`,
      ...(claim.booking
        ? [`Inspection: ${formatDay(claim.booking.date)}, ${formatClock(claim.booking.time)}`]
        : []),
      ...(claim.outcome ? [`Outcome: ${claimOutcomeLabels[claim.outcome]}`] : []),
      `Status: ${claimStatusLabels[claim.status]}`,
      "",
      registration.userId
        ? `Follow it: ${new URL(`/warranty/${registration.id}`, publicUrl).toString()}`
        : `Follow it with your serial and mobile number: ${new URL("/warranty?tab=view", publicUrl).toString()}`,
    ].join("\n"),
  };
}

/** Queues the confirmation of new registrations in the caller's transaction: a mail to each
 * address known, and an SMS to each owner who agreed to texts. */
export async function queueRegistrationNews(
  tx: Writer,
  registrations: RegistrationView[],
  publicUrl: string,
): Promise<void> {
  if (registrations.length === 0) return;
  const { brandName } = await getSettings(tx as Db);
  const byEmail = new Map<string, RegistrationView[]>();
  for (const r of registrations) {
    if (r.email) byEmail.set(r.email, [...(byEmail.get(r.email) ?? []), r]);
  }
  await queueMail(
    tx,
    [...byEmail].map(([to, rs]) => registrationMail(to, rs, brandName, publicUrl)),
  );
  for (const r of registrations) {
    if (!r.consent) continue;
    await queueText(tx, {
      channel: "sms",
      to: r.mobile,
      text: `${brandName}: warranty registered for ${r.model}, serial ${r.serial}, valid until ${formatDay(r.warrantyUntil)}.`,
    });
  }
}

/** Queues a claim's news in the caller's transaction: its mail, and an SMS with consent. */
export async function queueClaimNews(
  tx: Writer,
  registration: RegistrationView,
  claim: ClaimView,
  publicUrl: string,
): Promise<void> {
  const { brandName } = await getSettings(tx as Db);
  await queueMail(tx, claimMail(registration, claim, brandName, publicUrl));
  if (registration.consent) {
    await queueText(tx, {
      channel: "sms",
      to: registration.mobile,
      text: `${brandName}: ${claimSentence(claim)}`,
    });
  }
}
