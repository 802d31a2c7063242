/**
 * The catalogue, the product page and the finder in Hindi and Gujarati (issue 26): a shopper
 * filters, opens a battery and adds it to the cart without leaving the language; the finder's
 * steps work in Gujarati; the pages' own texts are in the language and axe finds nothing serious.
 */
import type { Locator } from "@playwright/test";
import { createProduct, createVehicle, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, hydrated, widths } from "./helpers";

/** Latin words a Hindi or Gujarati page keeps: units and the tax's name. */
const KEPT = new Set(["Ah", "V", "A", "kg", "mm", "GST"]);

/** The Latin-letter words in these parts of the page, apart from names (models, makes). */
async function englishIn(parts: Locator[], names: string[]): Promise<string[]> {
  const words: string[] = [];
  for (const part of parts) {
    for (let text of await part.allInnerTexts()) {
      for (const name of names) text = text.split(name).join(" ");
      words.push(...(text.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []).filter((w) => !KEPT.has(w)));
    }
  }
  return words;
}

/** The product page's own texts (not the header, the footer or the battery's description). */
function productParts(page: Page, productId: number, breadcrumb: string): Locator[] {
  return [
    page.getByRole("navigation", { name: breadcrumb }),
    page.getByRole("heading", { level: 1 }),
    page.getByTestId("product-name"),
    page.getByTestId("product-specs"),
    page.locator("#delivery"),
    page.locator("#reviews"),
    page.locator(`#add-to-cart-${productId}`),
  ];
}

test("a Hindi shopper filters the catalogue, opens a battery and adds it to the cart", async ({
  page,
}) => {
  await page.setViewportSize({ width: widths.desktop, height: 900 });
  const battery = await createProduct({ tag: "HINDI", capacityAh: 137, voltageV: 24 });
  await page.goto("/hi/allproduct?category=industrial");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("इंडस्ट्रियल बैटरियाँ");
  await hydrated(page, "filter-capacity");

  await page.getByLabel("क्षमता", { exact: true }).selectOption("137");
  await page.getByRole("button", { name: "फ़िल्टर लगाएं" }).click();
  await expect(page).toHaveURL(/\/hi\/allproduct\?.*capacity=137/);
  await expect(page.getByRole("link", { name: "फ़िल्टर हटाएं: 137Ah" })).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveText(/^\d+ (बैटरी|बैटरियाँ)$/);
  expect(
    await englishIn(
      [
        page.getByRole("heading", { level: 1 }),
        page.getByRole("navigation", { name: "श्रेणियाँ" }),
        page.getByRole("form", { name: "बैटरियाँ छाँटें" }),
        page.getByRole("form", { name: "बैटरियों का क्रम" }),
        page.getByTestId("filter-chips"),
      ],
      [],
    ),
  ).toEqual([]);

  await page.getByRole("link", { name: battery.model, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/hi/oneprod/${battery.slug}`, "i"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(battery.model);
  await expect(page.getByTestId("product-specs")).toContainText("2 साल");
  expect(await englishIn(productParts(page, battery.id, "आप यहाँ हैं"), [battery.model])).toEqual([]);

  await hydrated(page, `add-to-cart-${battery.id}`);
  await page.getByRole("button", { name: `${battery.model} कार्ट में डालें`, exact: true }).click();
  await expect(page.getByText(`${battery.model} कार्ट में जुड़ गई`)).toBeVisible();
  await page.getByRole("button", { name: "कार्ट देखें" }).click();
  await expect(page).toHaveURL(/\/hi\/cart$/);
});

for (const [name, width] of Object.entries({ phone: widths.phone, desktop: widths.desktop })) {
  test(`the Hindi catalogue and a Gujarati product page are axe clean on a ${name}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const battery = await createProduct({ tag: "GUJ", warrantyMonths: 18 });
    await page.goto("/hi/allproduct");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("सभी प्रोडक्ट");
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/gu/oneprod/${battery.slug}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "gu-IN");
    await expect(page.getByTestId("product-specs")).toContainText("18 મહિના");
    await expect(page.getByRole("heading", { name: "ગ્રાહકોના રિવ્યૂ" })).toBeVisible();
    expect(await englishIn(productParts(page, battery.id, "તમે અહીં છો"), [battery.model])).toEqual(
      [],
    );
    await expectNoSeriousA11yViolations(page);
  });
}

test("the Gujarati finder works through its steps", async ({ page }) => {
  await page.setViewportSize({ width: widths.desktop, height: 900 });
  const battery = await createProduct({ tag: "GUJFIT", category: "car" });
  const vehicle = await createVehicle({
    productIds: [battery.id],
    make: "Gujmake",
    year: 2023,
    fuelType: "Diesel",
  });
  await page.goto("/gu/findby");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("બેટરી ફાઇન્ડર");
  await hydrated(page, "finder-make");

  await page.getByLabel("કંપની", { exact: true }).selectOption("Gujmake");
  await expect(page.getByLabel("મોડલ", { exact: true })).toBeEnabled();
  await page.getByLabel("મોડલ", { exact: true }).selectOption(vehicle.model);
  await expect(page.getByLabel("વર્ષ", { exact: true })).toBeEnabled();
  await page.getByLabel("વર્ષ", { exact: true }).selectOption("2023");
  const fuel = page.getByLabel("એન્જિનનો પ્રકાર", { exact: true });
  await expect(fuel).toBeEnabled();
  await fuel.selectOption({ label: "ડીઝલ" });
  await expect(fuel).toHaveValue("Diesel");
  await page.getByRole("button", { name: "બેટરી શોધો" }).click();

  const heading = page.getByRole("heading", { name: /ભલામણ કરેલી બેટરી/ });
  await expect(heading).toHaveText(
    `તમારી Gujmake ${vehicle.model} (2023, ડીઝલ) માટે ભલામણ કરેલી બેટરી`,
  );
  await expect(page).toHaveURL(/\/gu\/findby\?.*find=1/);
  await expect(page.getByTestId("finder-result")).toContainText(battery.model);
  expect(
    await englishIn(
      [
        // Its own words: the steps' names, the vehicle types, the button (not the makes listed).
        page.getByRole("form", { name: "વાહનથી બેટરી શોધો" }).locator("label, legend, button"),
        fuel.locator("option"),
        heading,
      ],
      ["Gujmake", vehicle.model],
    ),
  ).toEqual([]);
});

test("an unknown model in Hindi is a Hindi 'not found' page whose search stays in Hindi", async ({
  page,
}) => {
  const response = await page.goto("/hi/oneprod/NO-SUCH-HINDI");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/^बैटरी नहीं मिली/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("बैटरी नहीं मिली");
  await expect(page.getByText('हमें मॉडल "NO-SUCH-HINDI" की कोई बैटरी नहीं मिली।')).toBeVisible();
  await hydrated(page, "model-search");
  await page.getByRole("button", { name: "खोजें", exact: true }).click();
  await expect(page).toHaveURL(/\/hi\/allproduct\?q=NO-SUCH-HINDI/);
  await expect(page.getByTestId("search-summary")).toContainText("“NO-SUCH-HINDI” के नतीजे");
  await expect(page.getByTestId("no-results")).toContainText(
    "“NO-SUCH-HINDI” से कोई बैटरी नहीं मिली।",
  );
});
