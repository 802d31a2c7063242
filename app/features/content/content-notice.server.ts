import { serverTranslate } from "~/lib/i18n/catalogue.server";
import type { Locale } from "~/lib/i18n/locales";
import { CONTENT_PARTS, type ContentPart } from "./articles.server";
import { contentMessages as m } from "./content.messages";

/**
 * The notice a page shows when some of its content fell back to English (`localized`'s
 * `english`), in the page's language; null on an English page or when nothing fell back.
 */
function notice(locale: Locale, message: string | null): string | null {
  if (locale === "en" || !message) return null;
  return serverTranslate(locale).t(message);
}

/** A product page's notice: its name, its description or both in English. */
export function productContentNotice(
  locale: Locale,
  english: readonly ("name" | "description")[],
): string | null {
  const name = english.includes("name");
  const description = english.includes("description");
  return notice(
    locale,
    name && description
      ? m.productNameAndDescription
      : name
        ? m.productName
        : description
          ? m.productDescription
          : null,
  );
}

/** A list's notice: some cards' names in English. */
export function cardsContentNotice(
  locale: Locale,
  cards: readonly { english?: readonly string[] }[],
): string | null {
  return notice(locale, cards.some((card) => card.english?.length) ? m.cardNames : null);
}

/** A page with several kinds of content: some parts of it in English. */
export function pageContentNotice(locale: Locale, fellBack: boolean): string | null {
  return notice(locale, fellBack ? m.someParts : null);
}

/** The home page's notice: the tagline in English (some parts), else cards' names in English. */
export function homeContentNotice(
  locale: Locale,
  cards: readonly { english?: readonly string[] }[],
  taglineInEnglish: boolean,
): string | null {
  return taglineInEnglish ? pageContentNotice(locale, true) : cardsContentNotice(locale, cards);
}

/** An article's notice: the parts of it still in English ("the title, the text"), or all of it. */
export function articleContentNotice(
  locale: Locale,
  english: readonly ContentPart[],
): string | null {
  if (locale === "en" || english.length === 0) return null;
  const { t } = serverTranslate(locale);
  if (CONTENT_PARTS.every((part) => english.includes(part))) return t(m.wholeArticle);
  const parts = CONTENT_PARTS.filter((part) => english.includes(part)).map((part) =>
    t(m.part[part]),
  );
  return t(m.articleParts, { parts: parts.join(", ") });
}
