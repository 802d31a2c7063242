import { describe, expect, it } from "vitest";
import { LOCALES } from "~/lib/i18n/locales";
import { articleStructuredData } from "./article-json-ld";
import {
  ArticleError,
  buildLibrary,
  CONTENT_PARTS,
  findArticle,
  getBlogPage,
  headingId,
  listArticles,
  localizeHref,
  parseArticle,
  parseBlogPage,
} from "./articles.server";
import { articleContentNotice } from "./content-notice.server";

/** An English article with a video and two FAQ entries, linking inside and outside the store. */
const english = [
  "---",
  "title: Test article",
  "description: What the test article is about.",
  "date: 2026-01-05",
  "order: 1",
  "videoId: Eqw1CF1nOt8",
  "videoTitle: A video",
  "faq:",
  "  - question: One?",
  "    answer: Yes, 12.6 V.",
  "  - question: Two?",
  "    answer: No.",
  "---",
  "",
  "## First part",
  "",
  "See the [finder](/findby), [the shop](/allproduct?category=inverter),",
  "[a site](https://example.com/x), [this part](#first-part) and [home](/).",
  "",
].join("\n");

/** A Hindi translation's file: its front matter's lines, and a body. */
const hindi = (front: string[], body = "") =>
  ["---", ...front, "---", "", body].join("\n") as string;

const hindiFaq = [
  "faq:",
  "  - question: एक?",
  "    answer: हाँ, 12.6 V।",
  "  - question: दो?",
  "    answer: नहीं।",
];

const parse = (translation?: string) =>
  parseArticle(
    "content/articles/test-article.md",
    english,
    "hi",
    translation === undefined ? undefined : ["content/hi/articles/test-article.md", translation],
  );

