import { createProduct, createVehicle, expect, type Page, setProductStock, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";
import { latestMailTo } from "./outbox";

/** Issue 21, items 9 to 12: the journey on a phone (and that the desktop keeps its own). */

const noSidewaysScroll = async (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);

const searchBox = (page: Page) =>
  page.getByRole("search", { name: "Site search" }).getByLabel("Search batteries");

for (const [name, width] of [
  ["phone", widths.phone],
  ["desktop", widths.desktop],
] as const) {
  test.describe(`on a ${name} (${width} px)`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the header's search suggests a vehicle and a battery, by keyboard and by tap", async ({
      page,
    }) => {
      const battery = await createProduct({ tag: "SRCH" });
      const vehicle = await createVehicle({
        productIds: [battery.id],
        make: "Zeta",
        model: "Zoomer",
      });
      await page.goto("/");
      await noSidewaysScroll(page);
      const box = searchBox(page);
      await expect(box).toBeVisible();
      await box.fill(vehicle.model);
      const list = page.getByRole("listbox", { name: "Suggestions" });
      await expect(list.getByRole("option")).toHaveCount(2);
      await expect(box).toHaveAttribute("aria-expanded", "true");
      await expectNoSeriousA11yViolations(page);
      await noSidewaysScroll(page);
      // Escape closes the list; ArrowDown opens it on its first option, Enter opens that.
      await box.press("Escape");
      await expect(list).toBeHidden();
      await box.press("ArrowDown");
      await expect(list.getByRole("option", { selected: true })).toContainText(
        `Zeta ${vehicle.model}`,
      );
      await box.press("Enter");
      await expect(page).toHaveURL(
        `/allproduct?${new URLSearchParams({ q: `Zeta ${vehicle.model}` })}`,
      );
      await expect(page.getByTestId("product-card")).toHaveCount(1);
      await expect(page.getByTestId("product-card")).toContainText(battery.model);
      // The box shows what was searched; a battery's suggestion opens its page.
      await expect(searchBox(page)).toHaveValue(`Zeta ${vehicle.model}`);
      await searchBox(page).fill(battery.model);
      await list.getByRole("option", { name: new RegExp(battery.model) }).click();
      await expect(page).toHaveURL(`/oneprod/${battery.model}`);
    });

    test("a search with no results says so and offers the Battery Finder", async ({ page }) => {
      await page.goto("/");
      await searchBox(page).fill("no such battery anywhere");
      await searchBox(page).press("Enter");
      await expect(page).toHaveURL(/\/allproduct\?q=no\+such\+battery\+anywhere/);
      await expect(page.getByTestId("no-results")).toContainText(
        "No battery matches “no such battery anywhere”.",
      );
      await page.getByTestId("no-results").getByRole("link", { name: "Battery Finder" }).click();
      await expect(page).toHaveURL("/findby");
    });
  });
}

