import { INTL_TAG, type Locale } from "~/lib/i18n/locales";
import { BLOG_PATH } from "./article-path";
import type { FaqEntry } from "./articles.schema";

type ArticleFacts = {
  title: string;
  description: string;
  date: string;
  lastModified: string;
  faq: FaqEntry[];
  /** The parts shown in English (no translation yet): their language is English. */
  english?: readonly string[];
};

/**
 * What search engines read of an article (schema.org): the Article, its FAQ as an FAQPage and
 * the breadcrumb Home › Blog › the article, every URL on the store's configured address; each in
 * the language its text is in (the page's, English for a part not translated yet).
 */
export function articleStructuredData(
  article: ArticleFacts,
  where: {
    url: string;
    publicUrl: string;
    brandName: string;
    homeName: string;
    blogName: string;
    locale?: Locale;
  },
) {
  const { url, publicUrl, brandName } = where;
  const languageOf = (part: string) =>
    INTL_TAG[article.english?.includes(part) ? "en" : (where.locale ?? "en")];
  const store = { "@type": "Organization", name: brandName, url: new URL("/", publicUrl).href };
  return [
    {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: article.title,
      description: article.description,
      datePublished: article.date,
      dateModified: article.lastModified,
      url,
      mainEntityOfPage: url,
      inLanguage: languageOf("body"),
      author: store,
      publisher: store,
    },
    {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      inLanguage: languageOf("faq"),
      mainEntity: article.faq.map((entry) => ({
        "@type": "Question",
        name: entry.question,
        acceptedAnswer: { "@type": "Answer", text: entry.answer },
      })),
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        [where.homeName, new URL("/", publicUrl).href],
        [where.blogName, new URL(BLOG_PATH, publicUrl).href],
        [article.title, url],
      ].map(([name, item], i) => ({ "@type": "ListItem", position: i + 1, name, item })),
    },
  ];
}