describe("an article in Hindi or Gujarati", () => {
  it("is the English one, every part listed as English, when it has no translation file", () => {
    const article = parse();
    expect(article.title).toBe("Test article");
    expect(article.english).toEqual(["title", "description", "body", "faq"]);
    expect(parseArticle("test-article.md", english).english).toEqual([]);
  });

  it("takes each part from the translation and falls back per part", () => {
    const titleOnly = parse(hindi(["title: परीक्षण लेख"]));
    expect(titleOnly.title).toBe("परीक्षण लेख");
    expect(titleOnly.description).toBe("What the test article is about.");
    expect(titleOnly.english).toEqual(["description", "body", "faq"]);

    const full = parse(
      hindi(
        ["title: परीक्षण लेख", "description: लेख किस बारे में है।", "videoTitle: एक वीडियो", ...hindiFaq],
        "## पहला हिस्सा\n\nहिंदी में [फ़ाइंडर](/findby)।\n",
      ),
    );
    expect(full.english).toEqual([]);
    expect(full.videoTitle).toBe("एक वीडियो");
    expect(full.faq[0]).toEqual({ question: "एक?", answer: "हाँ, 12.6\u00a0V।" });
    expect(full.headings).toEqual([{ id: "पहला-हिस्सा", text: "पहला हिस्सा" }]);
    expect(full.html).toContain('<a href="/hi/findby">फ़ाइंडर</a>');
    // What the translation may not have comes from the English file.
    expect(full).toMatchObject({ date: "2026-01-05", order: 1, videoId: "Eqw1CF1nOt8" });
    expect(full.path).toBe("/blog/test-article");

    const bodyOnly = parse(hindi([], "हिंदी का पाठ।\n"));
    expect(bodyOnly.english).toEqual(["title", "description", "faq"]);
    expect(bodyOnly.html).toContain("हिंदी का पाठ।");
  });

  it("leads the text's links to the store's pages in the page's language", () => {
    const html = parse().html;
    expect(html).toContain('href="/hi/findby"');
    expect(html).toContain('href="/hi/allproduct?category=inverter"');
    expect(html).toContain('href="/hi"');
    expect(html).toContain('href="https://example.com/x"');
    expect(html).toContain('href="#first-part"');
    expect(parseArticle("test-article.md", english).html).toContain('href="/findby"');
    expect(localizeHref("gu", "/service")).toBe("/gu/service");
    expect(localizeHref("gu", "//elsewhere.example/x")).toBe("//elsewhere.example/x");
    expect(localizeHref("en", "/service")).toBe("/service");
  });

  it.each([
    ["a date", ["date: 2026-01-05"]],
    ["an order", ["order: 2"]],
    ["an old address", ["oldPath: /blog1"]],
    ["a video id", ["videoId: Eqw1CF1nOt8"]],
    ["a field no article has", ["author: कोई"]],
    ["an empty title", ["title: ' '"]],
  ])("is refused when its translation has %s", (_, front) => {
    expect(() => parse(hindi(front))).toThrow(ArticleError);
    expect(() => parse(hindi(front))).toThrow(/content\/hi\/articles\/test-article\.md/);
  });

  it("is refused when its translated FAQ has another number of entries than the English", () => {
    const short = hindi(["faq:", "  - question: एक?", "    answer: हाँ।"]);
    expect(() => parse(short)).toThrow(/the FAQ has 1 entries, the English one 2/);
  });

  it("is refused when the translation names a video the English article does not have", () => {
    const noVideo = english.replace("videoId: Eqw1CF1nOt8\nvideoTitle: A video\n", "");
    expect(() =>
      parseArticle("a.md", noVideo, "hi", ["hi/a.md", hindi(["videoTitle: वीडियो"])]),
    ).toThrow(/the English article has no video/);
  });

  it("may not be the translation of an article that does not exist", () => {
    const blog: [string, string] = [
      "blog.md",
      "---\ntitle: G\ndescription: D.\nfaq:\n  - question: Q?\n    answer: A.\n---\nHi.\n",
    ];
    expect(() =>
      buildLibrary({ "content/articles/a.md": english }, blog, "hi", {
        articles: { "content/hi/articles/b.md": hindi(["title: ख"]) },
      }),
    ).toThrow(/content\/hi\/articles\/b\.md: there is no English article b/);
    const library = buildLibrary({ "content/articles/a.md": english }, blog, "gu", {
      articles: {},
      blog: ["content/gu/blog.md", hindi(["title: માર્ગદર્શિકા"])],
    });
    expect(library.articles[0]?.english).toEqual([...CONTENT_PARTS]);
    expect(library.blog.title).toBe("માર્ગદર્શિકા");
    expect(library.blog.english).toEqual(["description", "body", "faq"]);
  });
});

describe("the blog page in Hindi or Gujarati", () => {
  const blog =
    "---\ntitle: Guides\ndescription: All guides.\nfaq:\n  - question: Q?\n    answer: A.\n---\nSee [the finder](/findby).\n";

  it("falls back to English per part and refuses a field it may not have", () => {
    const none = parseBlogPage("blog.md", blog, "gu");
    expect(none.english).toEqual(["title", "description", "body", "faq"]);
    expect(none.html).toContain('href="/gu/findby"');
    expect(() =>
      parseBlogPage("blog.md", blog, "hi", ["hi/blog.md", hindi(["videoTitle: वीडियो"])]),
    ).toThrow(ArticleError);
    expect(() =>
      parseBlogPage("blog.md", blog, "hi", ["hi/blog.md", hindi([...hindiFaq])]),
    ).toThrow(/the FAQ has 2 entries, the English one 1/);
  });
});

describe("the notice of an article shown partly in English", () => {
  it("names the parts in English, in the page's language", () => {
    expect(articleContentNotice("hi", ["title", "body"])).toBe(
      "इस लेख के ये हिस्से अभी अंग्रेज़ी में हैं: शीर्षक, लेख का पाठ।",
    );
    expect(articleContentNotice("gu", ["faq"])).toBe("આ લેખના આ ભાગ હજી અંગ્રેજીમાં છે: સવાલ-જવાબ.");
    expect(articleContentNotice("hi", [...CONTENT_PARTS])).toBe("यह लेख अभी अंग्रेज़ी में है।");
  });

  it("is not shown on an English page, nor when everything is translated", () => {
    expect(articleContentNotice("en", [...CONTENT_PARTS])).toBeNull();
    expect(articleContentNotice("hi", [])).toBeNull();
  });
});

