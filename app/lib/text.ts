/**
 * Text people type into the store's forms, made safe to show to others (issue 20): characters a
 * name or a message never needs are taken out before it is checked or stored. They are the
 * control characters (a pasted tab or line break in a name becomes a space), the bidirectional
 * overrides and isolates (U+202E turns "gnp.exe" around on screen: a name that lies), and the
 * invisible zero-width spaces. The zero-width joiner and non-joiner stay: Devanagari, Gujarati
 * and other Indian scripts need them. Free of zod: browser and server both use it.
 */

/** Invisible or direction-changing characters no text of the store needs. */
const INVISIBLE = /[\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** Control characters but the line break (C0, DEL and C1). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is this module's job
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;

/** One line of text (a name, a city): controls become spaces, runs of spaces one, trimmed. */
export function plainLine(text: string): string {
  return text
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(/[\r\n]/g, " ")
    .replace(CONTROL, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Text of several lines (a message, a review): line breaks kept, at most two in a row. */
export function plainText(text: string): string {
  return text
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(/\r\n?/g, "\n")
    .replace(CONTROL, " ")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
