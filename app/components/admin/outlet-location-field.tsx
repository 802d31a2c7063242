import { type RefObject, useState } from "react";
import { LocationPicker } from "~/components/map/location-picker";
import { SpriteIcon } from "~/components/sprite-icon";
import { Field } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { isIndianState } from "~/features/places/indian-states";
import type { PincodePlace } from "~/features/places/pincodes.server";
import type { MapTiles } from "~/features/settings/public-store";
import { parseLatLng } from "~/lib/geo";

/** Six decimals: about 10 cm, more than any shop needs. */
const pointText = (lat: number, lng: number) => `${lat.toFixed(6)},${lng.toFixed(6)}`;

/**
 * The outlet form's location: "latitude,longitude" typed, or left blank for the pincode's point
 * (the server looks it up). With JavaScript, "Fill from pincode" asks /api/pincodes for it (and
 * fills an empty city and state), and "Pick on the map" sets it with a click on a map.
 */
export function OutletLocationField({
  form,
  defaultValue,
  error,
  tiles,
}: {
  form: RefObject<HTMLFormElement | null>;
  /** The map's tile server (the store's settings). */
  tiles: MapTiles;
  defaultValue: string | undefined;
  error: string | undefined;
}) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState("");
  const [picking, setPicking] = useState(false);
  const [point, setPoint] = useState(() => parseLatLng(defaultValue ?? ""));
  const input = (name: string) =>
    form.current?.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;

  const setLocation = (text: string) => {
    const field = input("location");
    if (field) field.value = text;
    setPoint(parseLatLng(text));
  };

  async function fillFromPincode() {
    const pincode = input("pincode")?.value.trim() ?? "";
    setStatus("Looking up the pincode…");
    try {
      const response = await fetch(`/api/pincodes/${encodeURIComponent(pincode || "-")}`);
      const body = (await response.json()) as PincodePlace | { error: string };
      if ("error" in body) {
        setStatus(body.error);
        return;
      }
      setLocation(pointText(body.latitude, body.longitude));
      const city = input("city");
      if (city && !city.value.trim()) city.value = body.place;
      const state = input("state");
      if (state && !state.value && isIndianState(body.state)) state.value = body.state;
      setStatus(`Location set to pincode ${body.pincode}: ${body.place}, ${body.state}.`);
    } catch {
      setStatus("The pincode could not be looked up. Enter the location or leave it blank.");
    }
  }

  return (
    <div>
      <Field
        label="Location"
        name="location"
        autoComplete="off"
        spellCheck={false}
        hint="Latitude,longitude as a maps app copies it, such as 23.0365,72.5611. Leave it blank to use the pincode's location."
        defaultValue={defaultValue}
        error={error}
        onChange={(event) => setPoint(parseLatLng(event.currentTarget.value))}
      />
      {hydrated ? (
        <>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn-outline" onClick={fillFromPincode}>
              <SpriteIcon name="map-pin" className="size-4" /> Fill from pincode
            </button>
            <button
              type="button"
              className="btn-outline"
              aria-expanded={picking}
              onClick={() => setPicking((open) => !open)}
            >
              <SpriteIcon name="map-pinned" className="size-4" />
              {picking ? "Hide the map" : "Pick on the map"}
            </button>
          </div>
          <p role="status" className="mt-1 text-sm text-slate-700 empty:hidden">
            {status}
          </p>
          {picking ? (
            <div className="mt-2">
              <p className="mb-1 text-sm text-slate-600">Click the outlet's place on the map.</p>
              <LocationPicker
                label="Map to pick the outlet's place on"
                point={point}
                tiles={tiles}
                onPick={(picked) => {
                  setLocation(pointText(picked.lat, picked.lng));
                  setStatus(`Location set to ${pointText(picked.lat, picked.lng)} from the map.`);
                }}
              />
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
