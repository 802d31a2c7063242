/**
 * The cookies of a Cookie header as name and raw value (a part without "=" is a name with an
 * empty value). Read on every page request by the page cache and the session, so no parser
 * object is built.
 */
export function* cookiePairs(header: string | null | undefined): Generator<[string, string]> {
  if (!header) return;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at === -1) yield [part.trim(), ""];
    else yield [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  }
}
