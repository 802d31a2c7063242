/**
 * Payment reconciliation (ADR 020), confirming: the matches the admin ticked are checked again
 * and their orders marked paid, each bank credit recorded once in payment_credits.
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orders, paymentCredits } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { Conflict, DomainError, NotFound, ValidationError } from "~/lib/errors";
import { PG_UNIQUE_VIOLATION, pgErrorCode } from "~/lib/sql.server";
import { orderStatusLabels } from "./order-status";
import { changeOrderStatus } from "./orders.server";
import { statementMessages as m } from "./statement.messages";
import type { MatchMethod, StatementSelection } from "./statement.schema";
import {
  creditOnOrderDay,
  namesTwoOrders,
  narrationNames,
  usedCreditsOf,
} from "./statement-match.server";
import {
  canonicalReference,
  compact,
  NARRATION_CHARS,
  parseStatementDate,
} from "./statement-read.server";

/** What a confirmation did: the orders marked paid, and the matches refused with why. */
export type ConfirmOutcome = {
  marked: { order: number; reference: string; amountPaise: number; by: MatchMethod }[];
  refused: { order: number; reference: string; reason: string }[];
};

/**
 * The two pending orders a credit names, if it does (its UTR on one, its narration naming the
 * other's checkout reference; see namesTwoOrders). The database narrows the pending orders to
 * those the UTR or the narration could name; the same rules as the preview's decide.
 */
async function twoOrdersNamedBy(tx: Tx, reference: string, narration: string) {
  const text = compact(narration);
  const candidates = await tx
    .select({ number: orders.number, utr: orders.utr, reference: orders.reference })
    .from(orders)
    .where(
      and(
        eq(orders.status, "payment_pending"),
        or(
          sql`ltrim(upper(${orders.utr}), '0') = ${reference.replace(/^0+/, "")}`,
          text === ""
            ? undefined
            : sql`strpos(${text}, regexp_replace(upper(${orders.reference}), '[^A-Z0-9]', '', 'g')) > 0`,
        ),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.number));
  return namesTwoOrders(
    candidates.filter((order) => order.utr && canonicalReference(order.utr) === reference),
    candidates.filter((order) => narrationNames(narration, order.reference)),
  );
}

/** The bank's line id of a chosen match, in the stored form; null when none (or the UTR itself). */
function lineIdOf(selection: StatementSelection): string | null {
  const lineId = selection.lineId ? canonicalReference(selection.lineId) : null;
  return lineId && lineId !== canonicalReference(selection.reference) ? lineId : null;
}

/** The order a credit already paid, found by its UTR or its bank line id. */
async function usedOrder(db: Pick<Db, "select">, reference: string, lineId: string | null) {
  const used = await usedCreditsOf(db, [reference, lineId]);
  return used.get(reference) ?? (lineId === null ? undefined : used.get(lineId));
}

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
  // A credit naming two orders pays only the one the admin chose of the two (checked above:
  // the UTR's order by "utr", the narration's by "reference").
  if (!selection.chosen) {
    const two = await twoOrdersNamedBy(tx, reference, selection.narration);
    if (two) {
      throw new Conflict(m.conflictNotChosen(two.utrOrder.number, two.referenceOrder.number));
    }
  }
  const lineId = lineIdOf(selection);
  const usedFor = await usedOrder(tx, reference, lineId);
  if (usedFor !== undefined) throw new Conflict(m.referenceUsed(usedFor));

  const credit = {
    bankReference: reference,
    bankLineId: lineId,
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
      note: m.paidCustomerNote(order.totalPaise, selection.creditedOn, reference),
      internalNote: m.paidNote(order.totalPaise, selection.creditedOn, reference, selection.by),
    },
    { id: actor.id, as: "admin" },
    { publicUrl, auditedByCaller: true },
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
      bankLineId: lineId,
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
 * match still holds, a credit naming two orders goes to the one the admin chose, neither its UTR
 * nor its bank line id is used yet), then the bank credit recorded, the order moved
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
  /** The UTRs and bank line ids of the credits chosen so far. */
  const creditSeen = new Set<string>();
  for (const selection of selections) {
    const reference = canonicalReference(selection.reference);
    const lineId = lineIdOf(selection);
    const ids = lineId === null ? [reference] : [reference, lineId];
    const refuse = (reason: string) =>
      outcome.refused.push({ order: selection.order, reference, reason });
    if (orderSeen.has(selection.order) || ids.some((id) => creditSeen.has(id))) {
      refuse(m.chosenTwice);
      continue;
    }
    orderSeen.add(selection.order);
    for (const id of ids) creditSeen.add(id);
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
        refuse(m.referenceUsed((await usedOrder(db, reference, lineId)) ?? null));
      } else if (error instanceof DomainError) {
        refuse(error.message);
      } else {
        throw error;
      }
    }
  }
  return outcome;
}
