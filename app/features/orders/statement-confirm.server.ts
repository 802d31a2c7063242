/**
 * Payment reconciliation (ADR 020), confirming: the matches the admin ticked are checked again
 * and their orders marked paid, each bank credit recorded once in payment_credits.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders, paymentCredits } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { Conflict, DomainError, NotFound, ValidationError } from "~/lib/errors";
import { PG_UNIQUE_VIOLATION, pgErrorCode } from "~/lib/sql.server";
import { orderStatusLabels } from "./order-status";
import { changeOrderStatus } from "./orders.server";
import { statementMessages as m } from "./statement.messages";
import type { MatchMethod, StatementSelection } from "./statement.schema";
import { creditOnOrderDay, narrationNames, usedReferencesOf } from "./statement-match.server";
import { canonicalReference, NARRATION_CHARS, parseStatementDate } from "./statement-read.server";

/** What a confirmation did: the orders marked paid, and the matches refused with why. */
export type ConfirmOutcome = {
  marked: { order: number; reference: string; amountPaise: number; by: MatchMethod }[];
  refused: { order: number; reference: string; reason: string }[];
};

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Marks one chosen match's order paid, in the caller's transaction, after checking it again. */
async function markPaid(
  tx: Tx,
  selection: StatementSelection,
  actor: { id: string },
  publicUrl: string,
) {
  const reference = canonicalReference(selection.reference);
  const [order] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      totalPaise: orders.totalPaise,
      reference: orders.reference,
      utr: orders.utr,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.number, selection.order))
    .for("update");
  if (!order) throw new NotFound(m.orderGone);
  if (order.status !== "payment_pending") {
    throw new Conflict(m.notPending(orderStatusLabels[order.status].toLowerCase()));
  }
  // The posted amount is only compared: what is stored is the order's own total.
  if (selection.amountPaise !== order.totalPaise) {
    throw new Conflict(m.amountDiffers(selection.amountPaise, order.totalPaise));
  }
  if (!parseStatementDate(selection.creditedOn)) {
    throw new ValidationError(m.rowsUnreadable);
  }
  if (
    selection.by === "utr" &&
    (order.utr === null || canonicalReference(order.utr) !== reference)
  ) {
    throw new Conflict(m.utrDiffers);
  }
  if (selection.by === "reference" && !narrationNames(selection.narration, order.reference)) {
    throw new Conflict(m.referenceNotInNarration);
  }
  if (selection.by === "amount" && !creditOnOrderDay(selection.creditedOn, order.createdAt)) {
    throw new Conflict(m.dayTooFar);
  }
  const used = await usedReferencesOf(tx, [reference]);
  if (used.has(reference)) throw new Conflict(m.referenceUsed(used.get(reference) ?? null));

  const credit = {
    bankReference: reference,
    orderId: order.id,
    amountPaise: order.totalPaise,
    creditedOn: selection.creditedOn,
    narration: selection.narration.slice(0, NARRATION_CHARS),
    matchedBy: selection.by,
    actorId: actor.id,
  };
  await tx.insert(paymentCredits).values(credit);
  await changeOrderStatus(
    tx,
    {
      number: order.number,
      to: "paid",
      note: m.paidNote(order.totalPaise, selection.creditedOn, reference, selection.by),
    },
    { id: actor.id, as: "admin" },
    { publicUrl },
  );
  await recordAudit(
    tx,
    actor,
    "order",
    order.number,
    { status: "payment_pending" },
    {
      status: "paid",
      bankReference: reference,
      amountPaise: order.totalPaise,
      creditedOn: selection.creditedOn,
      matchedBy: selection.by,
    },
    "reconcile",
  );
}

/**
 * Marks the orders of the matches the admin ticked paid: each in its own transaction, checked
 * again on the server first (the order still waits for payment, the amount is its total, the
 * match still holds, the credit is not used yet), then the bank credit recorded, the order moved
 * to Paid (an order event with the credit in its note) and an audit entry written. A refused
 * match changes nothing and does not stop the others. Each order's mail is queued with its change.
 */
export async function confirmStatementMatches(
  db: Db,
  selections: readonly StatementSelection[],
  actor: { id: string },
  options: { publicUrl: string },
): Promise<ConfirmOutcome> {
  const outcome: ConfirmOutcome = { marked: [], refused: [] };
  const orderSeen = new Set<number>();
  const referenceSeen = new Set<string>();
  for (const selection of selections) {
    const reference = canonicalReference(selection.reference);
    const refuse = (reason: string) =>
      outcome.refused.push({ order: selection.order, reference, reason });
    if (orderSeen.has(selection.order) || referenceSeen.has(reference)) {
      refuse(m.chosenTwice);
      continue;
    }
    orderSeen.add(selection.order);
    referenceSeen.add(reference);
    try {
      await db.transaction((tx) => markPaid(tx, selection, actor, options.publicUrl));
      outcome.marked.push({
        order: selection.order,
        reference,
        amountPaise: selection.amountPaise,
        by: selection.by,
      });
    } catch (error) {
      // Two confirmations racing for one credit or one order: the database keeps one.
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
        const used = await usedReferencesOf(db, [reference]);
        refuse(m.referenceUsed(used.get(reference) ?? null));
      } else if (error instanceof DomainError) {
        refuse(error.message);
      } else {
        throw error;
      }
    }
  }
  return outcome;
}
