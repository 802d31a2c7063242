import MarkdownIt from "markdown-it";
import { parse as parseYaml } from "yaml";
import { type ZodType, z } from "zod";
import { type Locale, localePath } from "~/lib/i18n/locales";
import type { ContentLocale } from "~/lib/i18n/localized";
import { articlePath } from "./article-path";
import {
  type ArticleFrontMatter,
  type ArticleTranslation,
  articleFrontMatterSchema,
  articleSlugSchema,
  articleTranslationSchema,
  type BlogPageFrontMatter,
  blogPageFrontMatterSchema,
  blogPageTranslationSchema,
  type FaqEntry,
} from "./articles.schema";

/**
 * The battery-care articles (content/articles/*.md) and the blog page's own words
 * (content/blog.md). The files are put into the server build by Vite (import.meta.glob), read,
 * validated and rendered once per process, on first use; never per request. A file whose front
 * matter is wrong stops that first use with an ArticleError naming the file and the field
 * (articles.test.ts reads every article, so a broken one fails the tests).
 *
 * Translations (issue 26) are files beside them: content/hi/articles/<slug>.md, content/hi/blog.md
 * (and gu). They hold only the words (title, description, videoTitle, faq, the body); what they
 * leave out is shown in English and listed in `english`, so the page marks it `lang="en"` and says
 * so. Links inside the text to the store's own pages ("/findby") lead to the page's language.
 */

/** The parts of an article or of the blog page a translation may lack (then shown in English). */
export const CONTENT_PARTS = ["title", "description", "body", "faq"] as const;
export type ContentPart = (typeof CONTENT_PARTS)[number];

/** An h2 of an article's body: the table of contents links to it. */
export type ArticleHeading = { id: string; text: string };

/** What a card, the sitemap and previous/next need of an article. */
export type ArticleSummary = Pick<
  ArticleFrontMatter,
  "title" | "description" | "date" | "updated" | "videoId" | "videoTitle"
> & {
  slug: string;
  path: string;
  /** The day the text last changed (updated, else date): the sitemap's lastmod. */
  lastModified: string;
  /** About how long it takes to read, at 200 words a minute. */
  readingMinutes: number;
  /** The parts shown in English on a Hindi or Gujarati page (no translation yet). */
  english: ContentPart[];
};

export type Article = ArticleSummary & {
  faq: ArticleFrontMatter["faq"];
  oldPath?: string;
  order: number;
  /** The body rendered to HTML: no raw HTML from the Markdown, headings with ids. */
  html: string;
  headings: ArticleHeading[];
};

export type BlogPage = BlogPageFrontMatter & { html: string; english: ContentPart[] };

/** A content file that cannot be published as it is. */
export class ArticleError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = "ArticleError";
  }
}

// Raw HTML in the Markdown is shown as text, never passed on; no links made from bare addresses.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

// An empty block ("---" twice) is allowed: a translation may give only a body.
const FRONT_MATTER = /^---\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

/** A number and its unit stay on one line: "12.6 V", "13.7 to 14.7 V", "150 Ah". */
export function keepUnits(text: string): string {
  return text.replace(/(\d) (?=(?:V|A|Ah|W|VA|mm|kg)\b)/g, "$1\u00a0");
}

/**
 * A heading's text as an id: "Step 2: Read the meter" -> "step-2-read-the-meter"; Hindi and
 * Gujarati words are kept ("वोल्टेज कैसे देखें" -> "वोल्टेज-कैसे-देखें").
 */
export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9\p{Script=Devanagari}\p{Script=Gujarati}]+/gu, "-")
      .replace(/^-|-$/g, "") || "section"
  );
}

