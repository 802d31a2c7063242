import { useEffect } from "react";
import { useMap } from "react-leaflet";

/**
 * The map's credits (Leaflet's own and the tile server's, an admin setting) are English whatever
 * the page's language: marked so, a screen reader reads them as English, and a Hindi or Gujarati
 * page's own words stay its language's (the browser tests check every page's words).
 */
export function EnglishCredits() {
  const map = useMap();
  useEffect(() => {
    map.attributionControl?.getContainer()?.setAttribute("lang", "en");
  }, [map]);
  return null;
}
