/**
 * Content from the database in the page's language (issue 26): a record keeps its English text
 * in its own fields and its Hindi and Gujarati text in `translations`
 * (`{ hi?: { name?, description? }, gu?: {…} }`). A translation left empty is missing: the
 * English text is shown, and reported so the page can mark it `lang="en"` and say so.
 */
import type { Locale } from "./locales";

/** The languages content is translated into (English is the record's own fields). */
export const CONTENT_LOCALES = ["hi", "gu"] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];

/** A record's translations: per language, per field, the text (absent or "" when missing). */
export type ContentTranslations<F extends string = string> = Partial<
  Record<ContentLocale, Partial<Record<F, string>>>
>;

type Translatable<F extends string> = { [K in F]: string | null } & {
  translations?: ContentTranslations<F> | null;
};

/** The fields in `locale`, English where a translation is missing, and which fell back. */
export type Localized<F extends string> = { [K in F]: string | null } & {
  /** The fields shown in English on a Hindi or Gujarati page (their English text not empty). */
  english: F[];
};

/** A field's translation in a language, or null when missing (absent or blank). */
export function translationOf<F extends string>(
  translations: ContentTranslations<F> | null | undefined,
  locale: Locale,
  field: F,
): string | null {
  if (locale === "en") return null;
  const text = translations?.[locale]?.[field]?.trim();
  return text ? text : null;
}

/**
 * `localized(product, "hi", ["name", "description"])` -> `{ name, description, english:
 * ["description"] }`: each field in the language, else its English text (then listed in
 * `english`, unless the English is empty too). English pages get the fields as they are.
 */
export function localized<F extends string>(
  record: Translatable<F>,
  locale: Locale,
  fields: readonly F[],
): Localized<F> {
  const out = { english: [] as F[] } as Localized<F>;
  for (const field of fields) {
    const own = record[field] as string | null;
    const translated = translationOf(record.translations, locale, field);
    (out as Record<string, unknown>)[field] = translated ?? own;
    if (locale !== "en" && translated === null && own?.trim()) out.english.push(field);
  }
  return out;
}

/**
 * A record with its fields in `locale` (see `localized`) and without its `translations` (the
 * page needs only its own language's text).
 */
export function withLocalized<R extends Translatable<F>, F extends string>(
  record: R,
  locale: Locale,
  fields: readonly F[],
): Omit<R, "translations"> & Localized<F> {
  const { translations: _all, ...rest } = record;
  return { ...rest, ...localized(record, locale, fields) };
}

/** `lang="en"` for an element whose text fell back to English, else nothing. */
export function englishLang<F extends string>(english: readonly F[] | undefined, field: F) {
  return english?.includes(field) ? ("en" as const) : undefined;
}
