/**
 * Payment reconciliation (ADR 020), matching: a statement's credits matched to the orders
 * waiting for payment (matchStatement, pure), and the preview the admin sees
 * (previewStatement), which reads the pending orders and the bank references already used.
 * Nothing is stored.
 */
import { and, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders, paymentCredits } from "~/db/schema";
import { addDays, indiaDayOf, indiaMidnight } from "~/lib/india-time";
import { countOrdersOfStatus, listPendingPayments } from "./order-read.server";
import { CHECKOUT_REFERENCE } from "./orders.schema";
import { statementMessages as m } from "./statement.messages";
import type { MatchMethod } from "./statement.schema";

import {
  canonicalReference,
  compact,
  readStatement,
  type StatementCredit,
} from "./statement-read.server";

/** An order waiting for its payment, as listPendingPayments gives it. */
export type PendingOrder = {
  number: number;
  customerName: string;
  totalPaise: number;
  /** The checkout's UPI reference (`tr`). */
  reference: string;
  /** The UTR the customer typed, if any. */
  utr: string | null;
  createdAt: Date;
};

export type StatementMatch = {
  credit: StatementCredit;
  order: PendingOrder;
  by: MatchMethod;
  /** Matched by amount and day only: the admin checks it before ticking it. */
  weak: boolean;
};

export type UnmatchedCredit = {
  credit: StatementCredit;
  reason: string;
  /** The order the credit seems to be about, if any. */
  order?: number;
};

/**
 * A credit whose UTR is on one pending order while its narration names another's checkout
 * reference: neither wins. The admin may choose one of the two; nothing is chosen for them.
 */
export type StatementConflict = {
  credit: StatementCredit;
  /** The order whose customer gave the credit's UTR. */
  utrOrder: PendingOrder;
  /** The order whose checkout reference (`tr`) the narration names. */
  referenceOrder: PendingOrder;
  reason: string;
};

export type StatementMatching = {
  matches: StatementMatch[];
  conflicts: StatementConflict[];
  unmatched: UnmatchedCredit[];
};

/** Was the credit made on the order's day (in India) or the day after? */
export function creditOnOrderDay(creditedOn: string, orderCreatedAt: Date): boolean {
  const day = indiaDayOf(orderCreatedAt);
  return creditedOn === day || creditedOn === addDays(day, 1);
}

/**
 * When an order must have been placed (ms) for a credit of the day to be on its day (India) or
 * the next, as creditOnOrderDay has it: from the day before's midnight up to the next day's.
 */
export function placedFor(creditedOn: string): { from: number; to: number } {
  return {
    from: indiaMidnight(addDays(creditedOn, -1)).getTime(),
    to: indiaMidnight(addDays(creditedOn, 1)).getTime(),
  };
}

/** Does the narration name the order's checkout reference (`tr`)? */
export function narrationNames(narration: string, orderReference: string): boolean {
  return compact(narration).includes(compact(orderReference));
}

/**
 * The two orders a credit names when its UTR is on one pending order (`utrOrders`, the first
 * counts) and its narration names other pending orders' checkout references only
 * (`narrationOrders`); null when it names one order, or none, or both ways the same one.
 */
export function namesTwoOrders<T extends { number: number }>(
  utrOrders: readonly T[],
  narrationOrders: readonly T[],
): { utrOrder: T; referenceOrder: T } | null {
  const [utrOrder] = utrOrders;
  const [referenceOrder] = narrationOrders;
  if (!utrOrder || !referenceOrder) return null;
  if (narrationOrders.some((order) => order.number === utrOrder.number)) return null;
  return { utrOrder, referenceOrder };
}

/** The items by a key (null: left out), each list in the items' order. */
function groupBy<T, K extends string | number>(
  items: readonly T[],
  key: (item: T) => K | null,
): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Matches a statement's credits to the orders waiting for payment. Each order gets at most one
 * credit and each credit at most one order, in this order of strength:
 *
 * 1. the credit's UTR is the one the customer gave with the order;
 * 2. the order's checkout reference (`tr`) is in the credit's narration;
 * 3. the amount is the order's total and the credit is from the order's day (India) or the next,
 *    and nothing else fits either of them: a weak match, which the admin checks.
 *
 * In 1 and 2 the amount must be the order's total: a different amount is reported, not matched.
 * A credit whose UTR is on one order while its narration names another's checkout reference is
 * a conflict: matched to neither, listed with both for the admin to choose. An amount that
 * fits two orders of a day (or two credits that fit one order) is reported as ambiguous. A
 * credit whose UTR or bank line id is in `used` (already in payment_credits, with the order it
 * paid) is reported as used; a line without a reference cannot be recorded and is reported too.
 * Pure: the same statement and orders always give the same answer.
 */
