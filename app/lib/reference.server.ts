import { randomInt } from "node:crypto";

/** Letters and digits that cannot be misread for each other (no 0/O, no 1/I). */
const READABLE = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A reference people read out and type: the prefix, a dash and eight readable characters
 * ("SB-7K2QXHMA" for a booking, "WC-…" for a warranty claim). */
export function readableReference(prefix: string): string {
  let tail = "";
  for (let i = 0; i < 8; i += 1) tail += READABLE[randomInt(READABLE.length)];
  return `${prefix}-${tail}`;
}
