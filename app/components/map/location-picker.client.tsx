import "leaflet/dist/leaflet.css";
import { useEffect } from "react";
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { EnglishCredits } from "./english-credits.client";
import type { LocationPickerProps } from "./location-picker";
import { defaultMapView } from "./map-types";

const pointStyle = { color: "#b45309", fillColor: "#f59e0b", fillOpacity: 1, weight: 3 };

/** A click on the map picks that point; the map follows the point, and writes it for tests. */
function PickOnClick({ point, onPick }: Pick<LocationPickerProps, "point" | "onPick">) {
  const map = useMapEvents({
    click(event) {
      onPick({ lat: event.latlng.lat, lng: event.latlng.lng });
    },
  });
  useEffect(() => {
    if (point) map.setView([point.lat, point.lng], map.getZoom(), { animate: false });
  }, [map, point]);
  return null;
}

/** Leaflet keeps the size it saw first: measure again once the dialog has laid the map out. */
function FitContainer() {
  const map = useMap();
  useEffect(() => {
    map.invalidateSize();
  }, [map]);
  return null;
}

/** The picking map itself; loaded lazily by LocationPicker, in the browser only. */
export default function LocationPickerMap({ point, tiles, onPick }: LocationPickerProps) {
  const centre = point ?? defaultMapView;
  return (
    <MapContainer
      center={[centre.lat, centre.lng]}
      zoom={defaultMapView.zoom}
      scrollWheelZoom={false}
      className="h-full w-full cursor-crosshair"
    >
      <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} />
      <EnglishCredits />
      {point ? (
        <CircleMarker center={[point.lat, point.lng]} radius={10} pathOptions={pointStyle} />
      ) : null}
      <PickOnClick point={point} onPick={onPick} />
      <FitContainer />
    </MapContainer>
  );
}