export function matchStatement(
  credits: readonly StatementCredit[],
  pendingOrders: readonly PendingOrder[],
  used: ReadonlyMap<string, number>,
): StatementMatching {
  const matches: StatementMatch[] = [];
  const conflicts: StatementConflict[] = [];
  const unmatched: UnmatchedCredit[] = [];
  /** The orders as they were placed: first placed, first matched. */
  const byPlacing = (a: PendingOrder, b: PendingOrder) =>
    a.createdAt.getTime() - b.createdAt.getTime() || a.number - b.number;
  const orders = [...pendingOrders].sort(byPlacing);
  /** The line of the credit that pays each matched order. */
  const paidBy = new Map<number, number>();
  const match = (credit: StatementCredit, order: PendingOrder, by: MatchMethod) => {
    matches.push({ credit, order, by, weak: by === "amount" });
    paidBy.set(order.number, credit.line);
  };

  let open: StatementCredit[] = [];
  /** The first line of this statement with each UTR or bank line id. */
  const firstLine = new Map<string, number>();
  for (const credit of credits) {
    const { reference, lineId } = credit;
    if (reference === null) {
      unmatched.push({ credit, reason: m.noReference });
      continue;
    }
    const usedFor = used.get(reference) ?? (lineId === null ? undefined : used.get(lineId));
    if (usedFor !== undefined) {
      unmatched.push({ credit, reason: m.alreadyUsed(usedFor), order: usedFor });
      continue;
    }
    const earlier = firstLine.get(reference);
    const earlierLine = lineId === null ? undefined : firstLine.get(lineId);
    if (earlier !== undefined || earlierLine !== undefined) {
      unmatched.push({
        credit,
        reason:
          earlier !== undefined
            ? m.duplicateReference(earlier)
            : m.duplicateLineId(earlierLine as number),
      });
      continue;
    }
    firstLine.set(reference, credit.line);
    if (lineId !== null) firstLine.set(lineId, credit.line);
    open.push(credit);
  }

  // 1 and 2: the credit names its order, by the customer's UTR or by the checkout reference.
  // The orders are indexed by both once: a statement has up to 5,000 lines.
  const byUtr = groupBy(orders, (order) => (order.utr ? canonicalReference(order.utr) : null));
  const byReference = groupBy(orders, (order) => compact(order.reference));
  const referenceLengths = new Set<number>();
  const firstLetters = new Set<string>();
  for (const key of byReference.keys()) {
    referenceLengths.add(key.length);
    firstLetters.add(key.charAt(0));
  }
  /** The orders each credit's narration names, found once per credit (asked twice). */
  const named = new Map<StatementCredit, PendingOrder[]>();
  const namedIn = (credit: StatementCredit): PendingOrder[] => {
    let list = named.get(credit);
    if (list) return list;
    const text = compact(credit.narration);
    const found = new Set<PendingOrder>();
    for (const length of referenceLengths) {
      for (let at = 0; at + length <= text.length; at += 1) {
        // Only where a reference could begin: one letter checked instead of a string made.
        if (length > 0 && !firstLetters.has(text.charAt(at))) continue;
        for (const order of byReference.get(text.slice(at, at + length)) ?? []) found.add(order);
      }
    }
    // In the order they were placed, as `orders` is (sorted here: a narration names few).
    list = [...found].sort(byPlacing);
    named.set(credit, list);
    return list;
  };
  const utrOf = (credit: StatementCredit) =>
    credit.reference ? (byUtr.get(credit.reference) ?? []) : [];

  // A UTR on one order and another order's checkout reference in the narration: neither wins.
  open = open.filter((credit) => {
    const two = namesTwoOrders(utrOf(credit), namedIn(credit));
    if (!two) return true;
    const reason = m.utrReferenceConflict(two.utrOrder.number, two.referenceOrder.number);
    conflicts.push({ credit, ...two, reason });
    return false;
  });

  const strong: [MatchMethod, (credit: StatementCredit) => PendingOrder[]][] = [
    ["utr", utrOf],
    ["reference", namedIn],
  ];
  for (const [by, ordersNamedBy] of strong) {
    const rest: StatementCredit[] = [];
    for (const credit of open) {
      const named = ordersNamedBy(credit);
      if (named.length === 0) {
        rest.push(credit);
        continue;
      }
      const free = named.filter((order) => !paidBy.has(order.number));
      const exact = free.find((order) => order.totalPaise === credit.amountPaise);
      const first = free[0] ?? (named[0] as PendingOrder);
      if (exact) {
        match(credit, exact, by);
      } else if (free.length === 0) {
        const line = paidBy.get(first.number) ?? 0;
        unmatched.push({
          credit,
          reason: m.orderAlreadyMatched(first.number, line),
          order: first.number,
        });
      } else {
        const mismatch = by === "utr" ? m.utrAmountMismatch : m.referenceAmountMismatch;
        unmatched.push({
          credit,
          reason: mismatch(first.number, credit.amountPaise, first.totalPaise),
          order: first.number,
        });
      }
    }
    open = rest;
  }

  // 3: the amount and the day, when exactly one order and one credit fit each other.
  const free = orders.filter((order) => !paidBy.has(order.number));
  /** The window of each credit day, worked out once (a statement has few days). */
  const windows = new Map<string, { from: number; to: number }>();
  const fits = (credit: StatementCredit, order: PendingOrder) => {
    if (order.totalPaise !== credit.amountPaise) return false;
    let window = windows.get(credit.date);
    if (!window) {
      window = placedFor(credit.date);
      windows.set(credit.date, window);
    }
    const { from, to } = window;
    const at = order.createdAt.getTime();
    return at >= from && at < to;
  };
  const freeByAmount = groupBy(free, (order) => order.totalPaise);
  const openByAmount = groupBy(open, (credit) => credit.amountPaise);
  for (const credit of open) {
    const amount = credit.amountPaise;
    const candidates = (freeByAmount.get(amount) ?? []).filter((order) => fits(credit, order));
    const [only] = candidates;
    if (!only) {
      unmatched.push({ credit, reason: m.noMatch });
      continue;
    }
    if (candidates.length > 1) {
      unmatched.push({ credit, reason: m.ambiguousOrders(candidates.map((o) => o.number)) });
      continue;
    }
    const rivals = (openByAmount.get(amount) ?? []).filter((other) => fits(other, only));
    if (rivals.length > 1) {
      unmatched.push({
        credit,
        reason: m.ambiguousCredits(
          only.number,
          rivals.map((c) => c.line),
        ),
        order: only.number,
      });
      continue;
    }
    match(credit, only, "amount");
  }

  const byLine = (a: { credit: StatementCredit }, b: { credit: StatementCredit }) =>
    a.credit.line - b.credit.line;
  return {
    matches: matches.sort(byLine),
    conflicts: conflicts.sort(byLine),
    unmatched: unmatched.sort(byLine),
  };
}

