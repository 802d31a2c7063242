import { describe, expect, it } from "vitest";
import {
  ArticleError,
  articleNeighbours,
  buildLibrary,
  findArticle,
  findArticleByOldPath,
  getBlogPage,
  headingId,
  listArticles,
  parseArticle,
} from "./articles.server";

/** A valid article's file, with its front matter's lines changed by `edit`. */
function articleFile(edit: (lines: string[]) => string[] = (lines) => lines, body?: string) {
  const front = [
    "title: Test article",
    "description: What the test article is about.",
    "date: 2026-01-05",
    "order: 1",
    "faq:",
    "  - question: Is this a test?",
    "    answer: Yes.",
  ];
  return ["---", ...edit(front), "---", "", body ?? "## First part\n\n1. One\n2. Two\n"].join("\n");
}

const blogFile: [string, string] = [
  "blog.md",
  "---\ntitle: Guides\ndescription: All guides.\nfaq:\n  - question: Q?\n    answer: A.\n---\nHello.\n",
];

describe("the articles in content/articles", () => {
  const articles = listArticles();

  it("are the three battery-care guides, in the old site's order", () => {
    expect(articles.map((a) => a.slug)).toEqual([
      "check-battery-voltage",
      "battery-maintenance-tips",
      "signs-battery-needs-replacement",
    ]);
    expect(articles.map((a) => findArticle(a.slug)?.oldPath)).toEqual([
      "/blog1",
      "/blog2",
      "/blog3",
    ]);
    expect(findArticleByOldPath("/blog2")?.path).toBe("/blog/battery-maintenance-tips");
  });

  it.each(articles.map((a) => [a.slug]))(
    "%s renders: numbered steps, headings with ids, its FAQ, no raw HTML",
    (slug) => {
      const article = findArticle(slug);
      expect(article).not.toBeNull();
      if (!article) return;
      expect(article.title.length).toBeGreaterThan(10);
      expect(article.html).toContain("<ol>");
      expect(article.headings.length).toBeGreaterThanOrEqual(3);
      for (const { id } of article.headings) expect(article.html).toContain(`<h2 id="${id}">`);
      expect(article.html).not.toMatch(/<h1|<script|<iframe/i);
      expect(article.faq.length).toBeGreaterThanOrEqual(3);
      expect(article.readingMinutes).toBeGreaterThanOrEqual(3);
      // Every link in the text leads to a page of the store (no dead or outside links).
      const links = [...article.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? "");
      expect(links.length).toBeGreaterThan(0);
      for (const href of links) {
        expect(href).toMatch(
          /^\/(blog\/[a-z-]+|service|findby|warranty|battery-health|inverter-sizing|allproduct\?category=inverter)$/,
        );
        if (href.startsWith("/blog/")) expect(findArticle(href.slice(6))).not.toBeNull();
      }
    },
  );

  it("say the spec's facts: 3 to 5 years, every 3 months, 12.6 to 12.8 V", () => {
    const text = articles
      .map((a) => {
        const article = findArticle(a.slug);
        return `${article?.html} ${article?.faq.map((f) => f.answer).join(" ")}`;
      })
      .join(" ");
    expect(text).toContain("3 to 5 years");
    expect(text).toContain("every 3 months");
    expect(text).toContain("12.6 to 12.8\u00a0V");
  });

  it("know their neighbours in the blog's order", () => {
    const middle = articleNeighbours("battery-maintenance-tips");
    expect(middle.previous?.slug).toBe("check-battery-voltage");
    expect(middle.next?.slug).toBe("signs-battery-needs-replacement");
    expect(articleNeighbours("check-battery-voltage").previous).toBeNull();
    expect(articleNeighbours("signs-battery-needs-replacement").next).toBeNull();
  });

  it("answer null for an unknown slug or old address", () => {
    expect(findArticle("no-such-article")).toBeNull();
    expect(findArticle("../blog")).toBeNull();
    expect(findArticleByOldPath("/blog9")).toBeNull();
    expect(articleNeighbours("no-such-article")).toEqual({ previous: null, next: null });
  });

  it("are read and rendered once, not per call", () => {
    expect(findArticle("check-battery-voltage")).toBe(findArticle("check-battery-voltage"));
    expect(getBlogPage()).toBe(getBlogPage());
  });

  it("come with the blog page's own introduction and FAQ", () => {
    const blog = getBlogPage();
    expect(blog.title).toBe("Battery care guides");
    expect(blog.faq.length).toBeGreaterThanOrEqual(3);
    expect(blog.html).toContain("<p>");
  });
});

