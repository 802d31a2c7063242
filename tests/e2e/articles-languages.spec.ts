import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

/**
 * The battery-care guides in Hindi (issue 26): content/hi/articles/*.md shown at the same
 * address under /hi, its links staying in Hindi, its search-engine data in Hindi too.
 */
const slug = "check-battery-voltage";
const hindiTitle = "मल्टीमीटर से बैटरी का वोल्टेज कैसे जाँचें";

for (const [device, width] of Object.entries({ phone: widths.phone, desktop: widths.desktop })) {
  test(`on a ${device}: /hi/blog/${slug} shows the Hindi guide, passes axe and fits`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const response = await page.goto(`/hi/blog/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hindiTitle);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle(new RegExp(`^${hindiTitle}`));
    await expect(page.getByTestId("content-notice")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "रीडिंग का मतलब" })).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /^कार, बाइक या इन्वर्टर बैटरी/,
    );

    // The FAQ in Hindi, opened by keyboard.
    const question = page.getByText("ठीक-ठाक 12 V बैटरी में कितना वोल्टेज आना चाहिए?");
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(/पूरी चार्ज 12\sV लेड-एसिड बैटरी/)).toBeVisible();

    // What search engines read is in Hindi, and says so.
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .filter((item) => item["@type"] === "Article" || item["@type"] === "FAQPage");
    expect(data.map((item) => [item["@type"], item.inLanguage])).toEqual([
      ["Article", "hi-IN"],
      ["FAQPage", "hi-IN"],
    ]);
    expect(data[0]?.headline).toBe(hindiTitle);

    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    // A link in the text leads to the store's page in Hindi.
    const finder = page.getByRole("main").getByRole("link", { name: "बैटरी फ़ाइंडर", exact: true });
    await expect(finder).toHaveAttribute("href", "/hi/findby");
    await finder.click();
    await expect(page).toHaveURL("/hi/findby");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  });
}

test("/hi/blog lists the guides by their Hindi titles, at the same addresses", async ({ page }) => {
  await page.goto("/hi/blog");
  await expect(page.getByTestId("content-notice")).toHaveCount(0);
  const card = page.getByRole("link", { name: hindiTitle, exact: true });
  await expect(card).toHaveAttribute("href", `/hi/blog/${slug}`);
  await expect(
    page.getByRole("heading", { level: 2, name: "बैटरी की देखभाल की गाइड" }),
  ).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(`/hi/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hindiTitle);
});

test("the old site's /hi/blog1 answers 301 with the Hindi guide's address", async ({ request }) => {
  const response = await request.get("/hi/blog1", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(`/hi/blog/${slug}`);
});
