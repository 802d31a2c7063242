/**
 * Structured data for search engines (schema.org as JSON-LD): the one serialiser every
 * `<script type="application/ld+json">` of the store goes through (components/json-ld.tsx).
 * The things themselves are built beside their features: the store's Organization
 * (features/settings/organization-json-ld.ts, on every page), a Product
 * (features/catalog/product-json-ld.ts), dealers and service centres
 * (features/outlets/outlet-json-ld.ts).
 */
/** A schema.org thing: its type and properties (undefined ones are left out when written). */
export type JsonLdThing = { "@type": string; [property: string]: unknown };

/**
 * The text of a JSON-LD script element. Every "<" is written as \u003c (the same character to a
 * JSON reader), so nothing an admin or customer typed ("</script>", "<!--") can end the script
 * or start markup; undefined properties are dropped by JSON.stringify.
 */
export function serializeJsonLd(data: JsonLdThing | readonly JsonLdThing[]): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** An address on the store's configured public URL (never the request's Host, ADR 027). */
export function absoluteUrl(path: string, publicUrl: string): string {
  return new URL(path, publicUrl).toString();
}
