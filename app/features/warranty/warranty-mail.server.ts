import type { Db } from "~/db/client.server";
import { formatClock } from "~/features/outlets/hours";
import { getSettings } from "~/features/settings/settings.server";
import { translatorFor } from "~/lib/i18n/catalogue.server";
import type { Locale } from "~/lib/i18n/locales";
import type { Translate } from "~/lib/i18n/translate";
import { formatDay } from "~/lib/india-time";
import { composeMail, mailClock, mailLink } from "~/lib/mail-layout.server";
import { queueMail, queueText } from "~/lib/mail-outbox.server";
import type { Mail } from "~/lib/mailer.server";
import { formatPaise } from "~/lib/money";
import { warrantyLabels } from "./warranty.messages";
import type { ClaimView, RegistrationView } from "./warranty.server";

type Writer = Pick<Db, "insert" | "select">;
type T = Translate["t"];

/** The periods of a registration in a sentence: "free replacement until …; pro-rata until …". */
function coverLines(registration: RegistrationView, t: T, locale: Locale): string[] {
  return [
    t("Free replacement until {day}", { day: formatDay(registration.freeUntil, locale) }),
    ...(registration.proRataMonths > 0
      ? [
          t("Pro-rata discount until {day}", {
            day: formatDay(registration.warrantyUntil, locale),
          }),
        ]
      : []),
  ];
}

/** The confirmation of one or more registrations to the same person, in the language of the
 * first (one form registers them all). */
export function registrationMail(
  to: string,
  registrations: RegistrationView[],
  brand: string,
  publicUrl: string,
): Mail {
  const [first] = registrations;
  const locale = first?.locale ?? "en";
  const { t } = translatorFor(locale, "mail");
  const account = registrations.some((r) => r.userId);
  return composeMail(locale, {
    to,
    subject:
      registrations.length === 1 && first
        ? t("{brand} warranty registered: {model}, serial {serial}", {
            brand,
            model: first.model,
            serial: first.serial,
          })
        : t("{brand}: {count} batteries registered for warranty", {
            brand,
            count: String(registrations.length),
          }),
    lines: [
      first?.firstName ? t("Hello {name},", { name: first.firstName }) : t("Hello,"),
      "",
      registrations.length === 1
        ? t("Your battery's warranty is registered.")
        : t("Your batteries' warranties are registered."),
      ...registrations.flatMap((r) => [
        "",
        t("{model}, serial {serial}", { model: r.model, serial: r.serial }),
        t("Purchased {day}", { day: formatDay(r.purchaseDate, locale) }),
        ...coverLines(r, t, locale),
      ]),
      "",
      account
        ? t("Your batteries: {link}", { link: mailLink(publicUrl, locale, "/account#batteries") })
        : t("Look it up any time with its serial number and your mobile number: {link}", {
            link: mailLink(publicUrl, locale, "/warranty?tab=view"),
          }),
    ],
  });
}

/** What a claim's news says of where it stands. */
function claimSentence(t: T, claim: ClaimView): string {
  const reference = claim.reference;
  switch (claim.status) {
    case "submitted":
      return t("Your warranty claim {reference} is submitted. {centre} will inspect the battery.", {
        reference,
        centre: claim.centreName,
      });
    case "inspection":
      return t("Your battery is being inspected (claim {reference}).", { reference });
    case "approved":
      return claim.outcome === "pro_rata" && claim.discountPaise
        ? t("Your claim {reference} is approved: a discount of {amount} on a new battery.", {
            reference,
            amount: formatPaise(claim.discountPaise),
          })
        : t("Your claim {reference} is approved: the battery will be replaced.", { reference });
    case "rejected":
      return claim.rejectReason
        ? t("Your claim {reference} is rejected: {reason}", {
            reference,
            reason: claim.rejectReason,
          })
        : t("Your claim {reference} is rejected.", { reference });
    case "closed":
      return t("Your claim {reference} is closed.", { reference });
  }
}

/** A claim's e-mail, on each change: where it stands, the note of the change and the centre; in
 * the registration's language. */
export function claimMail(
  registration: RegistrationView,
  claim: ClaimView,
  brand: string,
  publicUrl: string,
): Mail {
  const { locale } = registration;
  const { t } = translatorFor(locale, "mail");
  const last = claim.timeline.at(-1);
  const status = t(warrantyLabels.claimStatus[claim.status]);
  const problem = t(warrantyLabels.claimProblem[claim.problem]);
  return composeMail(locale, {
    to: claim.email,
    subject: t("{brand} warranty claim {reference}: {status}", {
      brand,
      reference: claim.reference,
      status,
    }),
    lines: [
      t("Hello {name},", { name: registration.firstName }),
      "",
      claimSentence(t, claim),
      ...(last?.note ? ["", last.note] : []),
      "",
      t("Battery: {model}, serial {serial}", {
        model: registration.model,
        serial: registration.serial,
      }),
      t("Problem: {problem}", {
        problem: claim.details ? `${problem} (${claim.details})` : problem,
      }),
      t("Service centre: {centre}, {address}, {city} (phone {phone})", {
        centre: claim.centreName,
        address: claim.centreAddress,
        city: claim.centreCity,
        phone: claim.centrePhone,
      }),
      ...(claim.booking
        ? [
            t("Inspection: {day}, {time}", {
              day: formatDay(claim.booking.date, locale),
              time:
                locale === "en"
                  ? formatClock(claim.booking.time)
                  : mailClock(claim.booking.time, locale),
            }),
          ]
        : []),
      ...(claim.outcome
        ? [t("Outcome: {outcome}", { outcome: t(warrantyLabels.claimOutcome[claim.outcome]) })]
        : []),
      t("Status: {status}", { status }),
      "",
      registration.userId
        ? t("Follow it: {link}", {
            link: mailLink(publicUrl, locale, `/warranty/${registration.id}`),
          })
        : t("Follow it with your serial and mobile number: {link}", {
            link: mailLink(publicUrl, locale, "/warranty?tab=view"),
          }),
    ],
  });
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
      text: translatorFor(r.locale, "mail").t(
        "{brand}: warranty registered for {model}, serial {serial}, valid until {day}.",
        {
          brand: brandName,
          model: r.model,
          serial: r.serial,
          day: formatDay(r.warrantyUntil, r.locale),
        },
      ),
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
      text: `${brandName}: ${claimSentence(translatorFor(registration.locale, "mail").t, claim)}`,
    });
  }
}
