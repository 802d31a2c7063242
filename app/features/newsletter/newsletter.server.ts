import { randomBytes } from "node:crypto";
import { and, count, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";
import { limitPerConnection, type RateRule } from "~/features/accounts/rate-limit.server";
import { getSettings } from "~/features/settings/settings.server";
import { translatorFor } from "~/lib/i18n/catalogue.server";
import type { Locale } from "~/lib/i18n/locales";
import { composeMail, mailLink } from "~/lib/mail-layout.server";
import { queueMail } from "~/lib/mail-outbox.server";
import type { Mail } from "~/lib/mailer.server";
import { newsletterMessages as m } from "./newsletter.messages";
import { subscriptionTokenSchema } from "./newsletter.schema";

/** Sign-ups one connection may make in an hour. */
export const subscribePerIp: RateRule = { limit: 10, windowSeconds: 60 * 60 };

/** 24 random bytes as 32 URL-safe characters: an unsubscribe link's secret. */
const newToken = () => randomBytes(24).toString("base64url");

/** How long a sign-up of an address waiting for its confirmation waits to be asked again. */
export const ASK_AGAIN_AFTER_MINUTES = 60;

/**
 * A sign-up from the footer (ADR 048): the address is mailed a link to confirm it, and gets the
 * newsletter only once its owner has. One row per address, whatever its case. An address not
 * known yet, or one that unsubscribed, is asked at once; one that waits for its confirmation is
 * asked again only ASK_AGAIN_AFTER_MINUTES after it was last asked (so a stranger cannot fill
 * someone's inbox); one subscribed now is left alone. Says whether a mail went out; the visitor is given the same
 * answer either way, and learns nothing about who is on the list.
 */
export async function subscribe(
  db: Db,
  email: string,
  client: { headers: Headers },
  options: { publicUrl: string; locale?: Locale },
): Promise<{ asked: boolean }> {
  const locale = options.locale ?? "en";
  await limitPerConnection(db, "newsletter", subscribePerIp, client, m.tooMany);
  const address = email.trim().toLowerCase();
  const t = newsletterSubscribers;
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(t)
      .values({ email: address, token: newToken(), locale })
      .onConflictDoNothing()
      .returning({ token: t.token });
    const [again] = inserted
      ? []
      : await tx
          .update(t)
          .set({ subscribedAt: sql`now()`, confirmedAt: null, unsubscribedAt: null, locale })
          .where(
            and(
              sql`lower(${t.email}) = ${address}`,
              or(
                isNotNull(t.unsubscribedAt),
                and(
                  isNull(t.confirmedAt),
                  sql`${t.subscribedAt} < now() - make_interval(mins => ${ASK_AGAIN_AFTER_MINUTES})`,
                ),
              ),
            ),
          )
          .returning({ token: t.token });
    const token = inserted?.token ?? again?.token;
    if (!token) return { asked: false };
    // The mail goes with the sign-up: both stored, or neither (ADR 026).
    await queueSubscriptionMail(tx, "ask", { email: address, token, locale }, options.publicUrl);
    return { asked: true };
  });
}

/**
 * Confirms the address of a confirmation link: it is subscribed from now on (again, if it had
 * unsubscribed), and welcomed with a mail that has its unsubscribe link. "subscribed" when this
 * confirmed it, "already" when it was subscribed already, null when the link is unknown.
 */
export async function confirmSubscription(
  db: Db,
  token: string,
  options: { publicUrl: string },
): Promise<"subscribed" | "already" | null> {
  const t = newsletterSubscribers;
  const confirmed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({ confirmedAt: sql`now()`, unsubscribedAt: null })
      .where(and(eq(t.token, token), or(isNull(t.confirmedAt), isNotNull(t.unsubscribedAt))))
      .returning({ email: t.email, locale: t.locale });
    if (row) await queueSubscriptionMail(tx, "welcome", { ...row, token }, options.publicUrl);
    return row !== undefined;
  });
  if (confirmed) return "subscribed";
  return (await findSubscription(db, token)) ? "already" : null;
}

/**
 * The subscription a confirmation or unsubscribe link is for, its address partly hidden:
 * `subscribed` once confirmed and not unsubscribed since, `unsubscribed` once it has.
 */
