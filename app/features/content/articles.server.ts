import MarkdownIt from "markdown-it";
import { parse as parseYaml } from "yaml";
import { type ZodType, z } from "zod";
import { articlePath } from "./article-path";
import {
  type ArticleFrontMatter,
  articleFrontMatterSchema,
  articleSlugSchema,
  type BlogPageFrontMatter,
  blogPageFrontMatterSchema,
} from "./articles.schema";

/**
 * The battery-care articles (content/articles/*.md) and the blog page's own words
 * (content/blog.md). The files are put into the server build by Vite (import.meta.glob), read,
 * validated and rendered once per process, on first use; never per request. A file whose front
 * matter is wrong stops that first use with an ArticleError naming the file and the field
 * (articles.int.test.ts reads every article, so a broken one fails the tests).
 */

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
};

export type Article = ArticleSummary & {
  faq: ArticleFrontMatter["faq"];
  oldPath?: string;
  order: number;
  /** The body rendered to HTML: no raw HTML from the Markdown, headings with ids. */
  html: string;
  headings: ArticleHeading[];
};

export type BlogPage = BlogPageFrontMatter & { html: string };

/** A content file that cannot be published as it is. */
export class ArticleError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = "ArticleError";
  }
}

// Raw HTML in the Markdown is shown as text, never passed on; no links made from bare addresses.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

/** A number and its unit stay on one line: "12.6 V", "13.7 to 14.7 V", "150 Ah". */
export function keepUnits(text: string): string {
  return text.replace(/(\d) (?=(?:V|A|Ah|W|VA|mm|kg)\b)/g, "$1\u00a0");
}

/** A heading's text as an id: "Step 2: Read the meter" -> "step-2-read-the-meter". */
export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
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

/**
 * Renders a Markdown body: headings get ids (unique in the page; h2s are listed for the table of
 * contents). An h1 is refused: the page's title is its only one.
 */
function renderBody(file: string, body: string) {
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

/** One article from its file's name (its slug) and text. Throws an ArticleError if it is wrong. */
export function parseArticle(fileName: string, source: string): Article {
  const slug = fileName.replace(/^.*\//, "").replace(/\.md$/, "");
  if (!articleSlugSchema.safeParse(slug).success) {
    throw new ArticleError(fileName, "the file's name is the address: lower-case words and dashes");
  }
  const { front, body } = readFrontMatter(fileName, source, articleFrontMatterSchema);
  const { html, headings, words } = renderBody(fileName, body);
  const faqWords = front.faq.reduce(
    (sum, entry) => sum + `${entry.question} ${entry.answer}`.split(/\s+/).length,
    0,
  );
  return {
    ...front,
    description: keepUnits(front.description),
    faq: front.faq.map((entry) => ({ ...entry, answer: keepUnits(entry.answer) })),
    slug,
    path: articlePath(slug),
    lastModified: front.updated ?? front.date,
    readingMinutes: Math.max(1, Math.round((words + faqWords) / 200)),
    html,
    headings,
  };
}

/** The blog page's own words (content/blog.md). Throws an ArticleError if they are wrong. */
export function parseBlogPage(fileName: string, source: string): BlogPage {
  const { front, body } = readFrontMatter(fileName, source, blogPageFrontMatterSchema);
  const faq = front.faq.map((entry) => ({ ...entry, answer: keepUnits(entry.answer) }));
  return { ...front, faq, html: renderBody(fileName, body).html };
}

type Library = {
  articles: Article[];
  bySlug: Map<string, Article>;
  byOldPath: Map<string, Article>;
  blog: BlogPage;
};

/** Every article, checked together: one order and one old address each. */
export function buildLibrary(files: Record<string, string>, blog: [string, string]): Library {
  const articles = Object.entries(files)
    .map(([file, source]) => parseArticle(file, source))
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
    blog: parseBlogPage(...blog),
  };
}

// The files, put into the server build as text (and read from disk by Vitest).
const articleFiles = import.meta.glob<string>("/content/articles/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});
const blogFiles = import.meta.glob<string>("/content/blog.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

let library: Library | null = null;

/** The articles and the blog page, read and rendered on first use, then kept for the process. */
function content(): Library {
  if (!library) {
    const blog = Object.entries(blogFiles)[0];
    if (!blog) throw new ArticleError("content/blog.md", "missing");
    library = buildLibrary(articleFiles, blog);
  }
  return library;
}

function summaryOf(article: Article): ArticleSummary {
  const { slug, path, title, description, date, updated, lastModified, readingMinutes } = article;
  const { videoId, videoTitle } = article;
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
  };
}

/** Every article in its order, without its body: cards, the sitemap (path, lastModified). */
export function listArticles(): ArticleSummary[] {
  return content().articles.map(summaryOf);
}

/** An article by its slug, or null. */
export function findArticle(slug: string): Article | null {
  return content().bySlug.get(slug) ?? null;
}

/** The article the old site had at this address (/blog1...), or null. */
export function findArticleByOldPath(path: string): ArticleSummary | null {
  const article = content().byOldPath.get(path);
  return article ? summaryOf(article) : null;
}

/** The articles before and after this one in the blog's order (null at either end). */
export function articleNeighbours(slug: string): {
  previous: ArticleSummary | null;
  next: ArticleSummary | null;
} {
  const { articles } = content();
  const at = articles.findIndex((article) => article.slug === slug);
  const near = (i: number) => {
    const article = at < 0 ? undefined : articles[i];
    return article ? summaryOf(article) : null;
  };
  return { previous: near(at - 1), next: near(at + 1) };
}

/** The blog page's title, description, introduction and FAQ. */
export function getBlogPage(): BlogPage {
  return content().blog;
}
