import { sql } from "drizzle-orm";
import {
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { localeCheck, localeColumn } from "./locale";

/** What visitors send through the contact form, until staff mark it handled. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_open_idx").on(t.handledAt, t.createdAt)],
);

/**
 * Newsletter sign-ups: one row per address (compared in lower case). An address is mailed the
 * newsletter only once its owner has confirmed it (`confirmed_at`, ADR 048) and not unsubscribed
 * since. Unsubscribing keeps the row with `unsubscribed_at` set, so the link keeps working and a
 * new sign-up reuses it.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    /** The secret of the address's unsubscribe link. */
    token: text("token").notNull().unique("newsletter_subscribers_token_unique"),
    /** The last sign-up: when the last confirmation mail was sent. */
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the owner confirmed the address by its mail's link; null while it waits for that. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The secret of the confirmation link: new for each new request, never in a newsletter. */
    confirmToken: text("confirm_token").unique("newsletter_subscribers_confirm_token_unique"),
    /** The confirmation mails sent since the address was last subscribed (at most 3, ADR 048). */
    asks: smallint("asks").notNull().default(1),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    locale: localeColumn(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(sql`lower(${t.email})`),
    localeCheck("newsletter_subscribers"),
  ],
);