function readFrontMatter<T>(file: string, source: string, schema: ZodType<T>) {
  const parts = FRONT_MATTER.exec(source);
  if (!parts)
    throw new ArticleError(file, "no front matter (a block between --- lines at the top)");
  let data: unknown;
  try {
    data = parseYaml(parts[1] ?? "");
  } catch (error) {
    throw new ArticleError(file, `front matter is not valid YAML: ${(error as Error).message}`);
  }
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw new ArticleError(file, z.prettifyError(result.error));
  return { front: result.data, body: parts[2] ?? "" };
}

/** A link of the text in the page's language: "/findby" -> "/hi/findby"; others as they are. */
export function localizeHref(locale: Locale, href: string): string {
  return href.startsWith("/") && !href.startsWith("//") ? localePath(locale, href) : href;
}

/**
 * Renders a Markdown body: headings get ids (unique in the page; h2s are listed for the table of
 * contents), links to the store's pages lead to the page's language (they are plain <a href>,
 * which the router does not prefix). An h1 is refused: the page's title is its only one.
 */
function renderBody(file: string, body: string, locale: Locale = "en") {
  const env = {};
  const tokens = markdown.parse(body, env);
  const headings: ArticleHeading[] = [];
  const used = new Set<string>();
  let words = 0;
  tokens.forEach((token, i) => {
    if (token.type === "inline") {
      words += token.content.split(/\s+/).filter(Boolean).length;
      for (const child of token.children ?? []) {
        if (child.type === "text") child.content = keepUnits(child.content);
        const href = child.type === "link_open" ? child.attrGet("href") : null;
        if (typeof href === "string") child.attrSet("href", localizeHref(locale, href));
      }
    }
    if (token.type !== "heading_open") return;
    if (token.tag === "h1") {
      throw new ArticleError(file, "the title is the page's h1: start the body's headings at ##");
    }
    const text = (tokens[i + 1]?.children ?? [])
      .filter((child) => child.type === "text" || child.type === "code_inline")
      .map((child) => child.content)
      .join("");
    const base = headingId(text);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    token.attrSet("id", id);
    if (token.tag === "h2") headings.push({ id, text });
  });
  return { html: markdown.renderer.render(tokens, markdown.options, env), headings, words };
}

/** A content file: its name (for errors) and its text. */
export type SourceFile = [fileName: string, source: string];

/** The words of an article or of the blog page a translation may give. */
type Words = {
  title: string;
  description: string;
  faq: FaqEntry[];
  body: string;
  videoTitle?: string;
};

/**
 * The words in `locale`: the translation's where its file has them, else the English ones (listed
 * in `english`). Throws an ArticleError if the translation is wrong: a field it may not have
 * (dates, order... come from the English file), or an FAQ of another length than the English.
 */
function translateWords<W extends Words>(
  english: W,
  locale: Locale,
  translation: SourceFile | undefined,
  schema: ZodType<ArticleTranslation>,
): W & { english: ContentPart[] } {
  if (locale === "en") return { ...english, english: [] };
  if (!translation) return { ...english, english: [...CONTENT_PARTS] };
  const [file, source] = translation;
  const { front, body } = readFrontMatter(file, source, schema);
  if (front.faq && front.faq.length !== english.faq.length) {
    throw new ArticleError(
      file,
      `the FAQ has ${front.faq.length} entries, the English one ${english.faq.length}: translate each of its questions`,
    );
  }
  if (front.videoTitle && !english.videoTitle) {
    throw new ArticleError(file, "videoTitle: the English article has no video");
  }
  const own: Partial<Words> = { ...front, body: body.trim() ? body : undefined };
  const out: W & { english: ContentPart[] } = { ...english, english: [] };
  for (const part of CONTENT_PARTS) {
    const text = own[part];
    if (text === undefined) out.english.push(part);
    else Object.assign(out, { [part]: text });
  }
  if (front.videoTitle) out.videoTitle = front.videoTitle;
  return out;
}

const withUnits = (faq: FaqEntry[]) =>
  faq.map((entry) => ({ ...entry, answer: keepUnits(entry.answer) }));

/**
 * One article from its file's name (its slug) and text, in `locale` from its translation's file
 * (English where that lacks a part). Throws an ArticleError if either is wrong.
 */
