import type { outlets } from "~/db/schema";
import type { OutletKind } from "~/db/schema/enums";
import { absoluteUrl, type JsonLdThing } from "~/lib/json-ld";
import type { OpeningHours } from "./hours";
import { weekdays } from "./outlet.options";

/** What a listed outlet's structured data is made of (some of the public list's columns). */
export type OutletForJsonLd = OpeningHours &
  Pick<
    typeof outlets.$inferSelect,
    "id" | "name" | "address" | "city" | "state" | "pincode" | "lat" | "lng" | "phone" | "email"
  >;

/** A dealer sells batteries (a Store); a service centre checks, charges and fits them. */
const businessTypes: Record<OutletKind, string> = {
  dealer: "Store",
  service_centre: "AutoRepair",
};

/** The public page that lists outlets of each kind. */
const listPaths: Record<OutletKind, string> = { dealer: "/dealer", service_centre: "/service" };

/**
 * A dealer or service centre as a schema.org LocalBusiness (Store or AutoRepair) from its own
 * record: its address with city, state and pincode, its map point, phone, and its opening hours
 * from the days and times bookings follow (ADR 022).
 */
export function outletJsonLd(
  outlet: OutletForJsonLd,
  kind: OutletKind,
  publicUrl: string,
): JsonLdThing {
  const days = [...new Set(outlet.openDays)].sort((a, b) => a - b);
  return {
    "@context": "https://schema.org",
    "@type": businessTypes[kind],
    "@id": absoluteUrl(`${listPaths[kind]}#outlet-${outlet.id}`, publicUrl),
    name: outlet.name,
    address: {
      "@type": "PostalAddress",
      streetAddress: outlet.address,
      addressLocality: outlet.city,
      addressRegion: outlet.state,
      postalCode: outlet.pincode,
      addressCountry: "IN",
    },
    geo: { "@type": "GeoCoordinates", latitude: outlet.lat, longitude: outlet.lng },
    telephone: outlet.phone || undefined,
    email: outlet.email ?? undefined,
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: days.map((day) => weekdays[day - 1]?.long).filter(Boolean),
        opens: outlet.opensAt,
        closes: outlet.closesAt,
      },
    ],
  };
}
