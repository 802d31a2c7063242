import { sql } from "drizzle-orm";
import { bigint, check, date, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { sqlList } from "./enums";
import { orders } from "./orders";

/** How a bank credit was matched to its order (features/orders/statement-match.server.ts). */
export const paymentMatchMethods = ["utr", "reference", "amount"] as const;
export type PaymentMatchMethod = (typeof paymentMatchMethods)[number];

/**
 * Every bank credit used to mark an order paid (payment reconciliation, ADR 020). The bank's
 * reference (the UTR) is unique, so one credit never pays two orders, even when the same
 * statement is uploaded twice; an order has at most one credit. Orders with a credit cannot be
 * deleted: the credit is a record of money received.
 */
export const paymentCredits = pgTable(
  "payment_credits",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The credit's UTR or bank reference: upper-case letters and digits, leading zeros of an
     * all-digit one dropped (so "0000434512345678" and "434512345678" are one credit). */
    bankReference: text("bank_reference").notNull().unique(),
    /** The bank's own id of the statement line, when it has one beside the UTR: the same
     * credit met again in another export is found by either (issue 20). */
    bankLineId: text("bank_line_id").unique(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "restrict" }),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    /** The day the bank credited it, as the statement says. */
    creditedOn: date("credited_on", { mode: "string" }).notNull(),
    narration: text("narration").notNull().default(""),
    matchedBy: text("matched_by", { enum: paymentMatchMethods }).notNull(),
    /** The admin who confirmed it; null once that account is deleted. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payment_credits_amount_check", sql`${t.amountPaise} > 0`),
    check("payment_credits_reference_check", sql`${t.bankReference} ~ '^[A-Z0-9]{1,35}$'`),
    check(
      "payment_credits_matched_by_check",
      sql.raw(`"matched_by" in (${sqlList(paymentMatchMethods)})`),
    ),
    check("payment_credits_narration_check", sql`length(${t.narration}) <= 500`),
    check("payment_credits_line_id_check", sql`${t.bankLineId} ~ '^[A-Z0-9]{1,35}$'`),
  ],
);
