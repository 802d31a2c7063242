import { z } from "zod";

/** The largest value of a PostgreSQL `integer` column (every serial/identity id here). */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record id posted by a form (a hidden field) or in an address: digits only, from 1 to the
 * column's maximum, so a tampered id ("", "abc", "1.5", "-3", "1e3", 2^31) never reaches SQL.
 * Every id read from a request is parsed with this (or `recordIdSchema`).
 */
export function recordId(message?: string) {
  const error = message ? { error: message } : undefined;
  return z
    .string(error)
    .regex(/^\d{1,10}$/, error)
    .transform(Number)
    .pipe(z.number().int().min(1, error).max(MAX_RECORD_ID, error));
}

export const recordIdSchema = recordId();
