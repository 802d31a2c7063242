import { expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, keptAnswer, widths } from "./helpers";

const guides = [
  ["How to check your battery's voltage with a multimeter", "/blog/check-battery-voltage"],
  ["Battery maintenance tips for Indian roads and homes", "/blog/battery-maintenance-tips"],
  ["Signs your battery needs replacement", "/blog/signs-battery-needs-replacement"],
] as const;

const voltageGuide = "/blog/check-battery-voltage";
const videoTitle = "How to test a car battery with a multimeter";

/**
 * Every request the page sends to another site, in order. None can reach it (this machine is
 * offline, and a test must not depend on YouTube): each is recorded, then refused.
 */
async function recordOutsideRequests(page: Page, origin: string) {
  const outside: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== origin) outside.push(request.url());
  });
  await page.context().route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return outside;
}

/**
 * Presses Tab until this element has the focus, as a keyboard user would (at most 150 times: the
 * blog page's tools add their fields before the FAQ).
 */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>) {
  for (let i = 0; i < 150; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

for (const [name, width] of Object.entries({ phone: widths.phone, desktop: widths.desktop })) {
  test(`the blog lists the three guides and opens its FAQ by keyboard on a ${name}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
    await expect(page).toHaveTitle(/^Blog: Battery care guides · UrjaCell$/);

    const cards = page.getByRole("region", { name: "Battery care guides" }).getByRole("listitem");
    await expect(cards).toHaveCount(3);
    for (const [title, href] of guides) {
      await expect(page.getByRole("link", { name: title, exact: true })).toHaveAttribute(
        "href",
        href,
      );
    }
    await expect(page.getByRole("button", { name: `Play video: ${videoTitle}` })).toBeVisible();

    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    const first = faq.locator("summary").first();
    const answer = faq.getByText("Usually 3 to 5 years.", { exact: false });
    await expect(answer).toBeHidden();
    await tabTo(page, first);
    await page.keyboard.press("Enter");
    await expect(answer).toBeVisible();
    // The next question, with Space.
    await page.keyboard.press("Tab");
    const second = faq.locator("summary").nth(1);
    await expect(second).toBeFocused();
    await page.keyboard.press("Space");
    await expect(faq.getByText(/^Every 3 months\./)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A card leads to its guide.
    await page.getByRole("link", { name: guides[1][0], exact: true }).click();
    await expect(page).toHaveURL(guides[1][1]);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(guides[1][0]);
  });

  test(`an article has its steps, its FAQ, its breadcrumb and its neighbours on a ${name}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/blog/battery-maintenance-tips");
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("listitem")).toHaveText([
      "Home",
      "Blog",
      "Battery maintenance tips for Indian roads and homes",
    ]);
    await expect(breadcrumb.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(page.locator(".prose-article ol").first().getByRole("listitem")).not.toHaveCount(
      0,
    );
    await page.getByRole("link", { name: "For home inverter batteries" }).click();
    await expect(page).toHaveURL(/#for-home-inverter-batteries$/);

    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    const question = faq.locator("summary", { hasText: "Can I top up my battery with RO" });
    await tabTo(page, question);
    await page.keyboard.press("Enter");
    await expect(faq.getByText(/^Use only distilled/)).toBeVisible();

    const more = page.getByRole("navigation", { name: "More guides" });
    await expect(more.getByRole("link", { name: /Previous guide/ })).toHaveAttribute(
      "href",
      guides[0][1],
    );
    await expect(more.getByRole("link", { name: /Next guide/ })).toHaveAttribute(
      "href",
      guides[2][1],
    );
    await expectNoSeriousA11yViolations(page);
  });
}

test("a video loads nothing from another site until its play button is pressed", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? "").origin;
  const outside = await recordOutsideRequests(page, origin);
  await page.goto(voltageGuide);
  const play = page.getByRole("button", { name: `Play video: ${videoTitle}` });
  await expect(play).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The poster, its fonts and its icons all came from the store.
  expect(outside).toEqual([]);
  await expect(page.locator("iframe")).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Watch on YouTube: ${videoTitle}` })).toHaveAttribute(
    "href",
    "https://www.youtube.com/watch?v=Eqw1CF1nOt8",
  );

  await play.press("Enter");
  const player = page.locator(`iframe[title="${videoTitle}"]`);
  await expect(player).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/Eqw1CF1nOt8?autoplay=1",
  );
  await expect(play).toHaveCount(0);
  await expect.poll(() => outside[0] ?? "").toMatch(/^https:\/\/www\.youtube-nocookie\.com\//);
});

test("without JavaScript a video is a poster and a plain link to YouTube, loading nothing", async ({
  newVisitor,
  baseURL,
}) => {
  const page = await newVisitor({ javaScriptEnabled: false });
  const outside = await recordOutsideRequests(page, new URL(baseURL ?? "").origin);
  await page.goto(voltageGuide);
  await expect(page.getByText(videoTitle, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /Play video/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Watch on YouTube/ })).toHaveAttribute(
    "href",
    "https://www.youtube.com/watch?v=Eqw1CF1nOt8",
  );
  // The FAQ opens without scripts too.
  await page.locator("summary", { hasText: "How often should I check" }).click();
  await expect(page.getByText(/^Every 3 months is enough/)).toBeVisible();
  expect(outside).toEqual([]);
});

test("an article tells search engines what it is: title, description, canonical, JSON-LD", async ({
  page,
  baseURL,
}) => {
  await page.goto(voltageGuide);
  await expect(page).toHaveTitle(
    "How to check your battery's voltage with a multimeter · UrjaCell",
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /^A step-by-step guide to measuring/,
  );
  const url = `${baseURL}${voltageGuide}`;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "")));
  const byType = new Map(blocks.map((block) => [block["@type"], block]));
  expect(byType.get("Article")).toMatchObject({
    headline: "How to check your battery's voltage with a multimeter",
    url,
    publisher: { "@type": "Organization", name: "UrjaCell" },
  });
  expect(byType.get("FAQPage")?.mainEntity).toHaveLength(5);
  expect(
    byType.get("BreadcrumbList")?.itemListElement.map((i: { item: string }) => i.item),
  ).toEqual([`${baseURL}/`, `${baseURL}/blog`, url]);
});

test("the old site's /blog1 to /blog3 answer 301 with the guides' addresses", async ({ page }) => {
  for (const [n, [, href]] of guides.entries()) {
    const old = await page.request.get(`/blog${n + 1}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(href);
  }
  await page.goto("/blog1");
  await expect(page).toHaveURL(voltageGuide);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(guides[0][0]);
});

test("an unknown article is the site's 404 page", async ({ page }) => {
  const response = await page.goto("/blog/no-such-guide");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page).toHaveTitle("Page not found · UrjaCell");
});

test("the blog and its articles are kept for visitors like the catalogue", async ({ page }) => {
  for (const address of ["/blog", voltageGuide]) {
    const answer = await keptAnswer(
      () => page.request.get(address),
      (kept) => kept.headers()["x-cache"],
    );
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cdn-cache-control"]).toContain("public");
  }
});
