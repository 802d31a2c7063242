import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { findArticle } from "~/features/content/articles.server";
import { loader as blogLoader } from "./blog";
import { loader as articleLoader } from "./blog-article";

// The store's content files without any Gujarati translation (a language not translated yet,
// whether or not content/gu/ exists): its pages show the English text and say so.
vi.mock("~/features/content/articles.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/features/content/articles.server")>();
  const { gu: _gujarati, ...translations } = real.contentSources.translations;
  return { ...real, ...real.contentLibrary({ ...real.contentSources, translations }) };
});

const context = Object.assign(new RouterContextProvider(), {
  publicUrl: "https://shop.example.in",
});
const args = (path: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://localhost:3000${path}`), params, context }) as never;

const slug = "check-battery-voltage";
const english = findArticle(slug);

describe("/hi/blog/:slug", () => {
  it("gives the Hindi article, its links in Hindi, and no notice", () => {
    const page = articleLoader(args(`/hi/blog/${slug}`, { slug }));
    expect(page.article.title).toBe("मल्टीमीटर से बैटरी का वोल्टेज कैसे जाँचें");
    expect(page.article.html).toContain("रीडिंग का मतलब");
    expect(page.article.html).toContain('href="/hi/findby"');
    expect(page.article.faq[0]?.question).toMatch(/[\u0900-\u097f]/);
    expect(page.article.english).toEqual([]);
    expect(page.contentNotice).toBeNull();
    expect(page.next?.title).toMatch(/[\u0900-\u097f]/);
    // The same address under the page's language (pageMeta gives canonical and hreflang).
    expect(page.article.path).toBe(`/blog/${slug}`);
  });
});

describe("/gu/blog/:slug without a Gujarati translation", () => {
  it("gives the English article, its links in Gujarati, and says it is in English", () => {
    const page = articleLoader(args(`/gu/blog/${slug}`, { slug }));
    expect(page.article.title).toBe(english?.title);
    expect(page.article.english).toEqual(["title", "description", "body", "faq"]);
    expect(page.contentNotice).toBe("આ લેખ હજી અંગ્રેજીમાં છે.");
    expect(page.article.html).toContain('href="/gu/findby"');
  });
});

describe("/blog in each language", () => {
  it("lists the Hindi titles and descriptions on /hi/blog, with no notice", () => {
    const page = blogLoader(args("/hi/blog"));
    expect(page.title).toBe("बैटरी की देखभाल की गाइड");
    for (const article of page.articles) {
      expect(article.title).toMatch(/[\u0900-\u097f]/);
      expect(article.description).toMatch(/[\u0900-\u097f]/);
    }
    expect(page.contentNotice).toBeNull();
  });

  it("says on /gu/blog that parts of the page are in English; nothing on /blog", () => {
    expect(blogLoader(args("/gu/blog")).contentNotice).toBe("આ પેજના કેટલાક ભાગ હજી અંગ્રેજીમાં છે.");
    expect(blogLoader(args("/blog")).contentNotice).toBeNull();
    expect(blogLoader(args("/blog")).title).toBe("Battery care guides");
  });
});
