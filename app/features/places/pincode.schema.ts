import { z } from "zod";
import { PINCODE_PATTERN } from "~/lib/pincode";
import { placesMessages as m } from "./places.messages";

/** A pincode field (spaces around ignored), the same in the browser and on the server. */
export const pincodeSchema = z
  .string({ error: m.pincodeFormat })
  .trim()
  .regex(PINCODE_PATTERN, m.pincodeFormat);