/** An item PostgreSQL's array syntax takes as it is: letters and digits, and not the word NULL. */
const PLAIN_ITEM = /^[A-Za-z0-9]+$/;
const isPlainItem = (value: string | number) =>
  typeof value === "number"
    ? Number.isSafeInteger(value)
    : PLAIN_ITEM.test(value) && value.toUpperCase() !== "NULL";

/**
 * A list as one SQL parameter (an array, however long), for `= any(...)`: `inArray` sends one
 * parameter per item, which Drizzle and PostgreSQL take milliseconds to prepare for 2,000. The
 * items here are UTRs, bank line ids, checkout references and amounts, all letters and digits:
 * they are written as PostgreSQL's array text (`{A,B}`) at once, instead of each being quoted and
 * escaped by the driver (half a megabyte of strings for a 1,000-line statement). Any other item
 * goes through the driver.
 */
export function arrayParam(values: readonly (string | number)[], type: "text[]" | "bigint[]") {
  const param = values.every(isPlainItem) ? `{${values.join(",")}}` : [...values];
  return sql`${sql.param(param)}::${sql.raw(type)}`;
}

/**
 * The orders each of these identifiers (UTRs and bank line ids) already paid, each found as a
 * credit's bank reference or its bank line id (identifier -> order number).
 */
