import { createProduct, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

/** The `lang` cookie the switcher keeps, if any. */
async function chosenLanguage(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === "lang")?.value;
}

const headerSwitcher = (page: Page) => page.getByTestId("header-language");

test.describe("the language switcher", () => {
  test.use({ viewport: { width: widths.desktop, height: 900 } });

  test("a Gujarati visitor on a product page switches to English and stays there", async ({
    page,
  }) => {
    const product = await createProduct({ tag: "LANG" });
    // Chosen Gujarati earlier: the English address of the product opens in Gujarati.
    await page.goto("/");
    await page
      .locator("footer")
      .getByTestId("language-links")
      .getByRole("link", { name: "ગુજરાતી" })
      .click();
    await expect(page).toHaveURL(/\/gu$/);
    expect(await chosenLanguage(page)).toBe("gu");
    await page.goto(`/oneprod/${product.model}`);
    await expect(page).toHaveURL(new RegExp(`/gu/oneprod/${product.model}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "gu-IN");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(product.model);

    // The header's switcher: the page's own language marked, each named in itself.
    await headerSwitcher(page).locator("summary").click();
    const links = headerSwitcher(page).getByRole("link");
    await expect(links).toHaveText(["English", "हिन्दी", "ગુજરાતી"]);
    await expect(links.nth(2)).toHaveAttribute("aria-current", "true");
    await expect(links.nth(1)).toHaveAttribute("hreflang", "hi-IN");
    await expect(links.nth(1)).toHaveAttribute("lang", "hi-IN");
    await links.first().click();

    expect(new URL(page.url()).pathname).toBe(`/oneprod/${product.model}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(product.model);
    expect(await chosenLanguage(page)).toBe("en");

    // The choice keeps English: the English address is no longer sent to Gujarati.
    await page.goto(`/oneprod/${product.model}`);
    expect(new URL(page.url()).pathname).toBe(`/oneprod/${product.model}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  });

  test("works with the keyboard alone, with a visible focus", async ({ page }) => {
    await page.goto("/allproduct?category=car");
    const summary = headerSwitcher(page).locator("summary");
    for (let i = 0; i < 40; i += 1) {
      if (await summary.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    await expect(summary).toBeFocused();
    expect(await summary.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(headerSwitcher(page).getByRole("link", { name: "English" })).toBeFocused();
    await page.keyboard.press("Tab");
    const hindi = headerSwitcher(page).getByRole("link", { name: "हिन्दी" });
    await expect(hindi).toBeFocused();
    await page.keyboard.press("Enter");
    // The same page and query, in Hindi.
    await expect(page).toHaveURL(/\/hi\/allproduct\?category=car$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  });
});

test.describe("a browser that prefers Hindi", () => {
  test.use({ locale: "hi-IN", viewport: { width: widths.phone, height: 800 } });

  test("is offered the page in Hindi, and following the offer lands on /hi", async ({ page }) => {
    await page.goto("/");
    const offer = page.getByTestId("language-offer");
    await expect(offer).toBeVisible();
    await expect(offer).toHaveAttribute("lang", "hi-IN");
    // Fixed over the page: nothing of the page moves for it.
    expect(await offer.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    await offer.getByRole("link", { name: "यह पेज हिन्दी में पढ़ें" }).click();
    await expect(page).toHaveURL(/\/hi$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.getByRole("heading", { name: "श्रेणी के अनुसार खरीदें" })).toBeVisible();
    await expect(page.getByTestId("language-offer")).toHaveCount(0);
  });

  test("closing the offer keeps English and it is not offered again", async ({ page }) => {
    await page.goto("/allproduct");
    const offer = page.getByTestId("language-offer");
    await offer.getByRole("button").click();
    await expect(offer).toHaveCount(0);
    expect(await chosenLanguage(page)).toBe("en");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(page.getByTestId("language-offer")).toHaveCount(0);
  });
});

test.describe("the Hindi and Gujarati home pages", () => {
  for (const locale of ["hi", "gu"] as const) {
    for (const width of [widths.phone, widths.desktop]) {
      test(`/${locale} at ${width} px is axe clean`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/${locale}`);
        await expect(page.locator("html")).toHaveAttribute("lang", `${locale}-IN`);
        await expectNoSeriousA11yViolations(page);
      });
    }
  }

  test("on a phone the switcher's links in the menu and footer are 44 px targets", async ({
    page,
  }) => {
    await page.setViewportSize({ width: widths.phone, height: 800 });
    await page.goto("/gu");
    const footerLinks = page.locator("footer").getByTestId("language-links").getByRole("link");
    await expect(footerLinks).toHaveCount(3);
    for (const link of await footerLinks.all()) {
      expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    await page.getByRole("button", { name: "મેનુ ખોલો" }).click();
    const drawerLinks = page
      .locator("#site-drawer")
      .getByTestId("language-links")
      .getByRole("link");
    await expect(drawerLinks.nth(2)).toHaveAttribute("aria-current", "true");
    for (const link of await drawerLinks.all()) {
      expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    await drawerLinks.first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  });
});

test("without JavaScript the footer's switcher works", async ({ newVisitor }) => {
  const page = await newVisitor({ javaScriptEnabled: false });
  await page.goto("/allproduct?category=bike");
  await page.locator("footer").getByRole("link", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(/\/hi\/allproduct\?category=bike$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  // The choice is kept: the English address now opens in Hindi.
  await page.goto("/allproduct");
  await expect(page).toHaveURL(/\/hi\/allproduct$/);
});
