import { randomBytes } from "node:crypto";
import { and, count, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
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

/** 24 random bytes as 32 URL-safe characters: a confirmation or unsubscribe link's secret. */
const newToken = () => randomBytes(24).toString("base64url");

/** How long an address waiting for its confirmation waits before it is asked again. */
export const ASK_AGAIN_AFTER_MINUTES = 60;
/** The most confirmation mails an address is sent before its owner answers one. */
export const MOST_ASKS = 3;

/**
 * A sign-up from the footer (ADR 048): the address is mailed a link to confirm it, and gets the
 * newsletter only once its owner has. One row per address, whatever its case:
 * - a new address is asked;
 * - one that waits for its confirmation is asked again (the same link) only
 *   ASK_AGAIN_AFTER_MINUTES after it was last asked, and MOST_ASKS times in all, so that a
 *   stranger cannot fill someone's inbox;
 * - one that unsubscribed is asked again with a new link, once an hour at most, and stays
 *   unsubscribed until its owner confirms;
 * - one subscribed now is left alone.
 * Says whether a mail went out; the visitor is given the same answer either way, and learns
 * nothing about who is on the list.
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
      .values({ email: address, token: newToken(), confirmToken: newToken(), locale })
      .onConflictDoNothing()
      .returning({ confirmToken: t.confirmToken });
    const waiting = isNull(t.confirmedAt);
    const [again] = inserted
      ? []
      : await tx
          .update(t)
          .set({
            subscribedAt: sql`now()`,
            // (Each expression reads the row as it was.) A waiting address keeps its link; one
            // that unsubscribed gets a new one, and its count of asks starts again.
            asks: sql`case when ${waiting} then ${t.asks} + 1 else 1 end`,
            confirmToken: sql`case when ${waiting} then ${t.confirmToken} else ${newToken()} end`,
            confirmedAt: null,
            locale,
          })
          .where(
            and(
              sql`lower(${t.email}) = ${address}`,
              or(waiting, isNotNull(t.unsubscribedAt)),
              sql`${t.subscribedAt} < now() - make_interval(mins => ${ASK_AGAIN_AFTER_MINUTES})`,
              or(isNotNull(t.confirmedAt), lt(t.asks, MOST_ASKS)),
            ),
          )
          .returning({ confirmToken: t.confirmToken });
    const confirmToken = inserted?.confirmToken ?? again?.confirmToken;
    if (!confirmToken) return { asked: false };
    // The mail goes with the sign-up: both stored, or neither (ADR 026).
    await queueSubscriptionMail(
      tx,
      "ask",
      { email: address, token: confirmToken, locale },
      options.publicUrl,
    );
    return { asked: true };
  });
}

/**
 * Confirms the address of a confirmation link, while it waits for that: it is subscribed from
 * now on, and welcomed with a mail that has its unsubscribe link. An old link of an address that
 * was subscribed and has unsubscribed since confirms nothing. "subscribed" when this confirmed
 * it, "already" when the link's address was confirmed before, null when the link is unknown.
 */
export async function confirmSubscription(
  db: Db,
  confirmToken: string,
  options: { publicUrl: string },
): Promise<"subscribed" | "already" | null> {
  const t = newsletterSubscribers;
  const confirmed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({ confirmedAt: sql`now()`, unsubscribedAt: null })
      .where(and(eq(t.confirmToken, confirmToken), isNull(t.confirmedAt)))
      .returning({ email: t.email, locale: t.locale, token: t.token });
    if (row) await queueSubscriptionMail(tx, "welcome", row, options.publicUrl);
    return row !== undefined;
  });
  if (confirmed) return "subscribed";
  return (await findSubscription(db, "confirm", confirmToken)) ? "already" : null;
}

/** Which link: the confirmation mail's (confirm) or a newsletter mail's (unsubscribe). */
export type SubscriptionLinkKind = "confirm" | "unsubscribe";

/**
 * The subscription a confirmation or unsubscribe link is for, its address partly hidden:
 * `waiting` for its owner's confirmation, `subscribed` once confirmed and not unsubscribed since,
 * `unsubscribed` once it has (even if it was asked again since).
 */
export async function findSubscription(db: Db, kind: SubscriptionLinkKind, token: string) {
  const t = newsletterSubscribers;
  const [row] = await db
    .select({ email: t.email, confirmedAt: t.confirmedAt, unsubscribedAt: t.unsubscribedAt })
    .from(t)
    .where(eq(kind === "confirm" ? t.confirmToken : t.token, token));
  if (!row) return null;
  const unsubscribed = row.unsubscribedAt !== null;
  return {
    maskedEmail: maskEmail(row.email),
    waiting: row.confirmedAt === null,
    subscribed: row.confirmedAt !== null && !unsubscribed,
    unsubscribed,
  };
}

/**
 * The token of a confirmation or unsubscribe link (its `token` parameter) and the subscription
 * it is for: null for either when the link is malformed or unknown.
 */
export async function subscriptionOfLink(db: Db, kind: SubscriptionLinkKind, request: Request) {
  const token = subscriptionTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  if (!token.success) return { token: null, subscription: null };
  return { token: token.data, subscription: await findSubscription(db, kind, token.data) };
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
  page: SubscriptionLinkKind,
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
  /** `token`: the secret of the mail's link, the confirmation's or the unsubscribe one's. */
  to: { email: string; token: string; locale: Locale },
  publicUrl: string,
) {
  const { brandName: brand } = await getSettings(tx);
  const { t } = translatorFor(to.locale, "mail");
  const link = (page: SubscriptionLinkKind) =>
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
      subscribed: count(
        sql`case when ${t.confirmedAt} is not null and ${t.unsubscribedAt} is null then 1 end`,
      ),
      waiting: count(sql`case when ${t.confirmedAt} is null then 1 end`),
    })
    .from(t);
  return { subscribed: row?.subscribed ?? 0, waiting: row?.waiting ?? 0 };
}
