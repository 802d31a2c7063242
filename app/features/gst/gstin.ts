import { stateOfGstCode } from "./gst-states";

/**
 * A GSTIN (ADR 033): state code, PAN (5 letters, 4 digits, 1 letter), entity number, "Z", and
 * a check character computed from the first 14. Free of zod so any code can check one.
 */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The check character the first 14 characters of a GSTIN call for. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14[i] ?? "");
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36] as string;
}

/** A GSTIN as people type it: upper case, without spaces. */
export function normaliseGstin(typed: string): string {
  return typed.replace(/\s+/g, "").toUpperCase();
}

export type GstinProblem = "shape" | "state" | "check";

/** What is wrong with a (normalised) GSTIN, or null when it is a valid one. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!GSTIN_SHAPE.test(gstin)) return "shape";
  if (stateOfGstCode(gstin.slice(0, 2)) === null) return "state";
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return "check";
  return null;
}

export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === null;
}
