import { z } from "zod";
import { placesMessages as m } from "./places.messages";

/** An Indian pincode as people type it: six digits, the first not 0 (spaces around ignored). */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

/** A pincode field, the same in the browser and on the server. */
export const pincodeSchema = z
  .string({ error: m.pincodeFormat })
  .trim()
  .regex(PINCODE_PATTERN, m.pincodeFormat);