export function parseArticle(
  fileName: string,
  source: string,
  locale: Locale = "en",
  translation?: SourceFile,
): Article {
  const slug = slugOf(fileName);
  if (!articleSlugSchema.safeParse(slug).success) {
    throw new ArticleError(fileName, "the file's name is the address: lower-case words and dashes");
  }
  const { front, body: englishBody } = readFrontMatter(fileName, source, articleFrontMatterSchema);
  const { body, english, ...words } = translateWords(
    { ...front, body: englishBody },
    locale,
    translation,
    articleTranslationSchema,
  );
  const {
    html,
    headings,
    words: bodyWords,
  } = renderBody(
    english.includes("body") ? fileName : (translation?.[0] ?? fileName),
    body,
    locale,
  );
  const faqWords = words.faq.reduce(
    (sum, entry) => sum + `${entry.question} ${entry.answer}`.split(/\s+/).length,
    0,
  );
  return {
    ...words,
    description: keepUnits(words.description),
    faq: withUnits(words.faq),
    slug,
    path: articlePath(slug),
    lastModified: front.updated ?? front.date,
    readingMinutes: Math.max(1, Math.round((bodyWords + faqWords) / 200)),
    html,
    headings,
    english,
  };
}

/** The blog page's own words (content/blog.md), in `locale`. Throws an ArticleError if wrong. */
export function parseBlogPage(
  fileName: string,
  source: string,
  locale: Locale = "en",
  translation?: SourceFile,
): BlogPage {
  const { front, body: englishBody } = readFrontMatter(fileName, source, blogPageFrontMatterSchema);
  const { body, ...words } = translateWords(
    { ...front, body: englishBody },
    locale,
    translation,
    blogPageTranslationSchema,
  );
  return { ...words, faq: withUnits(words.faq), html: renderBody(fileName, body, locale).html };
}

