import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { MapTiles } from "~/features/settings/public-store";
import { MAP_HEIGHT, type MapPoint } from "./map-types";

const LeafletMap = lazy(() => import("./leaflet-map.client"));

export type PlacesMapProps = {
  /** What the map shows, for screen readers ("Map of dealers"). */
  label: string;
  points: MapPoint[];
  tiles: MapTiles;
  /** Where the map looks when no point is chosen (default: the original site's centre). */
  centre?: { lat: number; lng: number } | null;
  /** The highlighted point: the map centres on it. */
  selectedId?: number | null;
  /** A marker was clicked. */
  onSelect?: (id: number) => void;
  /** Where the page lists the places as text, for a browser that draws no map. */
  whereListed: string;
};

/**
 * A Leaflet map of places, drawn in the browser only (Leaflet needs `window`; ADR 022). The
 * server and a browser without JavaScript get an empty frame of the same height, so nothing
 * jumps when the map arrives; every place is also in the page's list, which works without it.
 */
export function PlacesMap(props: PlacesMapProps) {
  const hydrated = useHydrated();
  const frame = (
    <div
      className="grid h-full place-items-center bg-slate-100 p-4 text-center text-sm text-slate-600"
      data-testid="map-placeholder"
    >
      {/* True before the scripts run and without them: it promises no map, only the list. */}
      <p>{props.whereListed}</p>
    </div>
  );
  return (
    <section
      aria-label={props.label}
      className="overflow-hidden rounded-xl border border-slate-200"
      style={{ height: MAP_HEIGHT }}
    >
      {hydrated ? (
        <Suspense fallback={frame}>
          <LeafletMap {...props} />
        </Suspense>
      ) : (
        frame
      )}
    </section>
  );
}
