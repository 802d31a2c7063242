import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** How a queued message goes: by e-mail, or as an SMS or WhatsApp text (lib/notifier.server.ts). */
export const messageChannels = ["email", "sms", "whatsapp"] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * Mail (and texts: `channel`) waiting to be sent, and sent (lib/mail-outbox.server.ts, ADR 026). A change writes its
 * mail here in its own transaction, so a mail is never lost to a crash nor sent for a change that
 * was rolled back; a background worker sends it, retrying with growing pauses.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** E-mail (the default), or a text to a mobile number (`to` is then ten digits). */
    channel: text("channel", { enum: messageChannels }).notNull().default("email"),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Not sent before this time (the next try after a failure). */
    sendAfter: timestamp("send_after", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Given up after the last try: kept for the record. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("mail_outbox_channel_check", sql`${t.channel} in ('email', 'sms', 'whatsapp')`),
    // What the worker reads: mail still to send, oldest due first.
    index("mail_outbox_due_idx")
      .on(t.sendAfter)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);
