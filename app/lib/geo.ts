import { z } from "zod";

/** A point on the Earth, in degrees. */
export type LatLng = { lat: number; lng: number };

const decimal = /^[-+]?\d{1,3}(?:\.\d+)?$/;

/**
 * Reads "latitude,longitude" as people copy it from a maps app ("23.0365, 72.5611"); null when
 * it is not two numbers in range (latitude -90..90, longitude -180..180).
 */
export function parseLatLng(text: string): LatLng | null {
  const parts = text.trim().split(/\s*,\s*|\s+/);
  if (parts.length !== 2 || !parts.every((p) => decimal.test(p))) return null;
  const [lat, lng] = parts.map(Number) as [number, number];
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** A point as the forms show it: "23.0365,72.5611". */
export function formatLatLng(point: LatLng): string {
  return `${point.lat},${point.lng}`;
}

export const latLngMessage =
  "Enter latitude,longitude such as 23.0365,72.5611 (latitude -90 to 90, longitude -180 to 180)";

/** A form's location field: "latitude,longitude" in range, read into a point. */
export const latLngFieldSchema = z.string().transform((text, ctx): LatLng => {
  const point = parseLatLng(text);
  if (point) return point;
  ctx.addIssue({ code: "custom", message: latLngMessage });
  return z.NEVER;
});

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance between two points in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export { EARTH_RADIUS_KM };