export async function usedCreditsOf(
  db: Pick<Db, "select">,
  identifiers: readonly (string | null)[],
): Promise<Map<string, number>> {
  const ids = [...new Set(identifiers.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      reference: paymentCredits.bankReference,
      lineId: paymentCredits.bankLineId,
      number: orders.number,
    })
    .from(paymentCredits)
    .innerJoin(orders, eq(orders.id, paymentCredits.orderId))
    .where(
      or(
        sql`${paymentCredits.bankReference} = any(${arrayParam(ids, "text[]")})`,
        sql`${paymentCredits.bankLineId} = any(${arrayParam(ids, "text[]")})`,
      ),
    );
  const wanted = new Set(ids);
  const used = new Map<string, number>();
  for (const row of rows) {
    for (const id of [row.reference, row.lineId]) {
      if (id !== null && wanted.has(id)) used.set(id, row.number);
    }
  }
  return used;
}

/** The length of a checkout reference ("UC" and 20 hexadecimal digits). */
const CHECKOUT_REFERENCE_LENGTH = 22;

/**
 * The checkout references (`tr`, CHECKOUT_REFERENCE) a narration's letters and digits hold,
 * overlapping ones too: the only references an order waiting for payment can have (placing an
 * order refuses any other), so the only ones rule 2 can find in the narration.
 */
export function checkoutReferencesIn(narration: string): string[] {
  const text = compact(narration);
  const found: string[] = [];
  for (let at = text.indexOf("UC"); at >= 0; at = text.indexOf("UC", at + 1)) {
    const candidate = text.slice(at, at + CHECKOUT_REFERENCE_LENGTH);
    if (CHECKOUT_REFERENCE.test(candidate)) found.push(candidate);
  }
  return found;
}

/**
 * Which pending orders the credits could name, as a condition: every order matchStatement could
 * match, report or weigh against them (more is harmless; it decides). The customer's UTR is one
 * of the credits' references: compared without leading zeros and in upper case, which every
 * UTR whose canonicalReference is the credit's also is; the order's checkout reference is
 * written in a narration; or the order's total is a credit's amount and it was placed from the
 * day before the first credit's day to the last credit's day (India). Null when there are no
 * credits. The lists go as three array parameters, whatever their length.
 */
export function namedByCredits(credits: readonly StatementCredit[]): SQL | null {
  if (credits.length === 0) return null;
  const utrs = new Set<string>();
  const references = new Set<string>();
  const amounts = new Set<number>();
  for (const credit of credits) {
    if (credit.reference !== null) utrs.add(credit.reference.replace(/^0+/, ""));
    for (const reference of checkoutReferencesIn(credit.narration)) references.add(reference);
    amounts.add(credit.amountPaise);
  }
  const days = credits.map((credit) => credit.date).sort();
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  return or(
    sql`upper(ltrim(${orders.utr}, '0')) = any(${arrayParam([...utrs], "text[]")})`,
    sql`${orders.reference} = any(${arrayParam([...references], "text[]")})`,
    and(
      sql`${orders.totalPaise} = any(${arrayParam([...amounts], "bigint[]")})`,
      gte(orders.createdAt, new Date(placedFor(first).from)),
      lt(orders.createdAt, new Date(placedFor(last).to)),
    ),
  ) as SQL;
}

/**
 * The preview of a statement: its credits matched to the orders waiting for payment now, the
 * credits that name two orders, the credits left over with why, and the lines that could not
 * be read. Nothing is stored. Only the pending orders the credits could name are read
 * (namedByCredits); how many are pending comes from the status counts.
 */
export async function previewStatement(db: Db, csvText: string) {
  const statement = readStatement(csvText);
  const named = namedByCredits(statement.credits);
  const [pending, pendingCount, used] = await Promise.all([
    named ? listPendingPayments(db, named) : [],
    countOrdersOfStatus(db, "payment_pending"),
    usedCreditsOf(
      db,
      statement.credits.flatMap((credit) => [credit.reference, credit.lineId]),
    ),
  ]);
  const { matches, conflicts, unmatched } = matchStatement(statement.credits, pending, used);
  return {
    columns: statement.columns,
    problems: statement.problems,
    creditCount: statement.credits.length,
    pendingCount,
    matches,
    conflicts,
    unmatched,
  };
}
export type StatementPreview = Awaited<ReturnType<typeof previewStatement>>;
