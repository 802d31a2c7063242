/**
 * The message catalogues (ADR 037): `app/locales/<language>/<namespace>.json`, each an object of
 * English source -> translation in ICU MessageFormat. They are compiled once, here, when the
 * server starts; a page's loader sends the browser only its own language's messages of the
 * namespaces it uses (`pageMessages`), already compiled. English sends none: its messages are
 * their sources (translate.ts).
 */
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { catalogues } from "~/locales";
import { DEFAULT_LOCALE, LOCALES, type Locale, localeOfPath } from "./locales";
import { createTranslate, type Messages, type Translate } from "./translate";

type Catalogue = Record<string, string>;

/** Every catalogue file as written: language -> namespace -> messages. */
export function sourceCatalogues(): Record<Locale, Record<string, Catalogue>> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, catalogues[locale] ?? {}])) as Record<
    Locale,
    Record<string, Catalogue>
  >;
}

/** A message compiled for Lingui's runtime; plain text as a one-part message (Lingui takes a
 * bare string for an uncompiled one). */
export function compile(message: string): CompiledMessage {
  const compiled = compileMessage(message);
  return typeof compiled === "string" ? [compiled] : compiled;
}

const sources = sourceCatalogues();
export type Namespace = string;
export const NAMESPACES: readonly string[] = Object.keys(sources[DEFAULT_LOCALE]).sort();

/** Compiled: language -> namespace -> messages, English filling any gap. */
const compiled = new Map<string, Messages>();
function compiledNamespace(locale: Locale, namespace: Namespace): Messages {
  const key = `${locale}/${namespace}`;
  let messages = compiled.get(key);
  if (!messages) {
    const englishSource = sources[DEFAULT_LOCALE][namespace];
    if (!englishSource) throw new Error(`No message catalogue "${namespace}"`);
    const own = sources[locale][namespace] ?? {};
    messages = {};
    if (locale !== DEFAULT_LOCALE) {
      for (const [source, english] of Object.entries(englishSource)) {
        messages[source] = compile(own[source] ?? english);
      }
    }
    compiled.set(key, messages);
  }
  return messages;
}

const pageCache = new Map<string, Messages>();

/** The messages of some namespaces in a language, for a page's loader data (`i18n`). */
export function messagesFor(locale: Locale, namespaces: readonly Namespace[]): Messages {
  const key = `${locale}:${namespaces.join(",")}`;
  let messages = pageCache.get(key);
  if (!messages) {
    messages = Object.assign({}, ...namespaces.map((ns) => compiledNamespace(locale, ns)));
    pageCache.set(key, messages as Messages);
  }
  return messages as Messages;
}

/** The language of a request (its address's prefix). */
export function localeOf(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}

/** For a loader: `i18n: pageMessages(request, ["cart"])`, the page's messages in its language. */
export function pageMessages(request: Request, namespaces: readonly Namespace[]): Messages {
  return messagesFor(localeOf(request), namespaces);
}

const translators = new Map<Locale, Translate>();
/** Every message of a language, for what the server writes itself (e-mails, form answers). */
export function serverTranslate(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (!translate) {
    translate = createTranslate(locale, messagesFor(locale, NAMESPACES));
    translators.set(locale, translate);
  }
  return translate;
}

/**
 * The translator of what the server writes in one language (e-mails, loader texts): the same as
 * `serverTranslate(locale)`; the namespace only files the calling file's messages under it for
 * the extractor (scripts/i18n-extract.ts).
 */
export function translatorFor(locale: Locale, _namespace: Namespace): Translate {
  return serverTranslate(locale);
}
