import { type JsonLdThing, serializeJsonLd } from "~/lib/json-ld";

/** Structured data for search engines: a data block, never run, so it needs no CSP nonce. */
export function JsonLd({ data }: { data: JsonLdThing | readonly JsonLdThing[] }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD data block, "<" escaped by serializeJsonLd
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