describe("an article's front matter", () => {
  it("is refused without a title, naming the file and the field", () => {
    const file = articleFile((lines) => lines.filter((line) => !line.startsWith("title:")));
    expect(() => parseArticle("content/articles/no-title.md", file)).toThrow(ArticleError);
    expect(() => parseArticle("content/articles/no-title.md", file)).toThrow(
      /content\/articles\/no-title\.md: .*title is required/s,
    );
  });

  it.each([
    ["an empty title", (l: string[]) => l.map((x) => (x.startsWith("title") ? "title: ' '" : x))],
    ["no FAQ", (l: string[]) => l.slice(0, 4)],
    ["an impossible date", (l: string[]) => l.map((x) => x.replace("2026-01-05", "2026-02-30"))],
    ["a field it does not know", (l: string[]) => [...l, "author: Someone"]],
    ["a made-up video id", (l: string[]) => [...l, "videoId: abc", "videoTitle: A video"]],
    ["a video without its title", (l: string[]) => [...l, "videoId: Eqw1CF1nOt8"]],
    ["an old address elsewhere", (l: string[]) => [...l, "oldPath: /elsewhere"]],
  ])("is refused with %s", (_, edit) => {
    expect(() => parseArticle("x.md", articleFile(edit))).toThrow(ArticleError);
  });

  it("is refused when missing, or not YAML", () => {
    expect(() => parseArticle("x.md", "## Just a body\n")).toThrow(/no front matter/);
    expect(() => parseArticle("x.md", "---\ntitle: [unclosed\n---\nBody\n")).toThrow(/YAML/);
  });

  it("takes the file's name as the address, which must be lower-case words", () => {
    expect(parseArticle("content/articles/my-guide.md", articleFile()).path).toBe("/blog/my-guide");
    expect(() => parseArticle("My Guide.md", articleFile())).toThrow(ArticleError);
  });
});

describe("an article's body", () => {
  it("passes no raw HTML through: it is shown as text", () => {
    const article = parseArticle(
      "x.md",
      articleFile(undefined, '## Part\n\n<script>alert(1)</script>\n\n<img src=x onerror="y">\n'),
    );
    expect(article.html).not.toContain("<script>");
    expect(article.html).not.toContain("<img");
    expect(article.html).toContain("&lt;script&gt;");
  });

  it("gives each heading a unique id and lists the h2s for the contents", () => {
    const article = parseArticle(
      "x.md",
      articleFile(undefined, "## Step 1: Read the *meter*\n\n### Notes\n\n## Notes\n"),
    );
    expect(article.headings).toEqual([
      { id: "step-1-read-the-meter", text: "Step 1: Read the meter" },
      { id: "notes-2", text: "Notes" },
    ]);
    expect(article.html).toContain('<h3 id="notes">');
  });

  it("may not have an h1: the title is the page's one", () => {
    expect(() => parseArticle("x.md", articleFile(undefined, "# Another title\n"))).toThrow(
      /start the body's headings at ##/,
    );
  });

  it("keeps a number and its unit on one line", () => {
    const article = parseArticle(
      "x.md",
      articleFile(undefined, "Reads 12.6 V, or 150 Ah, in 3 months.\n"),
    );
    expect(article.html).toContain("12.6\u00a0V, or 150\u00a0Ah, in 3 months");
  });

  it("makes ids of any heading text", () => {
    expect(headingId("What the reading means")).toBe("what-the-reading-means");
    expect(headingId("12.6 to 12.8 V?")).toBe("12-6-to-12-8-v");
    expect(headingId("!!!")).toBe("section");
  });
});

describe("the articles together", () => {
  it("may not share an order or an old address", () => {
    const withOld = (old: string, order = "order: 1") =>
      articleFile((l) => [...l.map((x) => (x === "order: 1" ? order : x)), `oldPath: ${old}`]);
    expect(() =>
      buildLibrary({ "a.md": withOld("/blog1"), "b.md": withOld("/blog2") }, blogFile),
    ).toThrow(/order 1 is taken/);
    expect(() =>
      buildLibrary({ "a.md": withOld("/blog1"), "b.md": withOld("/blog1", "order: 2") }, blogFile),
    ).toThrow(/another article's old address/);
    const library = buildLibrary(
      { "b.md": withOld("/blog2", "order: 2"), "a.md": withOld("/blog1") },
      blogFile,
    );
    expect(library.articles.map((a) => a.slug)).toEqual(["a", "b"]);
  });
});