/** "content/hi/articles/check-battery-voltage.md" -> "check-battery-voltage". */
const slugOf = (fileName: string) => fileName.replace(/^.*\//, "").replace(/\.md$/, "");

type Library = {
  articles: Article[];
  bySlug: Map<string, Article>;
  byOldPath: Map<string, Article>;
  blog: BlogPage;
};

/** A language's translation files: its articles' (by file name) and the blog page's. */
export type TranslationFiles = { articles: Record<string, string>; blog?: SourceFile };

/**
 * Every article in `locale`, checked together: one order and one old address each, and no
 * translation of an article that does not exist.
 */
export function buildLibrary(
  files: Record<string, string>,
  blog: SourceFile,
  locale: Locale = "en",
  translations: TranslationFiles = { articles: {} },
): Library {
  const translated = new Map(
    Object.entries(translations.articles).map(([file, source]) => [slugOf(file), [file, source]]),
  ) as Map<string, SourceFile>;
  const slugs = new Set(Object.keys(files).map(slugOf));
  for (const [slug, [file]] of translated) {
    if (!slugs.has(slug)) throw new ArticleError(file, `there is no English article ${slug}`);
  }
  const articles = Object.entries(files)
    .map(([file, source]) => parseArticle(file, source, locale, translated.get(slugOf(file))))
    .sort((a, b) => a.order - b.order);
  const byOldPath = new Map<string, Article>();
  articles.forEach((article, i) => {
    if (articles[i - 1]?.order === article.order) {
      throw new ArticleError(article.slug, `order ${article.order} is taken by another article`);
    }
    if (!article.oldPath) return;
    if (byOldPath.has(article.oldPath)) {
      throw new ArticleError(article.slug, `${article.oldPath} is another article's old address`);
    }
    byOldPath.set(article.oldPath, article);
  });
  return {
    articles,
    bySlug: new Map(articles.map((article) => [article.slug, article])),
    byOldPath,
    blog: parseBlogPage(...blog, locale, translations.blog),
  };
}

/** Everything the blog is made of: the English files and each language's translations. */
export type ContentSources = {
  articles: Record<string, string>;
  blog: SourceFile | undefined;
  translations: Partial<Record<ContentLocale, TranslationFiles>>;
};

/** The files put into the server build as text (and read from disk by Vitest). */
function sourcesFromFiles(): ContentSources {
  const articles = import.meta.glob<string>("/content/articles/*.md", {
    query: "?raw",
    import: "default",
    eager: true,
  });
  const blogFiles = import.meta.glob<string>("/content/blog.md", {
    query: "?raw",
    import: "default",
    eager: true,
  });
  const translationFiles = import.meta.glob<string>(
    [
      "/content/hi/articles/*.md",
      "/content/hi/blog.md",
      "/content/gu/articles/*.md",
      "/content/gu/blog.md",
    ],
    { query: "?raw", import: "default", eager: true },
  );
  const translations: ContentSources["translations"] = {};
  for (const [file, source] of Object.entries(translationFiles)) {
    const [, locale, article] = /^\/content\/(hi|gu)\/(articles\/)?/.exec(file) ?? [];
    if (locale !== "hi" && locale !== "gu") continue;
    translations[locale] ??= { articles: {} };
    const own = translations[locale];
    if (article) own.articles[file] = source;
    else own.blog = [file, source];
  }
  return { articles, blog: Object.entries(blogFiles)[0], translations };
}

function summaryOf(article: Article): ArticleSummary {
  const { slug, path, title, description, date, updated, lastModified, readingMinutes } = article;
  const { videoId, videoTitle, english } = article;
  return {
    slug,
    path,
    title,
    description,
    date,
    updated,
    lastModified,
    readingMinutes,
    videoId,
    videoTitle,
    english,
  };
}

/**
 * The blog made of these files: each language's articles read, validated and rendered on its
 * first use, then kept for the process (never per request).
 */
export function contentLibrary(sources: ContentSources) {
  const libraries = new Map<Locale, Library>();
  function content(locale: Locale): Library {
    let library = libraries.get(locale);
    if (!library) {
      if (!sources.blog) throw new ArticleError("content/blog.md", "missing");
      const translations = locale === "en" ? undefined : sources.translations[locale];
      library = buildLibrary(sources.articles, sources.blog, locale, translations);
      libraries.set(locale, library);
    }
    return library;
  }
  return {
    /** Every article in its order, without its body: cards, the sitemap (path, lastModified). */
    listArticles(locale: Locale = "en"): ArticleSummary[] {
      return content(locale).articles.map(summaryOf);
    },
    /** An article by its slug, in `locale` (English where not translated), or null. */
    findArticle(slug: string, locale: Locale = "en"): Article | null {
      return content(locale).bySlug.get(slug) ?? null;
    },
    /** The article the old site had at this address (/blog1...), or null. */
    findArticleByOldPath(path: string): ArticleSummary | null {
      const article = content("en").byOldPath.get(path);
      return article ? summaryOf(article) : null;
    },
    /** The articles before and after this one in the blog's order (null at either end). */
    articleNeighbours(
      slug: string,
      locale: Locale = "en",
    ): { previous: ArticleSummary | null; next: ArticleSummary | null } {
      const { articles } = content(locale);
      const at = articles.findIndex((article) => article.slug === slug);
      const near = (i: number) => {
        const article = at < 0 ? undefined : articles[i];
        return article ? summaryOf(article) : null;
      };
      return { previous: near(at - 1), next: near(at + 1) };
    },
    /** The blog page's title, description, introduction and FAQ, in `locale`. */
    getBlogPage(locale: Locale = "en"): BlogPage {
      return content(locale).blog;
    },
  };
}

/** The store's own content files (content/). */
export const contentSources = sourcesFromFiles();

export const { listArticles, findArticle, findArticleByOldPath, articleNeighbours, getBlogPage } =
  contentLibrary(contentSources);
