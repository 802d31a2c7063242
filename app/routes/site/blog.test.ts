import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { articleStructuredData } from "~/features/content/article-json-ld";
import { findArticle } from "~/features/content/articles.server";
import { serializeJsonLd } from "~/lib/json-ld";
import { loader as blogLoader } from "./blog";
import { loader as articleLoader } from "./blog-article";
import { loader as oldLoader } from "./blog-old";

/** The blog's loaders read nothing but the store's configured address (no database, no cookie). */
const publicUrl = "https://shop.example.in";
const context = Object.assign(new RouterContextProvider(), { publicUrl });

function args(path: string, params: Record<string, string> = {}) {
  return { request: new Request(`http://localhost:3000${path}`), params, context } as never;
}

/** What a loader returned or threw. */
function run(load: () => unknown): unknown {
  try {
    return load();
  } catch (thrown) {
    return thrown;
  }
}

function statusOf(value: unknown): number {
  if (value instanceof Response) return value.status;
  return (value as { init?: { status?: number } } | null)?.init?.status ?? 200;
}

describe("/blog", () => {
  it("lists the three guides, at most two videos, the FAQ", () => {
    const page = blogLoader(args("/blog"));
    expect(page.articles.map((a) => a.path)).toEqual([
      "/blog/check-battery-voltage",
      "/blog/battery-maintenance-tips",
      "/blog/signs-battery-needs-replacement",
    ]);
    expect(page.videos.length).toBeLessThanOrEqual(2);
    for (const video of page.videos) expect(video.videoId).toMatch(/^[\w-]{11}$/);
    expect(page.faq.length).toBeGreaterThanOrEqual(3);
    // Cards carry no article bodies.
    expect(JSON.stringify(page.articles)).not.toContain("<p>");
  });
});

describe("/blog/:slug", () => {
  it("gives an article with its neighbours and canonical address", () => {
    const page = articleLoader(
      args("/blog/battery-maintenance-tips", { slug: "battery-maintenance-tips" }),
    );
    expect(page.article.title).toBe("Battery maintenance tips for Indian roads and homes");
    expect(page.article.html).toContain("<ol>");
    expect(page.previous?.slug).toBe("check-battery-voltage");
    expect(page.next?.slug).toBe("signs-battery-needs-replacement");
    expect(page.url).toBe("https://shop.example.in/blog/battery-maintenance-tips");
  });

  it.each(["no-such-guide", "CHECK-BATTERY-VOLTAGE", "blog1"])("answers %s with a 404", (slug) => {
    expect(statusOf(run(() => articleLoader(args(`/blog/${slug}`, { slug }))))).toBe(404);
  });
});

describe("the old site's addresses", () => {
  it.each([
    ["/blog1", "/blog/check-battery-voltage"],
    ["/blog2", "/blog/battery-maintenance-tips"],
    ["/blog3", "/blog/signs-battery-needs-replacement"],
  ])("%s answers 301 to %s", (path, location) => {
    const answer = run(() => oldLoader(args(path))) as Response;
    expect(answer.status).toBe(301);
    expect(answer.headers.get("Location")).toBe(location);
  });

  it("finds the article of an old address under /hi or /gu too", () => {
    const answer = run(() => oldLoader(args("/hi/blog2"))) as Response;
    expect(answer.status).toBe(301);
    expect(answer.headers.get("Location")).toBe("/blog/battery-maintenance-tips");
  });

  it("answers an address no article had with a 404", () => {
    expect(statusOf(run(() => oldLoader(args("/blog4"))))).toBe(404);
  });
});

describe("an article's structured data", () => {
  const article = findArticle("check-battery-voltage");
  if (!article) throw new Error("the voltage guide is missing");
  const url = `${publicUrl}${article.path}`;
  const [main, faq, crumbs] = articleStructuredData(article, {
    url,
    publicUrl,
    brandName: "UrjaCell",
    homeName: "Home",
    blogName: "Blog",
  });

  it("is an Article, its FAQ and its breadcrumb, on the configured address", () => {
    expect(main).toMatchObject({
      "@type": "Article",
      headline: article.title,
      datePublished: "2026-01-12",
      dateModified: "2026-01-12",
      url,
      publisher: { "@type": "Organization", name: "UrjaCell", url: `${publicUrl}/` },
    });
    expect(faq).toMatchObject({ "@type": "FAQPage" });
    expect(faq?.mainEntity).toHaveLength(article.faq.length);
    expect(faq?.mainEntity?.[0]).toEqual({
      "@type": "Question",
      name: article.faq[0]?.question,
      acceptedAnswer: { "@type": "Answer", text: article.faq[0]?.answer },
    });
    expect(crumbs?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${publicUrl}/` },
      { "@type": "ListItem", position: 2, name: "Blog", item: `${publicUrl}/blog` },
      { "@type": "ListItem", position: 3, name: article.title, item: url },
    ]);
  });

  it("is written so no text in it can close its script element", () => {
    const text = serializeJsonLd({
      "@type": "Thing",
      name: "</script><script>alert(1)</script><!--",
    });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({
      "@type": "Thing",
      name: "</script><script>alert(1)</script><!--",
    });
  });
});