export async function findSubscription(db: Db, token: string) {
  const [row] = await db
    .select({
      email: newsletterSubscribers.email,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.token, token));
  if (!row) return null;
  const unsubscribed = row.unsubscribedAt !== null;
  return {
    maskedEmail: maskEmail(row.email),
    subscribed: row.confirmedAt !== null && !unsubscribed,
    unsubscribed,
  };
}

/**
 * The token of a confirmation or unsubscribe link (its `token` parameter) and the subscription
 * it is for: null for either when the link is malformed or unknown.
 */
export async function subscriptionOfLink(db: Db, request: Request) {
  const token = subscriptionTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  if (!token.success) return { token: null, subscription: null };
  return { token: token.data, subscription: await findSubscription(db, token.data) };
}

/** Unsubscribes the link's address; false when the link is unknown. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` })
    .where(eq(newsletterSubscribers.token, token))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

/** "as***@example.in": enough for the owner to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 2)}***@${domain}`;
}

/** A link of the address's mails, to its confirmation page (ADR 048) or its unsubscribe page. */
export function subscriptionLink(
  publicUrl: string,
  page: "confirm" | "unsubscribe",
  token: string,
  locale: Locale = "en",
): string {
  const url = new URL(mailLink(publicUrl, locale, `/newsletter/${page}`));
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * Every newsletter mail goes out through here, in the subscriber's language: its text ends with
 * the unsubscribe link, and the List-Unsubscribe header carries the same link for mail apps' own
 * button.
 */
export function newsletterMail(
  to: string,
  subject: string,
  body: string[],
  link: string,
  locale: Locale = "en",
): Mail {
  const { t } = translatorFor(locale, "mail");
  return composeMail(locale, {
    to,
    subject,
    lines: [...body, "", t("To stop receiving these e-mails, unsubscribe here: {link}", { link })],
    headers: { "List-Unsubscribe": `<${link}>` },
  });
}

/**
 * A mail of the sign-up, queued in the transaction of the change it tells of: "ask", the
 * question to the address's owner (no newsletter goes out before the answer, so it has no
 * unsubscribe link: ignoring it is enough), or "welcome", once the owner has confirmed: the first
 * newsletter mail, with its unsubscribe link.
 */
async function queueSubscriptionMail(
  tx: Db,
  kind: "ask" | "welcome",
  to: { email: string; token: string; locale: Locale },
  publicUrl: string,
) {
  const { brandName: brand } = await getSettings(tx);
  const { t } = translatorFor(to.locale, "mail");
  const link = (page: "confirm" | "unsubscribe") =>
    subscriptionLink(publicUrl, page, to.token, to.locale);
  const mail =
    kind === "ask"
      ? composeMail(to.locale, {
          to: to.email,
          subject: t("Confirm your subscription to {brand} news", { brand }),
          lines: [
            t("Hello,"),
            "",
            t(
              "This address was signed up for {brand} news: battery-care tips, new batteries and offers, a few times a month at most.",
              { brand },
            ),
            t("To receive them, confirm here: {link}", { link: link("confirm") }),
            "",
            t(
              "If you did not ask for it, ignore this e-mail: without your confirmation we send you nothing more.",
            ),
          ],
        })
      : newsletterMail(
          to.email,
          t("You are subscribed to {brand} news", { brand }),
          [
            t("Hello,"),
            "",
            t(
              "Thank you for subscribing to {brand} news: battery-care tips, new batteries and offers, a few times a month at most.",
              { brand },
            ),
          ],
          link("unsubscribe"),
          to.locale,
        );
  await queueMail(tx, mail);
}

/**
 * The newsletter's list as the back office's messages page shows it: the addresses subscribed
 * now (confirmed, not unsubscribed since), and those waiting for their owner's confirmation.
 */
export async function countSubscribers(db: Db): Promise<{ subscribed: number; waiting: number }> {
  const t = newsletterSubscribers;
  const [row] = await db
    .select({
      subscribed: count(sql`case when ${t.confirmedAt} is not null then 1 end`),
      waiting: count(sql`case when ${t.confirmedAt} is null then 1 end`),
    })
    .from(t)
    .where(isNull(t.unsubscribedAt));
  return { subscribed: row?.subscribed ?? 0, waiting: row?.waiting ?? 0 };
}
