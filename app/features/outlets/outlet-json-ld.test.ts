import { describe, expect, it } from "vitest";
import { outletJsonLd } from "./outlet-json-ld";

const outlet = {
  id: 7,
  name: "Shakti Batteries",
  address: "12, CG Road, Navrangpura",
  city: "Ahmedabad",
  state: "Gujarat",
  pincode: "380009",
  lat: 23.0365,
  lng: 72.5611,
  phone: "+91 98765 43210",
  email: null,
  openDays: [6, 1, 2, 3, 4, 5],
  opensAt: "09:30",
  closesAt: "19:00",
};
const url = "https://shop.example.in";

describe("an outlet's structured data", () => {
  it("is a Store for a dealer, with its address, map point, phone and hours", () => {
    expect(JSON.parse(JSON.stringify(outletJsonLd(outlet, "dealer", url)))).toEqual({
      "@context": "https://schema.org",
      "@type": "Store",
      "@id": "https://shop.example.in/dealer#outlet-7",
      name: "Shakti Batteries",
      address: {
        "@type": "PostalAddress",
        streetAddress: "12, CG Road, Navrangpura",
        addressLocality: "Ahmedabad",
        addressRegion: "Gujarat",
        postalCode: "380009",
        addressCountry: "IN",
      },
      geo: { "@type": "GeoCoordinates", latitude: 23.0365, longitude: 72.5611 },
      telephone: "+91 98765 43210",
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
          opens: "09:30",
          closes: "19:00",
        },
      ],
    });
  });

  it("is an AutoRepair for a service centre, with its e-mail when it has one", () => {
    const thing = outletJsonLd(
      { ...outlet, email: "centre@example.in", openDays: [7] },
      "service_centre",
      url,
    );
    expect(thing["@type"]).toBe("AutoRepair");
    expect(thing["@id"]).toBe("https://shop.example.in/service#outlet-7");
    expect(thing.email).toBe("centre@example.in");
    expect(thing.openingHoursSpecification).toMatchObject([{ dayOfWeek: ["Sunday"] }]);
  });

  it("leaves out the telephone of an outlet imported from the old site without one", () => {
    const thing = JSON.parse(JSON.stringify(outletJsonLd({ ...outlet, phone: "" }, "dealer", url)));
    expect(thing).not.toHaveProperty("telephone");
  });
});
