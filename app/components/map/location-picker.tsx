import { lazy, Suspense } from "react";
import type { MapTiles } from "~/features/settings/public-store";
import type { LatLng } from "~/lib/geo";

const LocationPickerMap = lazy(() => import("./location-picker.client"));

export type LocationPickerProps = {
  /** The point chosen so far (the map centres on it), or null. */
  point: LatLng | null;
  tiles: MapTiles;
  /** A click on the map chose this point. */
  onPick: (point: LatLng) => void;
};

/**
 * A map to pick a place on with a click (the admin's outlet form). Shown only once asked for,
 * in the browser: the typed "latitude,longitude" field does the same job without JavaScript.
 */
export function LocationPicker({ label, ...props }: LocationPickerProps & { label: string }) {
  return (
    <section
      aria-label={label}
      className="h-72 overflow-hidden rounded-xl border border-slate-200"
      data-testid="location-picker"
    >
      <Suspense
        fallback={
          <p className="grid h-full place-items-center text-sm text-slate-600">Loading the map…</p>
        }
      >
        <LocationPickerMap {...props} />
      </Suspense>
    </section>
  );
}
