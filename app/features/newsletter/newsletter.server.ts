import { randomBytes } from "node:crypto";
import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
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

/** Sign-ups one connection may make in an hour. */
export const subscribePerIp: RateRule = { limit: 10, windowSeconds: 60 * 60 };

/** 24 random bytes as 32 URL-safe characters: an unsubscribe link's secret. */
const newToken = () => randomBytes(24).toString("base64url");

/**
 * Subscribes an address, once whatever its case. Says whether this made a new subscription (a
 * new address, or one that had unsubscribed and now comes back) so that only then a welcome mail
 * goes out; the visitor is told "You are subscribed" either way, and learns nothing about who else
 * is on the list.
 */
export async function subscribe(
  db: Db,
  email: string,
  client: { headers: Headers },
  options: { publicUrl: string; locale?: Locale },
): Promise<{ started: boolean }> {
  const locale = options.locale ?? "en";
  await limitPerConnection(db, "newsletter", subscribePerIp, client, m.tooMany);
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(newsletterSubscribers)
      .values({ email: address, token: newToken(), locale })
      .onConflictDoNothing()
      .returning({ token: newsletterSubscribers.token });
    // Known already: subscribed again only if it had unsubscribed (the update says whether).
    const [back] = inserted
      ? []
      : await tx
          .update(newsletterSubscribers)
          .set({ unsubscribedAt: null, subscribedAt: sql`now()`, locale })
          .where(
            and(
              sql`lower(${newsletterSubscribers.email}) = ${address}`,
              isNotNull(newsletterSubscribers.unsubscribedAt),
            ),
          )
          .returning({ token: newsletterSubscribers.token });
    const token = inserted?.token ?? back?.token;
    if (!token) return { started: false };
    // The welcome goes with the subscription: both stored, or neither (ADR 026).
    await queueWelcomeMail(tx, address, token, options.publicUrl, locale);
    return { started: true };
  });
}

/** The subscription an unsubscribe link is for, its address partly hidden. */
export async function findSubscription(db: Db, token: string) {
  const [row] = await db
    .select({
      email: newsletterSubscribers.email,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.token, token));
  if (!row) return null;
  return { maskedEmail: maskEmail(row.email), unsubscribed: row.unsubscribedAt !== null };
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

export function unsubscribeLink(publicUrl: string, token: string, locale: Locale = "en"): string {
  const url = new URL(mailLink(publicUrl, locale, "/newsletter/unsubscribe"));
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

/** The welcome of a new subscriber, queued in the subscription's transaction. */
async function queueWelcomeMail(
  tx: Db,
  email: string,
  token: string,
  publicUrl: string,
  locale: Locale,
) {
  const { brandName: brand } = await getSettings(tx);
  const { t } = translatorFor(locale, "mail");
  await queueMail(
    tx,
    newsletterMail(
      email,
      t("You are subscribed to {brand} news", { brand }),
      [
        t("Hello,"),
        "",
        t(
          "Thank you for subscribing to {brand} news: battery-care tips, new batteries and offers, a few times a month at most.",
          { brand },
        ),
      ],
      unsubscribeLink(publicUrl, token, locale),
      locale,
    ),
  );
}

/** How many addresses are subscribed now (the back office's messages page says so). */
export async function countSubscribers(db: Db): Promise<number> {
  const [row] = await db
    .select({ subscribed: count() })
    .from(newsletterSubscribers)
    .where(isNull(newsletterSubscribers.unsubscribedAt));
  return row?.subscribed ?? 0;
}
