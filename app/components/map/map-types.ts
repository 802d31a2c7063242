/** One place on a map: what its marker is called and where it is. */
export type MapPoint = { id: number; name: string; lat: number; lng: number };

/** The original site's map centre (Ahmedabad) and zoom, used when nothing is chosen. */
export const defaultMapView = { lat: 23.064184, lng: 72.529659, zoom: 14 } as const;

/** The map's height in pixels, as the original site had it. */
export const MAP_HEIGHT = 350;

/** A directions link that opens the visitor's maps app (or the web map) at a point. */
export function directionsHref(point: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${point.lat},${point.lng}`;
}
