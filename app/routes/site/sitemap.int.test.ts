import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PublicDataCache } from "~/lib/public-data.server";
import { createOutlet, createProduct } from "../../../tests/factories";
import { routeArgs, TEST_PUBLIC_URL } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { loader as robotsLoader } from "./robots";
import { loader as sitemapLoader } from "./sitemap";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

/** A request as a crawler sends it, through someone else's Host (which must never show). */
const crawl = (path: string) =>
  new Request(`http://evil.example${path}`, { headers: { Host: "evil.example" } });

async function fetchSitemap(options: Parameters<typeof routeArgs>[3] = {}) {
  const args = await routeArgs(t, crawl("/sitemap.xml"), {}, options);
  const response = await sitemapLoader(args as never);
  const xml = await response.text();
  const urls = [
    ...xml.matchAll(
      /<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?(?:<xhtml:link [^>]*\/>)*<\/url>/g,
    ),
  ];
  return {
    response,
    xml,
    urls: new Map(urls.map(([, loc, lastmod]) => [loc ?? "", lastmod ?? null])),
  };
}

describe("/sitemap.xml", () => {
  it("lists the public pages, the categories on sale and every active battery, on the configured address", async () => {
    const onSale = await createProduct(t, { model: "SITEMAP-1", category: "car" });
    await createProduct(t, { model: "SITEMAP-GONE", category: "bike", active: false });
    const { response, xml, urls } = await fetchSitemap();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    for (const path of [
      "/",
      "/allproduct",
      "/allproduct?category=car",
      "/findby",
      "/dealer",
      "/service",
      "/warranty",
      "/contactus",
    ]) {
      expect(urls.has(`${TEST_PUBLIC_URL}${path}`), path).toBe(true);
    }
    // The battery on its canonical address, dated by its own last change.
    expect(urls.get(`${TEST_PUBLIC_URL}/oneprod/SITEMAP-1`)).toBe(
      onSale.updatedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    );
    // Neither the hidden battery nor its category (nothing else on sale there).
    expect(xml).not.toContain("SITEMAP-GONE");
    expect(urls.has(`${TEST_PUBLIC_URL}/allproduct?category=bike`)).toBe(false);
    // Every address on the configured URL, never the Host the request came with.
    expect(xml).not.toContain("evil.example");
    for (const loc of urls.keys()) expect(loc.startsWith(`${TEST_PUBLIC_URL}/`), loc).toBe(true);
  });

  it("dates a page by the newest change of what it shows, and leaves a page without data undated", async () => {
    const centre = await createOutlet(t, { kind: "service_centre" });
    const { urls } = await fetchSitemap();
    expect(urls.get(`${TEST_PUBLIC_URL}/service`)).toBe(
      centre.updatedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    );
    // No dealer yet in this file's database: nothing dates the dealers' page.
    expect(urls.get(`${TEST_PUBLIC_URL}/dealer`)).toBeNull();
  });

  it("lists every page in English, Hindi and Gujarati, each naming the others as alternates", async () => {
    await createProduct(t, { model: "SITEMAP-3L" });
    const { xml, urls } = await fetchSitemap();
    for (const path of ["", "/allproduct", "/oneprod/SITEMAP-3L"]) {
      expect(urls.has(`${TEST_PUBLIC_URL}${path || "/"}`), path).toBe(true);
      expect(urls.has(`${TEST_PUBLIC_URL}/hi${path}`), `hi ${path}`).toBe(true);
      expect(urls.has(`${TEST_PUBLIC_URL}/gu${path}`), `gu ${path}`).toBe(true);
    }
    const gujarati = xml
      .split("\n")
      .find((line) => line.includes(`<loc>${TEST_PUBLIC_URL}/gu/oneprod/SITEMAP-3L<`));
    expect(gujarati).toContain(
      `<xhtml:link rel="alternate" hreflang="hi" href="${TEST_PUBLIC_URL}/hi/oneprod/SITEMAP-3L"/>`,
    );
    expect(gujarati).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${TEST_PUBLIC_URL}/oneprod/SITEMAP-3L"/>`,
    );
  });

  it("writes an address as XML text (an apostrophe in a model is &apos;)", async () => {
    await createProduct(t, { model: "O'NEIL-40" });
    const { xml } = await fetchSitemap();
    expect(xml).toContain(`<loc>${TEST_PUBLIC_URL}/oneprod/O&apos;NEIL-40</loc>`);
    expect(xml).not.toContain("O'NEIL");
  });

  it("is kept with the public data until a change empties it", async () => {
    const publicData = new PublicDataCache();
    await fetchSitemap({ publicData });
    await createProduct(t, { model: "SITEMAP-LATER" });
    expect((await fetchSitemap({ publicData })).xml).not.toContain("SITEMAP-LATER");
    publicData.clear(); // as an admin's change does (ADR 017)
    expect((await fetchSitemap({ publicData })).xml).toContain("SITEMAP-LATER");
  });
});

describe("/robots.txt", () => {
  it("keeps crawlers out of the private paths and points to the sitemap on the configured address", async () => {
    const response = robotsLoader((await routeArgs(t, crawl("/robots.txt"))) as never);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    const lines = (await response.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/admin", "/account", "/cart", "/checkout", "/api/"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // A shopper's own pages in every language; the back office has an English address only.
    for (const path of ["/hi/account", "/gu/cart", "/hi/warranty/"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /hi/admin");
    // Sign-in stays crawlable: its page says noindex, which a crawler must be able to read.
    expect(lines.some((line) => /^Disallow: \/(login|signup)/.test(line))).toBe(false);
    expect(lines).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
  });
});
