import { describe, expect, it } from "vitest";
import { absoluteUrl, serializeJsonLd } from "./json-ld";
import { seoTags } from "./seo";

const site = { brandName: "UrjaCell", publicUrl: "https://shop.example.in" };

/** The content of the tag with this name or property, or the href of this link. */
function tag(tags: ReturnType<typeof seoTags>, key: string): string | undefined {
  for (const t of tags as Record<string, string>[]) {
    if (t.name === key || t.property === key) return t.content;
    if (t.tagName === "link" && t.rel === key) return t.href;
  }
  return undefined;
}

describe("a page's tags", () => {
  const page = {
    title: "All batteries",
    description: "Every battery we sell.",
    path: "/allproduct",
  };

  it("writes the title with the store's name, the description and an absolute canonical", () => {
    const tags = seoTags(site, page);
    expect(tags[0]).toEqual({ title: "All batteries · UrjaCell" });
    expect(tag(tags, "description")).toBe("Every battery we sell.");
    expect(tag(tags, "canonical")).toBe("https://shop.example.in/allproduct");
    expect(tag(tags, "robots")).toBeUndefined();
  });

  it("names the page in every language, English as x-default, and a Hindi page's own address as canonical", () => {
    const tags = seoTags({ ...site, locale: "hi" }, { ...page, path: "/allproduct?category=car" });
    const alternates = (tags as Record<string, string>[])
      .filter((t) => t.rel === "alternate")
      .map((t) => `${t.hrefLang} ${t.href}`);
    expect(alternates).toEqual([
      "en https://shop.example.in/allproduct?category=car",
      "hi https://shop.example.in/hi/allproduct?category=car",
      "gu https://shop.example.in/gu/allproduct?category=car",
      "x-default https://shop.example.in/allproduct?category=car",
    ]);
    expect(tag(tags, "canonical")).toBe("https://shop.example.in/hi/allproduct?category=car");
    expect(tag(tags, "og:url")).toBe("https://shop.example.in/hi/allproduct?category=car");
    expect(tag(tags, "og:locale")).toBe("hi_IN");
    // A page kept out of search results names no alternates either.
    const hidden = seoTags({ ...site, locale: "gu" }, { ...page, noindex: true });
    expect((hidden as Record<string, string>[]).some((t) => t.rel === "alternate")).toBe(false);
  });

  it("writes Open Graph and a small Twitter card without a picture", () => {
    const tags = seoTags(site, page);
    expect(tag(tags, "og:title")).toBe("All batteries");
    expect(tag(tags, "og:description")).toBe("Every battery we sell.");
    expect(tag(tags, "og:url")).toBe("https://shop.example.in/allproduct");
    expect(tag(tags, "og:type")).toBe("website");
    expect(tag(tags, "og:site_name")).toBe("UrjaCell");
    expect(tag(tags, "og:locale")).toBe("en_IN");
    expect(tag(tags, "og:image")).toBeUndefined();
    expect(tag(tags, "twitter:card")).toBe("summary");
  });

  it("makes a picture absolute on the store's address and asks for a large card", () => {
    const tags = seoTags(site, {
      ...page,
      path: "/oneprod/DRIVE-35L",
      image: "/uploads/products/abc-detail.webp",
      imageAlt: "DRIVE-35L battery",
      type: "product",
    });
    expect(tag(tags, "og:image")).toBe("https://shop.example.in/uploads/products/abc-detail.webp");
    expect(tag(tags, "og:image:alt")).toBe("DRIVE-35L battery");
    expect(tag(tags, "og:type")).toBe("product");
    expect(tag(tags, "twitter:card")).toBe("summary_large_image");
  });

  it("keeps a query that is part of the canonical address, escaped as a URL", () => {
    const tags = seoTags(site, { ...page, path: "/allproduct?category=car" });
    expect(tag(tags, "canonical")).toBe("https://shop.example.in/allproduct?category=car");
  });

  it("marks a private page noindex, with no canonical and no preview", () => {
    const tags = seoTags(site, {
      title: "My Cart",
      description: "Your cart.",
      path: "/cart",
      noindex: true,
    });
    expect(tags).toEqual([
      { title: "My Cart · UrjaCell" },
      { name: "description", content: "Your cart." },
      { name: "robots", content: "noindex" },
    ]);
  });

  it("writes no absolute address when the store's address is not known", () => {
    const tags = seoTags({ brandName: null, publicUrl: null }, page);
    expect(tags).toEqual([
      { title: "All batteries" },
      { name: "description", content: "Every battery we sell." },
    ]);
  });
});

describe("JSON-LD", () => {
  it("escapes every < so typed text cannot end the script, and still parses to the same data", () => {
    const data = { "@type": "Product", description: "</script><script>alert(1)</script><!--" };
    const text = serializeJsonLd(data);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(data);
  });

  it("drops properties left undefined", () => {
    expect(serializeJsonLd({ "@type": "Thing", name: "A", url: undefined })).toBe(
      '{"@type":"Thing","name":"A"}',
    );
  });

  it("builds addresses on the configured URL, whatever path the URL has", () => {
    expect(absoluteUrl("/sitemap.xml", "https://shop.example.in")).toBe(
      "https://shop.example.in/sitemap.xml",
    );
    expect(absoluteUrl("/favicon.svg", "http://localhost:3000/")).toBe(
      "http://localhost:3000/favicon.svg",
    );
  });
});
