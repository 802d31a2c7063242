import { findPincode } from "~/features/places/pincodes.server";
import { placesMessages as m } from "~/features/places/places.messages";
import { PINCODE_PATTERN } from "~/lib/pincode";
import type { Route } from "./+types/pincodes";

/** The directory changes with a release at most: a day in any cache, a week when stale. */
const CACHEABLE = "public, max-age=86400, stale-while-revalidate=604800";

/**
 * `GET /api/pincodes/:code`: what the store knows of a pincode, as JSON, for a form that fills
 * its city and state from it: `{ pincode, district, state, latitude, longitude, place }`. 400
 * for a malformed pincode, 404 for one the directory does not have (ADR 030).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const code = params.code;
  if (!PINCODE_PATTERN.test(code)) {
    return Response.json(
      { error: m.pincodeFormat },
      { status: 400, headers: { "Cache-Control": CACHEABLE } },
    );
  }
  const place = await findPincode(context.db, code);
  if (!place) {
    return Response.json(
      { error: m.unknownPincode(code) },
      { status: 404, headers: { "Cache-Control": CACHEABLE } },
    );
  }
  return Response.json(place, { headers: { "Cache-Control": CACHEABLE } });
}