describe("the store's translated articles (content/hi, content/gu)", () => {
  it.each(LOCALES.filter((l) => l !== "en"))("%s: every file is valid", (locale) => {
    const articles = listArticles(locale);
    expect(articles.map((a) => a.slug)).toEqual(listArticles().map((a) => a.slug));
    for (const summary of articles) {
      const article = findArticle(summary.slug, locale);
      const original = findArticle(summary.slug);
      expect(article?.faq.length).toBe(original?.faq.length);
      for (const [, href] of article?.html.matchAll(/href="(\/[^"]*)"/g) ?? []) {
        expect(href).toMatch(new RegExp(`^/${locale}/`));
      }
    }
    expect(getBlogPage(locale).faq.length).toBe(getBlogPage().faq.length);
  });

  it.each(listArticles().map((a) => [a.slug]))("%s is in Hindi, all of it", (slug) => {
    const article = findArticle(slug, "hi");
    const original = findArticle(slug);
    if (!article || !original) throw new Error(`no article ${slug}`);
    expect(article.english).toEqual([]);
    expect(article.title).toMatch(/[\u0900-\u097f]/);
    // The same structure: as many sections, lists, tables and the same links (in Hindi).
    expect(article.headings.length).toBe(original.headings.length);
    for (const tag of ["<ol>", "<ul>", "<table>", "<li>", "<strong>"]) {
      expect(article.html.split(tag).length, tag).toBe(original.html.split(tag).length);
    }
    const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links(article.html)).toEqual(links(original.html).map((href) => `/hi${href}`));
    // Every figure of the English text is in the Hindi one.
    const figures = (text: string) => (text.match(/\d+(?:\.\d+)?/g) ?? []).sort();
    const all = (a: typeof article) =>
      `${a.title} ${a.description} ${a.html} ${a.faq.map((f) => `${f.question} ${f.answer}`).join(" ")}`;
    expect(new Set(figures(all(article)))).toEqual(new Set(figures(all(original))));
  });

  it("has the blog page in Hindi", () => {
    const blog = getBlogPage("hi");
    expect(blog.english).toEqual([]);
    expect(blog.title).toBe("बैटरी की देखभाल की गाइड");
  });
});

describe("an article's structured data", () => {
  const article = {
    title: "शीर्षक",
    description: "विवरण",
    date: "2026-01-05",
    lastModified: "2026-01-05",
    faq: [{ question: "एक?", answer: "हाँ।" }],
  };
  const where = {
    url: "https://shop.example.in/hi/blog/a",
    publicUrl: "https://shop.example.in",
    brandName: "Store",
    homeName: "होम",
    blogName: "ब्लॉग",
  };

  it("says the language of its text: the page's, English for a part not translated", () => {
    const [page, faq] = articleStructuredData(
      { ...article, english: [] },
      { ...where, locale: "hi" },
    );
    expect(page).toMatchObject({ inLanguage: "hi-IN", headline: "शीर्षक" });
    expect(faq).toMatchObject({ inLanguage: "hi-IN" });
    const [, englishFaq] = articleStructuredData(
      { ...article, english: ["faq"] },
      { ...where, locale: "gu" },
    );
    expect(englishFaq).toMatchObject({ inLanguage: "en-IN" });
    expect(articleStructuredData(article, where)[0]).toMatchObject({ inLanguage: "en-IN" });
  });
});

it("makes heading ids of Hindi and Gujarati words", () => {
  expect(headingId("रीडिंग का मतलब")).toBe("रीडिंग-का-मतलब");
  expect(headingId("શું જોઈએ?")).toBe("શું-જોઈએ");
  expect(headingId("12.6 से 12.8 V")).toBe("12-6-से-12-8-v");
});
