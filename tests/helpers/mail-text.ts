/** Reading the mails the store wrote to its outbox folder (the browser tests read them). */

function decodeQuotedPrintable(text: string): string {
  // Each =XX is one byte of UTF-8 (₹ is three): gather the bytes, then read them as UTF-8.
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** A body (or a part's) as written, decoded by its headers' Content-Transfer-Encoding. */
function decodedBody(headers: string, body: string): string {
  if (/^Content-Transfer-Encoding:\s*quoted-printable/im.test(headers)) {
    return decodeQuotedPrintable(body);
  }
  if (/^Content-Transfer-Encoding:\s*base64/im.test(headers)) {
    return `\n\n${Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")}`;
  }
  return body;
}

/**
 * The RFC 2047 encoded words of the headers (a Subject in Hindi: "=?UTF-8?B?…?="), read as
 * text: a run of them is one text, whose bytes may be split between its words. Nothing else in
 * the headers is touched (a List-Unsubscribe token "=E2…" stays as written).
 */
function decodedHeaders(headers: string): string {
  const word = /=\?utf-8\?([bq])\?([^?]*)\?=/gi;
  return headers.replace(/=\?utf-8\?[bq]\?[^?]*\?=(?:\s+=\?utf-8\?[bq]\?[^?]*\?=)*/gi, (run) => {
    const bytes = [...run.matchAll(word)].map(([, kind, data = ""]) =>
      kind?.toLowerCase() === "b"
        ? Buffer.from(data, "base64")
        : Buffer.from(
            data
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            "latin1",
          ),
    );
    return Buffer.concat(bytes).toString("utf8");
  });
}

/**
 * A mail as its reader sees it: the headers as written (encoded words read), the body decoded
 * when it is quoted-printable or base64; a mail of text and HTML parts (multipart/alternative)
 * with each part decoded so. Only bodies are: a header's "=E2" (a List-Unsubscribe link whose
 * token starts so) is text, and read as a byte it broke the link about one run in 60.
 */
export function readableMail(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  if (end < 0) return raw;
  const headers = raw.slice(0, end);
  const body = raw.slice(end);
  const boundary = /^Content-Type:\s*multipart\/[\w-]+;[\s\S]*?boundary="?([^"\r\n;]+)"?/im.exec(
    headers,
  )?.[1];
  if (!boundary) return decodedHeaders(headers) + decodedBody(headers, body);
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    .map((part) => {
      const partEnd = part.search(/\r?\n\r?\n/);
      if (partEnd < 0) return part;
      const partHeaders = part.slice(0, partEnd);
      return partHeaders + decodedBody(partHeaders, part.slice(partEnd));
    });
  return `${decodedHeaders(headers)}\n${parts.join("\n")}`;
}
