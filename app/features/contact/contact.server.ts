import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { limitPerConnection, type RateRule } from "~/features/accounts/rate-limit.server";
import { recordAudit } from "~/features/audit/audit.server";
import { NotFound } from "~/lib/errors";
import { paginate } from "~/lib/paginate";
import { escapeLike } from "~/lib/sql.server";
import { contactMessages as m } from "./contact.messages";
import { type ContactForm, HONEYPOT_FIELD, type messageListSchema } from "./contact.schema";

/** Messages one connection may send in an hour. */
export const contactPerIp: RateRule = { limit: 5, windowSeconds: 60 * 60 };

/**
 * Stores what a visitor wrote. A filled-in honeypot is a robot's: it is answered exactly like a
 * person (so it learns nothing) and nothing is stored. Counted per IP first.
 */
export async function sendContactMessage(
  db: Db,
  form: ContactForm,
  actor: { id: string } | null,
  client: { headers: Headers },
): Promise<{ stored: boolean }> {
  await limitPerConnection(db, "contact", contactPerIp, client, m.tooMany);
  if (form[HONEYPOT_FIELD]) return { stored: false };
  await db.insert(contactMessages).values({
    name: form.name,
    email: form.email,
    phone: form.phone,
    message: form.message,
    userId: actor?.id ?? null,
  });
  return { stored: true };
}

export const MESSAGE_PAGE_SIZE = 25;

/** The back office's messages, newest first. */
export async function listMessages(db: Db, query: z.output<typeof messageListSchema>) {
  const conditions: SQL[] = [];
  if (query.status === "open") conditions.push(isNull(contactMessages.handledAt));
  if (query.status === "handled") conditions.push(isNotNull(contactMessages.handledAt));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const match = or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern));
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(contactMessages)
    .where(where);
  const window = paginate(total, query.page, MESSAGE_PAGE_SIZE);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total, page: window.page, pageCount: window.pageCount };
}

/** Marks a message handled (by whom, when), or open again; recorded in the audit log. */
export async function setMessageHandled(
  db: Db,
  input: { messageId: number; handled: boolean },
  actor: { id: string },
) {
  const [row] = await db
    .update(contactMessages)
    .set(
      input.handled
        ? { handledAt: new Date(), handledBy: actor.id }
        : { handledAt: null, handledBy: null },
    )
    .where(eq(contactMessages.id, input.messageId))
    .returning({ id: contactMessages.id });
  if (!row) throw new NotFound(m.notFound);
  await recordAudit(
    db,
    actor,
    "contact_message",
    row.id,
    null,
    { handled: input.handled },
    input.handled ? "handle" : "reopen",
  );
}
