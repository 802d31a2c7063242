import { createProduct, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

const sizes = { phone: widths.phone, desktop: widths.desktop };

/** A capacity no demo product has, so the filter finds this test's product alone. */
const uniqueCapacity = () => 1000 + Math.floor(Math.random() * 90_000);

/** The prices of the listed cards, in rupees with their paise. */
async function cardPrices(page: Page): Promise<number[]> {
  return (await page.getByTestId("product-card").locator(".price > b").allTextContents()).map((t) =>
    Number(t.replace(/[^\d.]/g, "")),
  );
}

function chip(page: Page, label: string) {
  return page.getByRole("link", { name: `Remove filter: ${label}` });
}

/** Nothing on the page is wider than the window. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** Waits for React to hydrate: the no-JavaScript "Sort" button is hidden then. */
async function hydrated(page: Page) {
  await expect(page.getByRole("button", { name: "Sort", exact: true })).toBeHidden();
}

for (const [name, width] of Object.entries(sizes)) {
  test.describe(`catalogue on a ${name} (${width} px)`, () => {
    const phone = width < 640;
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
    });

    test("filters (a sheet on a phone), then chips that remove one filter each", async ({
      page,
    }) => {
      const capacity = uniqueCapacity();
      const product = await createProduct({ tag: "CHIP", capacityAh: capacity, voltageV: 48 });
      await page.goto("/allproduct?category=industrial");
      await hydrated(page);
      const filters = page.getByRole("button", { name: /^Filters/ });
      const sheet = page.getByRole("dialog", { name: "Filters" });
      if (phone) {
        await expect(page.getByLabel("Capacity")).toBeHidden();
        await filters.click();
        await expect(sheet).toBeVisible();
        await expect(filters).toHaveAttribute("aria-expanded", "true");
        // Focus goes into the sheet; Escape closes it and gives focus back to the button.
        await expect(sheet.getByLabel("Capacity")).toBeFocused();
        await expectNoSeriousA11yViolations(page);
        await page.keyboard.press("Escape");
        await expect(sheet).toBeHidden();
        await expect(filters).toBeFocused();
        await filters.click();
        await expect(sheet).toBeVisible();
      } else {
        // Inline, as before: no button, no dialog.
        await expect(filters).toBeHidden();
        await expect(page.getByLabel("Capacity")).toBeVisible();
      }
      await page.getByLabel("Capacity").selectOption(String(capacity));
      await page.getByLabel("Voltage").selectOption("48");
      await page.getByRole("button", { name: "Apply filter" }).click();
      await expect(page).toHaveURL(new RegExp(`capacity=${capacity}`));
      await expect(sheet).toBeHidden();
      await expect(page.getByTestId("product-card")).toHaveCount(1);
      await expect(page.getByTestId("product-card")).toContainText(product.model);
      await expect(chip(page, `${capacity}Ah`)).toBeVisible();
      await expect(chip(page, "48V")).toBeVisible();
      await expect(page.getByRole("link", { name: "Clear all" })).toBeVisible();
      if (phone) await expect(filters).toHaveAccessibleName("Filters 2 active");
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, width);

      // The capacity chip removes the capacity alone: voltage and category stay.
      await chip(page, `${capacity}Ah`).click();
      await expect(page).not.toHaveURL(/capacity=/);
      await expect(page).toHaveURL(/voltage=48/);
      await expect(page).toHaveURL(/category=industrial/);
      await expect(chip(page, `${capacity}Ah`)).toHaveCount(0);
      await expect(chip(page, "48V")).toBeVisible();
      await expect(page.getByRole("link", { name: "Clear all" })).toHaveCount(0);
      await expect(page.getByLabel("Capacity")).toHaveValue("");
      await expect(page.getByLabel("Voltage")).toHaveValue("48");
      if (phone) await expect(filters).toHaveAccessibleName("Filters 1 active");
    });

    test("without JavaScript: the sheet opens, a chip removes its filter, 'Sort' sorts", async ({
      newVisitor,
    }) => {
      const capacity = uniqueCapacity();
      const tag = `NOJS${capacity}`;
      await createProduct({ tag, capacityAh: capacity, pricePaise: 300_000 });
      await createProduct({ tag, capacityAh: capacity, pricePaise: 900_000 });
      await createProduct({ tag, capacityAh: capacity, pricePaise: 600_000 });
      const page = await newVisitor({ javaScriptEnabled: false });
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/allproduct?q=${tag}`);
      await expect(page.getByRole("button", { name: "Sort", exact: true })).toBeVisible();
      if (phone) {
        await expect(page.getByLabel("Capacity")).toBeHidden();
        await page.getByRole("link", { name: /^Filters/ }).click();
        await expect(page).toHaveURL(/#filters$/);
      }
      await expect(page.getByLabel("Capacity")).toBeVisible();
      await page.getByLabel("Capacity").selectOption(String(capacity));
      await page.getByRole("button", { name: "Apply filter" }).click();
      await page.waitForURL(new RegExp(`capacity=${capacity}`));
      await expect(page.getByTestId("product-card")).toHaveCount(3);
      await expect(chip(page, `${capacity}Ah`)).toBeVisible();
      await expect(chip(page, `“${tag}”`)).toBeVisible();
      if (phone) await expect(page.getByLabel("Capacity")).toBeHidden();

      await page.getByLabel("Sort by").selectOption("price-desc");
      await page.getByRole("button", { name: "Sort", exact: true }).click();
      await page.waitForURL(/sort=price-desc/);
      expect(await cardPrices(page)).toEqual([9000, 6000, 3000]);

      await chip(page, `${capacity}Ah`).click();
      await page.waitForURL((url) => !url.search.includes("capacity="));
      expect(page.url()).toContain(`q=${tag}`);
      expect(page.url()).toContain("sort=price-desc");
      await expect(chip(page, `“${tag}”`)).toBeVisible();
      await expect(page.getByTestId("product-card")).toHaveCount(3);
    });

    test("the sort applies as soon as it changes, and focus stays on it", async ({ page }) => {
      const tag = `SORT${uniqueCapacity()}`;
      for (const pricePaise of [500_000, 200_000, 800_000])
        await createProduct({ tag, pricePaise });
      await page.goto(`/allproduct?q=${tag}`);
      await hydrated(page);
      const sort = page.getByLabel("Sort by");
      await sort.focus();
      await sort.selectOption("price-asc");
      await expect(page).toHaveURL(/sort=price-asc/);
      await expect.poll(() => cardPrices(page)).toEqual([2000, 5000, 8000]);
      await expect(sort).toBeFocused();
      await sort.selectOption("price-desc");
      await expect(page).toHaveURL(/sort=price-desc/);
      await expect.poll(() => cardPrices(page)).toEqual([8000, 5000, 2000]);
      await expect(sort).toHaveValue("price-desc");
      await expect(sort).toBeFocused();
    });

    test("after going to the next page, focus is on the results", async ({ page }) => {
      // The demo catalogue has more than one page of 24.
      await page.goto("/allproduct");
      await hydrated(page);
      const results = page.getByRole("heading", { name: "Batteries", level: 2 });
      await expect(results).not.toBeFocused();
      await page
        .getByRole("navigation", { name: "Pages" })
        .getByRole("link", { name: "Next" })
        .click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByText("Page 2 of")).toBeVisible();
      await expect(results).toBeFocused();
      // Scrolled to the results: the first card is on screen.
      await expect(page.getByTestId("product-card").first()).toBeInViewport();
    });
  });
}

test("on a phone: two compact cards per row, and nothing wider than the screen", async ({
  page,
}) => {
  const width = widths.phone;
  await page.setViewportSize({ width, height: 800 });
  // One word longer than a card is wide: it wraps.
  const tag = `WWWWWWWWWWWWWW${Math.floor(Math.random() * 1000)}`;
  await createProduct({ tag, pricePaise: 100_000 });
  await createProduct({ tag, pricePaise: 100_100, mrpPaise: 150_000 });
  await page.goto(`/allproduct?q=${tag}&sort=price-asc`);
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(2);
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  if (!first || !second) throw new Error("cards not laid out");
  expect(second.y).toBe(first.y);
  expect(second.x).toBeGreaterThanOrEqual(first.x + first.width);
  expect(second.x + second.width).toBeLessThanOrEqual(width);
  // Compact, the three specs share one line ("55Ah · 12V · 2 years"; the dots are drawn by CSS).
  const specs = cards.nth(0).getByRole("definition");
  await expect(specs).toHaveText(["55Ah", "12V", "2 years"]);
  const tops = await specs.evaluateAll((values) =>
    values.map((value) => Math.round(value.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  await expect(cards.nth(0).getByRole("button", { name: /^Add .* to cart$/ })).toHaveCSS(
    "min-height",
    "44px",
  );
  await expectNoSidewaysScroll(page, width);

  // The demo catalogue's first page, too.
  await page.goto("/allproduct");
  await expect(page.getByTestId("product-card")).toHaveCount(24);
  await expectNoSidewaysScroll(page, width);
  // Compact: about 330 px tall instead of about 530.
  const heights = await page
    .getByTestId("product-card")
    .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().height));
  expect(Math.max(...heights)).toBeLessThanOrEqual(335);
  await expectNoSeriousA11yViolations(page);
});

test("a filtered catalogue on a phone does not move when its scripts take over (CLS)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  // The Filters button counts the active filters: it once pushed Sort to a second row, which
  // came back up when the Sort button left at hydration (CLS 0.13 in Lighthouse).
  await page.goto("/allproduct?category=car&capacity=60");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  const total = await page.evaluate(() =>
    (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
  );
  expect(total).toBeLessThanOrEqual(0.02);
});
