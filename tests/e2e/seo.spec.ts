import { createProduct, expect, test } from "./fixtures";

/**
 * What search engines read. The e2e store's public URL (BETTER_AUTH_URL in
 * playwright.config.ts) is this run's baseURL, so the sitemap's addresses are this store's.
 */

const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&apos;": "'",
  "&#x27;": "'",
  "&#39;": "'",
};
/** Text or an attribute value as HTML or XML wrote it, read back. */
const decodeEntities = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|apos|#x27|#39);/g, (e) => entities[e] ?? e);

/** A tag's attribute, whatever order the attributes come in. */
function attribute(tag: string, name: string): string | null {
  const found = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return found ? decodeEntities(found[1] ?? "") : null;
}

/** What a crawler reads of a page's HTML: title, description, canonical, og:image, JSON-LD. */
function readHead(html: string) {
  const metas = html.match(/<meta\s[^>]*>/g) ?? [];
  const meta = (key: string) => {
    const tag = metas.find((m) => attribute(m, "name") === key || attribute(m, "property") === key);
    return tag ? attribute(tag, "content") : null;
  };
  const canonical = (html.match(/<link\s[^>]*>/g) ?? []).find(
    (tag) => attribute(tag, "rel") === "canonical",
  );
  return {
    title: decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "").trim(),
    description: meta("description"),
    ogImage: meta("og:image"),
    canonical: canonical ? attribute(canonical, "href") : null,
    // Every data block must parse; JSON.parse throws (and fails the test) on one that does not.
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      ([, text]) => JSON.parse(text ?? "") as Record<string, unknown>,
    ),
  };
}

test("every address in the sitemap answers 200 with a title, a description, a canonical link and valid JSON-LD", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const product = await createProduct({ tag: "SEO", category: "car", pricePaise: 459_950 });
  const productUrl = `${baseURL}/oneprod/${encodeURIComponent(product.model)}`;

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(sitemap.headers()["cache-control"]).toMatch(/^public, max-age=\d+$/);
  const xml = await sitemap.text();
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) =>
    decodeEntities(loc ?? ""),
  );
  for (const path of [
    "/",
    "/allproduct",
    "/findby",
    "/dealer",
    "/service",
    "/warranty",
    "/contactus",
  ])
    expect(urls).toContain(`${baseURL}${path}`);
  expect(urls).toContain(productUrl);
  expect(new Set(urls).size).toBe(urls.length);
  // The seeded batteries are there too, not only this test's.
  expect(urls.filter((url) => url.includes("/oneprod/")).length).toBeGreaterThan(10);

  const images = new Set<string>();
  for (const url of urls) {
    expect(url.startsWith(`${baseURL}/`), url).toBe(true);
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(200);
    const head = readHead(await response.text());
    expect(head.title, url).not.toBe("");
    expect(head.description?.trim(), url).toBeTruthy();
    // The sitemap lists each page at the address the page calls its own.
    expect(head.canonical, url).toBe(url);
    expect(
      head.jsonLd.some((thing) => thing["@type"] === "Organization"),
      url,
    ).toBe(true);

    if (!url.includes("/oneprod/")) continue;
    // A product page: its picture, absolute on the store, in og:image and in its Product.
    const found = head.jsonLd.find((thing) => thing["@type"] === "Product");
    expect(found, url).toBeDefined();
    expect(head.ogImage, url).toBe(found?.image);
    expect(head.ogImage?.startsWith(`${baseURL}/`), url).toBe(true);
    images.add(head.ogImage ?? "");
    if (url === productUrl) {
      expect(found?.offers).toMatchObject({
        price: "4599.50",
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
        url: productUrl,
      });
    }
  }
  // The pictures are the store's own, served by it.
  for (const image of images) {
    const response = await request.get(image);
    expect(response.status(), image).toBe(200);
    expect(response.headers()["content-type"], image).toMatch(/^image\//);
  }
});

test("robots.txt keeps crawlers out of the private paths and names the sitemap", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(response.headers()["cache-control"]).toMatch(/^public, max-age=\d+$/);
  const lines = (await response.text()).split("\n");
  expect(lines).toContain("User-agent: *");
  for (const path of ["/admin", "/cart", "/account", "/checkout", "/api/"])
    expect(lines).toContain(`Disallow: ${path}`);
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("the dealers' and service centres' pages describe each outlet they list as a local business", async ({
  request,
}) => {
  for (const [path, type] of [
    ["/dealer", "Store"],
    ["/service", "AutoRepair"],
  ] as const) {
    const head = readHead(await (await request.get(path)).text());
    const outlets = head.jsonLd.flat().filter((thing) => thing["@type"] === type);
    expect(outlets.length, path).toBeGreaterThan(0);
    for (const outlet of outlets) {
      expect(outlet, path).toMatchObject({
        name: expect.any(String),
        telephone: expect.any(String),
        address: {
          postalCode: expect.stringMatching(/^[1-9]\d{5}$/),
          addressRegion: expect.any(String),
        },
        geo: { latitude: expect.any(Number), longitude: expect.any(Number) },
        openingHoursSpecification: [{ opens: expect.stringMatching(/^\d\d:\d\d$/) }],
      });
    }
  }
});
