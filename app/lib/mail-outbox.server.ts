import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import type { Mail, Mailer } from "./mailer.server";
import type { Notifier, TextMessage } from "./notifier.server";
import { qualified } from "./sql.server";

/**
 * The durable outbox (ADR 026). A change queues its mail with `queueMail` in the change's own
 * transaction: the mail is stored if and only if the change is. `deliverQueuedMail` (run by the
 * server's background jobs, server/jobs.ts) sends what is due, each mail at least once: a batch
 * is claimed for a while (another process skips it), sent, and marked sent; a failure is tried
 * again after a growing pause, and given up after the last.
 */

/** What may queue mail: the database, or a transaction of it. */
type Writer = Pick<Db, "insert">;

/** Stores mail to be sent once the caller's transaction commits. */
export async function queueMail(db: Writer, mail: Mail | readonly Mail[]): Promise<void> {
  const mails = Array.isArray(mail) ? mail : [mail as Mail];
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(
    mails.map(({ to, subject, text, html, headers }) => ({
      to,
      subject,
      text,
      html: html ?? null,
      headers: headers ?? null,
    })),
  );
}

/** Stores a text (SMS or WhatsApp) to be sent once the caller's transaction commits: the same
 * outbox as mail, handed to the notifier (lib/notifier.server.ts). */
export async function queueText(db: Writer, message: TextMessage): Promise<void> {
  await db.insert(mailOutbox).values({
    channel: message.channel,
    to: message.to,
    subject: "",
    text: message.text,
  });
}

/** Pauses before each try again, in seconds: 1 min, 5 min, 30 min, 2 h, 12 h. */
export const RETRY_PAUSES_SECONDS = [60, 300, 1_800, 7_200, 43_200] as const;
/** The tries a mail gets in all. */
export const MAX_ATTEMPTS = RETRY_PAUSES_SECONDS.length + 1;
/** How long a claimed batch is another process's to leave alone (its sending would be over). */
const CLAIM_SECONDS = 600;

export type DeliveryReport = { sent: number; retried: number; failed: number };

/**
 * Sends up to `batch` due mails. Each is claimed first (its next try moved past the claim time,
 * its tries counted), so two processes never send one mail at once and a crash mid-send leaves
 * it to be sent again after the claim lapses.
 */
export async function deliverQueuedMail(
  db: Db,
  mailer: Mailer,
  options: {
    batch?: number;
    onError?: (error: unknown, mailId: number) => void;
    /** Sends the queued texts; without one they wait (`channel` sms or whatsapp). */
    notifier?: Notifier;
  } = {},
): Promise<DeliveryReport> {
  const due = alias(mailOutbox, "due");
  const claimable = db
    .select({ id: qualified(due.id) })
    .from(due)
    .where(
      and(
        isNull(due.sentAt),
        isNull(due.failedAt),
        lte(due.sendAfter, sql`now()`),
        options.notifier ? undefined : eq(due.channel, "email"),
      ),
    )
    .orderBy(asc(due.sendAfter), asc(due.id))
    .limit(options.batch ?? 20)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      sendAfter: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(inArray(mailOutbox.id, claimable))
    .returning();
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    try {
      if (row.channel !== "email" && options.notifier) {
        await options.notifier.send({ channel: row.channel, to: row.to, text: row.text });
      } else {
        await mailer.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          ...(row.headers ? { headers: row.headers } : {}),
        });
      }
      await db
        .update(mailOutbox)
        .set({ sentAt: sql`now()`, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      report.sent += 1;
    } catch (error) {
      options.onError?.(error, row.id);
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const pause = RETRY_PAUSES_SECONDS[row.attempts - 1];
      if (pause === undefined) {
        await db
          .update(mailOutbox)
          .set({ failedAt: sql`now()`, lastError: message })
          .where(eq(mailOutbox.id, row.id));
        report.failed += 1;
      } else {
        await db
          .update(mailOutbox)
          .set({ sendAfter: sql`now() + make_interval(secs => ${pause})`, lastError: message })
          .where(eq(mailOutbox.id, row.id));
        report.retried += 1;
      }
    }
  }
  return report;
}
