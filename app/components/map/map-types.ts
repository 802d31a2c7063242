/** One place on a map: what its marker is called and where it is. */
export type MapPoint = { id: number; name: string; lat: number; lng: number };

/** The tile server (from the store settings) and the credit it asks for. */
export type MapTiles = { tileUrl: string; attribution: string };

/** OpenStreetMap's own tile server (no key; its usage policy asks for this credit): the default. */
export const openStreetMapTiles: MapTiles = {
  tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution: "© OpenStreetMap contributors",
};

/** The original site's map centre (Ahmedabad) and zoom, used when nothing is chosen. */
export const defaultMapView = { lat: 23.064184, lng: 72.529659, zoom: 14 } as const;

/** The map's height in pixels, as the original site had it. */
export const MAP_HEIGHT = 350;

/** A directions link that opens the visitor's maps app (or the web map) at a point. */
export function directionsHref(point: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${point.lat},${point.lng}`;
}