test.describe("the header's search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const [name, width] of [
    ["phone", widths.phone],
    ["desktop", widths.desktop],
  ] as const) {
    test(`is a plain search of the catalogue on a ${name}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await noSidewaysScroll(page);
      await searchBox(page).fill("150Ah");
      await page.getByRole("search").getByRole("button", { name: "Show results" }).click();
      await expect(page).toHaveURL("/allproduct?q=150Ah");
      await expect(page.getByTestId("search-summary")).toContainText("Results for “150Ah”");
      await expect(page.getByTestId("product-card").filter({ hasText: "HOME-150T" })).toBeVisible();
      // A vehicle finds the batteries that fit it (the demo store's Swift).
      await searchBox(page).fill("Swift");
      await searchBox(page).press("Enter");
      await expect(page.getByTestId("product-card").filter({ hasText: "DRIVE-40L" })).toBeVisible();
    });
  }
});

test.describe("the product page on a phone", () => {
  test.use({ viewport: { width: widths.phone, height: 740 } });

  test("keeps price and Add to Cart in a bottom bar that covers nothing (none on a desktop); the toast goes to the cart", async ({
    page,
  }) => {
    const battery = await createProduct({ tag: "BAR", pricePaise: 412_300 });
    await page.goto(`/oneprod/${battery.model}`);
    const bar = page.getByTestId("buy-bar");
    await expect(bar).toBeVisible();
    await expect(bar).toContainText("₹4,123");
    await noSidewaysScroll(page);
    // Two batteries chosen on the page go with the bar's button: the badge counts both.
    await page.getByLabel("Quantity").selectOption("2");
    await bar.getByRole("button", { name: `Add to Cart: ${battery.model}` }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "added to cart" });
    await expect(toast).toBeVisible();
    await expect(page.getByTestId("cart-link")).toHaveAccessibleName("Cart, 2 items");
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    // The toast comes to rest above the bar, not on it. It slides in from the screen's foot: read
    // during that slide it was still over the bar (a failure once in CI), so the place it
    // settles in is what is awaited.
    await expect
      .poll(async () => {
        const toastBox = await toast.boundingBox();
        const barBox = await bar.boundingBox();
        return (toastBox?.y ?? 0) + (toastBox?.height ?? 0) <= (barBox?.y ?? 0);
      })
      .toBe(true);
    // At the page's end the footer's last line is above the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLine = page.locator("footer").locator("p").last();
    await expect
      .poll(async () => {
        const line = await lastLine.boundingBox();
        const barNow = await bar.boundingBox();
        return (line?.y ?? 0) + (line?.height ?? 0) <= (barNow?.y ?? 0);
      })
      .toBe(true);
    await toast.getByRole("button", { name: "Go to cart" }).click();
    await expect(page).toHaveURL("/cart");
    // A desktop has no bar: the page's own Add to Cart is in view.
    await page.setViewportSize({ width: widths.desktop, height: 800 });
    await page.goto(`/oneprod/${battery.model}`);
    await expect(
      page.getByRole("button", { name: `Add ${battery.model} to cart`, exact: true }),
    ).toBeVisible();
    await expect(bar).toBeHidden();
  });

  test("the home page's best sellers are two to a row, as in the catalogue", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByRole("region", { name: "Best sellers" }).getByTestId("product-card");
    await expect(cards).toHaveCount(4);
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map((index) => cards.nth(index).boundingBox()),
    );
    expect(first?.y).toBe(second?.y);
    expect(second?.x).toBeGreaterThan(first?.x ?? 0);
    expect(third?.y).toBeGreaterThan(first?.y ?? 0);
    await noSidewaysScroll(page);
  });
});

test.describe("Notify me when a battery is out of stock", () => {
  for (const [name, width] of [
    ["phone", widths.phone],
    ["desktop", widths.desktop],
  ] as const) {
    test(`a visitor leaves an e-mail and gets one mail when it returns (${name})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const battery = await createProduct({ tag: "NOTE", stock: 0 });
      const email = `notify-${battery.model.toLowerCase()}@example.in`;
      await page.goto(`/oneprod/${battery.model}`);
      const notify = page.getByRole("region", { name: "Out of stock" });
      await notify.getByLabel("E-mail").fill("not-an-email");
      await notify.getByRole("button", { name: "Notify me" }).click();
      await expect(notify.getByText("Enter a valid e-mail address")).toBeVisible();
      await notify.getByLabel("E-mail").fill(email);
      await notify.getByRole("button", { name: "Notify me" }).click();
      await expect(page.getByText(`We will e-mail ${email} when this battery`)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await setProductStock(battery.id, 4);
      const mail = await latestMailTo(email);
      expect(mail).toContain(`${battery.model} is back in stock`);
      expect(mail).toContain(`/oneprod/${battery.model}`);
    });
  }

  test("a signed-in customer just clicks", async ({ page, customer }) => {
    const battery = await createProduct({ tag: "NOTC", stock: 0 });
    await page.goto(`/oneprod/${battery.model}`);
    const notify = page.getByRole("region", { name: "Out of stock" });
    await expect(notify).toContainText(customer.email);
    await expect(notify.getByLabel("E-mail")).toHaveCount(0);
    await notify.getByRole("button", { name: "Notify me" }).click();
    await expect(page.getByText(`We will e-mail ${customer.email} when`)).toBeVisible();
  });

  test("works without JavaScript", async ({ newVisitor }) => {
    const page = await newVisitor({ javaScriptEnabled: false });
    await page.setViewportSize({ width: widths.phone, height: 800 });
    const battery = await createProduct({ tag: "NOTJ", stock: 0 });
    const email = `nojs-${battery.model.toLowerCase()}@example.in`;
    await page.goto(`/oneprod/${battery.model}`);
    const notify = page.getByRole("region", { name: "Out of stock" });
    await notify.getByLabel("E-mail").fill("nope");
    await notify.getByRole("button", { name: "Notify me" }).click();
    await expect(notify.getByText("Enter a valid e-mail address")).toBeVisible();
    await expect(notify.getByLabel("E-mail")).toHaveValue("nope");
    await notify.getByLabel("E-mail").fill(email);
    await notify.getByRole("button", { name: "Notify me" }).click();
    await expect(page).toHaveURL(`/oneprod/${battery.model}#notify-me`);
    await expect(page.getByRole("status")).toContainText(`We will e-mail ${email} when`);
  });
});
