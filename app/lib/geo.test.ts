import { describe, expect, it } from "vitest";
import { distanceKm, formatLatLng, latLngFieldSchema, parseLatLng } from "./geo";

describe("parseLatLng", () => {
  it("reads a point as maps apps copy it, with or without a space", () => {
    expect(parseLatLng("23.0365, 72.5611")).toEqual({ lat: 23.0365, lng: 72.5611 });
    expect(parseLatLng(" 23.0365,72.5611 ")).toEqual({ lat: 23.0365, lng: 72.5611 });
    expect(parseLatLng("-33.9 151.2")).toEqual({ lat: -33.9, lng: 151.2 });
  });

  it("refuses text, a single number and points out of range", () => {
    for (const bad of ["", "Ahmedabad", "23.03", "91,72", "23,181", "23,72,1", "1e2,3", "NaN,1"]) {
      expect(parseLatLng(bad), bad).toBeNull();
    }
  });

  it("gives back what it formats", () => {
    const point = { lat: 23.064184, lng: 72.529659 };
    expect(parseLatLng(formatLatLng(point))).toEqual(point);
    expect(latLngFieldSchema.safeParse("100,1").success).toBe(false);
  });
});

describe("distanceKm", () => {
  it("measures Ahmedabad to Mumbai as about 440 km, and a point to itself as 0", () => {
    const ahmedabad = { lat: 23.0225, lng: 72.5714 };
    const mumbai = { lat: 19.076, lng: 72.8777 };
    expect(distanceKm(ahmedabad, mumbai)).toBeGreaterThan(435);
    expect(distanceKm(ahmedabad, mumbai)).toBeLessThan(445);
    expect(distanceKm(ahmedabad, ahmedabad)).toBe(0);
  });
});
