import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error). */
export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}

export const PG_UNIQUE_VIOLATION = "23505";

/** Did this query fail on the unique constraint (or unique index) named `constraint`? */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: { constraint?: string } } | null)?.cause;
  return pgErrorCode(error) === PG_UNIQUE_VIOLATION && cause?.constraint === constraint;
}
export const PG_FOREIGN_KEY_VIOLATION = "23503";

/**
 * A column written with its table, `"orders"."id"`, in whatever query it is used. Drizzle writes
 * the columns of a one-table select bare (`"id"`), also inside a raw `sql` fragment, where a
 * subquery then reads them as its own table's: an order list once counted other orders' lines
 * that way. Every outer column a subquery in a raw fragment refers to goes through this (ADR 025).
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${column.table}.${sql.identifier(column.name)}`;
}

/**
 * ORDER BY a name as people read a list: case and accents aside ("Maninagar" before "MI Road",
 * "Élite" among the E's), the same on PostgreSQL and PGlite whatever their collation (the
 * name_sort_key function of migration 0009 compared byte by byte), then the name itself so
 * that the order is total. Every list sorted by a name uses it.
 */
export function byName(column: AnyColumn): SQL[] {
  return [sql`name_sort_key(${column}) collate "C"`, sql`${column} collate "C"`];
}

/**
 * Runs `queries` at once on a pool, and one after another inside a transaction: a transaction is
 * one connection, which runs one statement at a time (node-postgres queues a second one today,
 * with a deprecation warning, and pg 9 will refuse it).
 */
export async function queriesOn<T extends unknown[]>(
  db: unknown,
  queries: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(queries.map((query) => query()))) as T;
  }
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as T;
}
