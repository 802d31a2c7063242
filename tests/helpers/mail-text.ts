/** Reading the mails the store wrote to its outbox folder (the browser tests read them). */

function decodeQuotedPrintable(text: string): string {
  // Each =XX is one byte of UTF-8 (₹ is three): gather the bytes, then read them as UTF-8.
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/**
 * A mail as its reader sees it: the headers as written, the body decoded when it is
 * quoted-printable. Only the body is: a header's "=E2" (a List-Unsubscribe link whose token
 * starts so) is text, and read as a byte it broke the link about one run in 60.
 */
export function readableMail(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  if (end < 0) return raw;
  const headers = raw.slice(0, end);
  const body = raw.slice(end);
  return /^Content-Transfer-Encoding:\s*quoted-printable/im.test(headers)
    ? headers + decodeQuotedPrintable(body)
    : raw;
}
