import { createProduct, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

const sizes = { phone: widths.phone, desktop: widths.desktop };

function categories(page: Page) {
  return page.getByRole("navigation", { name: "Categories" });
}

/** The option values of a filter select, "Any" left out. */
async function optionValues(page: Page, label: string): Promise<string[]> {
  const values = await page
    .getByLabel(label, { exact: true })
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  return values.filter(Boolean);
}

for (const [name, width] of Object.entries(sizes)) {
  test.describe(`on a ${name} (${width} px)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
    });

    test("a renamed product's old address redirects to its new one", async ({ page, admin: _ }) => {
      const { model } = await createProduct({ tag: "RENAME" });
      const renamed = `${model}-NEW`;
      await page.goto(`/admin/product?q=${model}`);
      await page.getByRole("link", { name: `Edit ${model}` }).click();
      const dialog = page.getByRole("dialog", { name: `Edit ${model}` });
      await dialog.getByLabel("Model").fill(renamed);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Product updated successfully!")).toBeVisible();

      const old = await page.request.get(`/oneprod/${model}`, { maxRedirects: 0 });
      expect(old.status()).toBe(301);
      expect(old.headers().location).toBe(`/oneprod/${renamed}`);
      const response = await page.goto(`/oneprod/${model}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(`/oneprod/${renamed}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(renamed);
    });

    test("an unknown model is a 'Battery not found' page with a search", async ({ page }) => {
      const { model } = await createProduct({ tag: "FINDME" });
      const response = await page.goto("/oneprod/NO-SUCH-BATTERY-9");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Battery not found");
      await expect(page).toHaveTitle(/^Battery not found/);
      const search = page.getByRole("searchbox", { name: "Search by model" });
      await expect(search).toHaveValue("NO-SUCH-BATTERY-9");
      await expect(page.getByRole("link", { name: "Bike batteries" })).toHaveAttribute(
        "href",
        "/allproduct?category=bike",
      );
      await expectNoSeriousA11yViolations(page);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );

      await search.fill(model.toLowerCase());
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/allproduct\?q=/);
      await expect(page.getByTestId("product-card")).toHaveCount(1);
      await expect(page.getByTestId("product-card")).toContainText(model);
    });

    test("switching category drops a filter the new category does not offer", async ({ page }) => {
      await page.goto("/allproduct?category=car");
      expect(await optionValues(page, "Capacity")).toContain("60");
      // On a phone the filters are in a sheet behind the "Filters" button.
      if (width < 640) await page.getByRole("button", { name: /^Filters/ }).click();
      await page.getByLabel("Capacity").selectOption("60");
      await page.getByRole("button", { name: "Apply filter" }).click();
      await expect(page).toHaveURL(/capacity=60/);

      await categories(page).getByRole("link", { name: "Bike" }).click();
      await expect(page).toHaveURL(/category=bike/);
      await expect(page).not.toHaveURL(/capacity=/);
      await expect(page.getByText("Bike batteries do not come in 60Ah")).toBeVisible();
      await expect(page.getByLabel("Capacity")).toHaveValue("");
      const bikeCapacities = (await optionValues(page, "Capacity")).map(Number);
      expect(bikeCapacities.length).toBeGreaterThan(0);
      expect(bikeCapacities).not.toContain(60);
      expect(
        Number.parseInt((await page.getByTestId("result-count").textContent()) ?? "", 10),
      ).toBe(await page.getByTestId("product-card").count());
      await expect(page.getByTestId("product-card").first()).toBeVisible();
    });

    test("after Add to Cart the cart badge is not covered by the toast", async ({ page }) => {
      await page.goto("/allproduct?category=inverter");
      const card = page.getByTestId("product-card").filter({ hasText: "HOME-150T" });
      await card.getByRole("button", { name: "Add HOME-150T to cart" }).click();
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "added to cart" });
      await expect(toast).toBeVisible();
      const badge = page.getByTestId("cart-badge");
      await expect(badge).toHaveText("1");
      // Whatever is drawn at the badge's centre is the badge (or its link), not the toast.
      const box = await badge.boundingBox();
      if (!box) throw new Error("badge not laid out");
      const onTop = await page.evaluate(
        ({ x, y }) => {
          const hit = document.elementFromPoint(x, y);
          return hit?.closest("[data-testid='cart-link']") ? "cart" : (hit?.outerHTML ?? "none");
        },
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      expect(onTop).toBe("cart");
      // Nor does the toast overlap the header at all.
      const toastBox = await toast.boundingBox();
      const headerBox = await page.locator("header").first().boundingBox();
      if (!toastBox || !headerBox) throw new Error("not laid out");
      expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    });
  });
}

test("without JavaScript, switching category drops an impossible filter too", async ({
  newVisitor,
}) => {
  const page = await newVisitor({ javaScriptEnabled: false });
  await page.goto("/allproduct?category=car&capacity=60&apply=1");
  await categories(page).getByRole("link", { name: "Bike" }).click();
  await page.waitForURL(/category=bike/);
  expect(page.url()).not.toContain("capacity=");
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});
