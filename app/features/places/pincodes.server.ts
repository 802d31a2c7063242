import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pincodes } from "~/db/schema";
import { PINCODE_PATTERN } from "~/lib/pincode";

/** What the store knows of a pincode (India Post's directory, ADR 030). */
export type PincodePlace = {
  pincode: string;
  district: string;
  state: string;
  latitude: number;
  longitude: number;
  /** The name to show or fill in as its city (today its district). */
  place: string;
};

/** The pincode's place, or null when it is malformed or not in the directory. */
export async function findPincode(db: Db, code: string): Promise<PincodePlace | null> {
  const pincode = code.trim();
  if (!PINCODE_PATTERN.test(pincode)) return null;
  const [row] = await db
    .select({
      pincode: pincodes.pincode,
      district: pincodes.district,
      state: pincodes.state,
      latitude: pincodes.latitude,
      longitude: pincodes.longitude,
      place: pincodes.place,
    })
    .from(pincodes)
    .where(eq(pincodes.pincode, pincode))
    .limit(1);
  return row ?? null;
}

/** Every place name of the directory (its districts, about 700), for suggestions. */
export async function listPlaceNames(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: pincodes.place })
    .from(pincodes)
    .orderBy(asc(pincodes.place));
  return rows.map((row) => row.name);
}
