/**
 * Every mail the store writes goes through `composeMail` (issue 26): the text as lines, and the
 * same in HTML with the mail's language on `<html lang>`, links made clickable. Links point at the
 * store's pages in the mail's language (`mailLink`).
 */
import { INTL_TAG, type Locale, localePath } from "./i18n/locales";
import type { Mail } from "./mailer.server";

/** The absolute address of a store page in a language: ("hi", "/cart") -> ".../hi/cart". */
export function mailLink(publicUrl: string, locale: Locale, path: string): string {
  return new URL(localePath(locale, path), publicUrl).toString();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One line of text as HTML: escaped, its web addresses as links. */
function lineHtml(line: string): string {
  return line
    .split(/(https?:\/\/\S+)/)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join("");
}

/** The mail's lines as an HTML document: a paragraph per block between empty lines. */
export function mailHtml(locale: Locale, subject: string, lines: readonly string[]): string {
  const blocks: string[][] = [[]];
  for (const line of lines) {
    if (line === "") blocks.push([]);
    else blocks.at(-1)?.push(line);
  }
  const paragraphs = blocks
    .filter((block) => block.length > 0)
    .map((block) => `<p>${block.map(lineHtml).join("<br>\n")}</p>`);
  return [
    "<!doctype html>",
    `<html lang="${locale}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs,
    "</body>",
    "</html>",
  ].join("\n");
}

/** A mail in one language: its text from the lines, and the same as HTML. */
export function composeMail(
  locale: Locale,
  mail: { to: string; subject: string; lines: readonly string[]; headers?: Record<string, string> },
): Mail {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.lines.join("\n"),
    html: mailHtml(locale, mail.subject, mail.lines),
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
}

/** A clock time "HH:MM" as the language writes it ("2:30 pm" in English). */
export function mailClock(time: string, locale: Locale): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return new Intl.DateTimeFormat(INTL_TAG[locale], {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(Date.UTC(2000, 0, 1, hours, minutes));
}
