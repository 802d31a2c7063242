/**
 * Structured data for search engines (schema.org as JSON-LD). A data block, not a script: the
 * CSP does not run it. Every "<" is written as \u003c, so no text in the data (a title, an
 * answer) can close the element or open a comment.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD data block, with "<" escaped
      dangerouslySetInnerHTML={{ __html: jsonLdText(data) }}
    />
  );
}
