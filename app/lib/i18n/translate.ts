/**
 * Translation, the same on the server and in the browser (ADR 037). A message is looked up by
 * its English source, written in ICU MessageFormat ("{count, plural, one {# battery} other {#
 * batteries}}"); catalogues arrive compiled (catalogue.server.ts), so the browser carries
 * Lingui's small runtime and no full ICU parser. English has no catalogue: a message is its own
 * source, compiled where it is used by `compileSource` (a plural, a select, a number format).
 */
import { setupI18n } from "@lingui/core";
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import { compileSource } from "./compile-source";
import { DEFAULT_LOCALE, INTL_TAG, type Locale } from "./locales";

/** A page's messages: English source -> compiled translation. */
export type Messages = Record<string, CompiledMessage>;
export type Values = Record<string, unknown>;

export type Translate = {
  locale: Locale;
  /** A catalogue message, by its English source, with its values. */
  t: (source: string, values?: Values) => string;
  /**
   * A sentence the server wrote in English (a form's error, a notice, a toast): its translation,
   * found by the sentence itself or by the template it was filled from ("Order #{number} placed.
   * Thank you!" matches "Order #42 placed. Thank you!"); as it came when neither is known.
   */
  text: (english: string) => string;
};

/** `{name}` placeholders filled in, for a message no catalogue holds. */
export function fill(template: string, values: Values = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const SIMPLE_ARGUMENT = /\{(\w+)\}/g;

/** A template of simple `{name}` arguments as a pattern matching its filled-in English. */
function templatePattern(source: string): { pattern: RegExp; names: string[] } | null {
  const names: string[] = [];
  let pattern = "";
  let last = 0;
  for (const match of source.matchAll(SIMPLE_ARGUMENT)) {
    pattern += escapeRegExp(source.slice(last, match.index));
    pattern += "(.+?)";
    names.push(match[1] as string);
    last = match.index + match[0].length;
  }
  if (names.length === 0) return null;
  pattern += escapeRegExp(source.slice(last));
  return { pattern: new RegExp(`^${pattern}$`, "s"), names };
}

/** A template's own words, without its arguments. */
function literalLength(source: string): number {
  return source.replace(SIMPLE_ARGUMENT, "").length;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A message with more than `{name}` arguments (a plural, a select, a number format). */
const FORMATTED = /\{\s*\w+\s*,/;

/** English messages compiled from their source, once per process or page. */
const englishCompiled = new Map<string, CompiledMessage>();
function compileEnglish(source: string): CompiledMessage {
  let compiled = englishCompiled.get(source);
  if (!compiled) {
    compiled = compileSource(source);
    englishCompiled.set(source, compiled);
  }
  return compiled;
}

/** The translator of one language over the given compiled messages. */
export function createTranslate(locale: Locale, messages: Messages): Translate {
  const tag = INTL_TAG[locale];
  const i18n = setupI18n({ locale: tag, locales: [tag], messages: { [tag]: messages } });
  // English: the source is the message (Lingui compiles a message it does not hold with this).
  if (locale === DEFAULT_LOCALE) i18n.setMessagesCompiler(compileEnglish);
  const t = (source: string, values?: Values) =>
    Object.hasOwn(messages, source) || (locale === DEFAULT_LOCALE && FORMATTED.test(source))
      ? i18n._(source, values)
      : fill(source, values);

  let templates: { source: string; pattern: RegExp; names: string[] }[] | null = null;
  const text = (english: string): string => {
    if (!english) return english;
    if (Object.hasOwn(messages, english)) return i18n._(english);
    // Gathered once per translator, the most specific first: "Order #{number} cancelled"
    // before "Order #{number}".
    templates ??= Object.keys(messages)
      .flatMap((source) => {
        if (!source.includes("{") || /\{\w+,/.test(source)) return [];
        const found = templatePattern(source);
        return found ? [{ source, ...found }] : [];
      })
      .sort((a, b) => literalLength(b.source) - literalLength(a.source));
    for (const { source, pattern, names } of templates) {
      const match = pattern.exec(english);
      if (!match) continue;
      // A value that is itself a known word ("cancelled") is given in the language too.
      const values = Object.fromEntries(
        names.map((name, i) => {
          const value = match[i + 1] ?? "";
          return [name, Object.hasOwn(messages, value) ? i18n._(value) : value];
        }),
      );
      return i18n._(source, values);
    }
    return english;
  };
  return { locale, t, text };
}

/** English as it is written in the code, for a page or a test without catalogues. */
export const english: Translate = createTranslate("en", {});
