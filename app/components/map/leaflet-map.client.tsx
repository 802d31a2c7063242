import "leaflet/dist/leaflet.css";
import { useEffect } from "react";
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap, ZoomControl } from "react-leaflet";
import { useT } from "~/lib/i18n/react";
import { EnglishCredits } from "./english-credits.client";
import { defaultMapView } from "./map-types";
import type { PlacesMapProps } from "./places-map";

/** Brand blue for places, amber for the chosen one (circles: no marker images to host). */
const placeStyle = { color: "#1d4ed8", fillColor: "#3b82f6", fillOpacity: 0.85, weight: 2 };
const chosenStyle = { color: "#b45309", fillColor: "#f59e0b", fillOpacity: 1, weight: 3 };

/** Keeps the map on the chosen place, and writes its centre on the map for tests and tools. */
function FollowChoice({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    const mark = () => {
      const c = map.getCenter();
      map.getContainer().dataset.center = `${c.lat.toFixed(5)},${c.lng.toFixed(5)}`;
    };
    map.on("moveend", mark);
    mark();
    return () => {
      map.off("moveend", mark);
    };
  }, [map]);
  useEffect(() => {
    map.setView([lat, lng], Math.max(map.getZoom(), defaultMapView.zoom), { animate: false });
  }, [map, lat, lng]);
  return null;
}

/** The Leaflet map itself; loaded lazily by PlacesMap, in the browser only. */
export default function LeafletMap({
  points,
  tiles,
  selectedId,
  onSelect,
  centre: start,
}: PlacesMapProps) {
  const chosen = points.find((p) => p.id === selectedId);
  const centre = chosen ?? start ?? defaultMapView;
  // The zoom buttons' names in the page's language (a page with a map loads "outlets").
  const t = useT("outlets");
  return (
    <MapContainer
      center={[centre.lat, centre.lng]}
      zoom={defaultMapView.zoom}
      scrollWheelZoom={false}
      zoomControl={false}
      className="h-full w-full"
    >
      <ZoomControl zoomInTitle={t("Zoom in")} zoomOutTitle={t("Zoom out")} />
      <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} />
      <EnglishCredits />
      {points.map((p) => (
        <CircleMarker
          key={p.id}
          center={[p.lat, p.lng]}
          radius={p.id === selectedId ? 12 : 8}
          pathOptions={p.id === selectedId ? chosenStyle : placeStyle}
          eventHandlers={{ click: () => onSelect?.(p.id) }}
        >
          <Tooltip>{p.name}</Tooltip>
        </CircleMarker>
      ))}
      <FollowChoice lat={centre.lat} lng={centre.lng} />
    </MapContainer>
  );
}
