import { createProduct, createUser, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

function badge(page: Page) {
  return page.getByTestId("cart-link");
}

/** The number in "24 batteries" (the catalogue's result count). */
async function resultCount(page: Page): Promise<number> {
  return Number.parseInt((await page.getByTestId("result-count").textContent()) ?? "", 10);
}

/** The prices of the listed cards, in rupees with their paise. */
async function cardPrices(page: Page): Promise<number[]> {
  return (await page.getByTestId("product-card").locator(".price > b").allTextContents()).map((t) =>
    Number(t.replace(/[^\d.]/g, "")),
  );
}

/**
 * Waits until every listed card shows each of the texts. Right after a navigation the old list
 * may still be on screen, so the whole list is read again until it holds (or the time is up).
 */
async function expectEveryCardToShow(page: Page, ...texts: string[]) {
  await expect(async () => {
    const cards = await page.getByTestId("product-card").allTextContents();
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) for (const text of texts) expect(card).toContain(text);
  }).toPass();
}

test.describe("catalogue", () => {
  test("filter, then show all", async ({ page }) => {
    await page.goto("/allproduct");
    const all = await resultCount(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Capacity").selectOption("40");
    await page.getByLabel("Voltage").selectOption("12");
    await page.getByRole("button", { name: "Apply filter" }).click();
    await expect(page).toHaveURL(/capacity=40/);
    await expect(page).toHaveURL(/voltage=12/);
    await expectEveryCardToShow(page, "40Ah", "12V");
    const filtered = await resultCount(page);
    expect(filtered).toBeLessThan(all);

    // The filtered address can be shared and reloaded.
    await page.reload();
    await expect(page.getByLabel("Capacity")).toHaveValue("40");

    await page.getByRole("link", { name: "Show all" }).click();
    await expect(page).toHaveURL("/allproduct");
    await expect(page.getByLabel("Capacity")).toHaveValue("");
    // The filter is gone: more batteries than it let through, some of another capacity. Not the
    // first count again: other tests add and delete their own products meanwhile.
    await expect.poll(() => resultCount(page)).toBeGreaterThan(filtered);
    await expect(
      page.getByTestId("product-card").filter({ hasNotText: "40Ah" }).first(),
    ).toBeVisible();
  });

  test("'Apply filter' with nothing chosen warns and changes nothing", async ({ page }) => {
    await page.goto("/allproduct");
    await page.getByRole("button", { name: "Apply filter" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please select at least one filter");
    await expect(page).toHaveURL("/allproduct");
  });

  test("works without JavaScript, warning included", async ({ newVisitor }) => {
    const page = await newVisitor({ javaScriptEnabled: false });
    await page.goto("/allproduct");
    await page.getByRole("button", { name: "Apply filter" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please select at least one filter");
    await page.getByLabel("Warranty").selectOption("36");
    await page.getByRole("button", { name: "Apply filter" }).click();
    // A full page load: wait for the new document to finish before reading its list.
    await page.waitForURL(/warranty=36/);
    await expectEveryCardToShow(page, "3 years");
  });

  test("category and an out-of-stock product", async ({ page }) => {
    await page.goto("/allproduct");
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: "Car" })
      .click();
    await expect(page).toHaveURL(/category=car/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car batteries");
    const outOfStock = page.getByTestId("product-card").filter({ hasText: "DRIVE-EFB60" });
    await expect(outOfStock.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  });

  test("sorting needs no filter, keeps the filters that are set, and a warning clears on navigating", async ({
    page,
  }) => {
    /** Waits until the listed prices are in the order (the sorted list replaced the old one). */
    const expectPricesSorted = (order: "asc" | "desc", atLeast: number) =>
      expect(async () => {
        const prices = await cardPrices(page);
        expect(prices.length).toBeGreaterThanOrEqual(atLeast);
        expect(prices).toEqual([...prices].sort((a, b) => (order === "asc" ? a - b : b - a)));
      }).toPass();
    await page.goto("/allproduct");
    // With JavaScript the sort applies on change (its "Sort" button is for visitors without).
    await expect(page.getByRole("button", { name: "Sort", exact: true })).toBeHidden();
    await page.getByLabel("Sort by").selectOption("price-desc");
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expectPricesSorted("desc", 6);

    // With a filter set, sorting keeps it; filtering keeps the sort.
    await page.getByLabel("Voltage").selectOption("12");
    await page.getByRole("button", { name: "Apply filter" }).click();
    await expect(page).toHaveURL(/voltage=12/);
    await expect(page).toHaveURL(/sort=price-desc/);
    await expectEveryCardToShow(page, "12V");
    await page.getByLabel("Sort by").selectOption("price-asc");
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(page).toHaveURL(/voltage=12/);
    await expectPricesSorted("asc", 2);
    await expectEveryCardToShow(page, "12V");

    // The browser's warning belongs to the page it was raised on.
    await page.goto("/allproduct");
    await page.getByRole("button", { name: "Apply filter" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please select at least one filter");
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: "Bike" })
      .click();
    await expect(page).toHaveURL(/category=bike/);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  for (const [name, width] of Object.entries({ phone: widths.phone, desktop: widths.desktop })) {
    test(`a card opens the product page by its model on a ${name}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/allproduct?category=inverter");
      const card = page.getByTestId("product-card").filter({ hasText: "HOME-150T" });
      await card.getByRole("link", { name: "HOME-150T" }).click();
      await expect(page).toHaveURL("/oneprod/HOME-150T");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("HOME-150T");
      await expect(page.getByTestId("rating-summary")).toContainText("from 2 reviews");
      await expect(page.getByTestId("review")).toHaveCount(2);
      await expect(page.getByRole("heading", { name: "Related products" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // The page's Product (every page also carries the store's Organization).
      const ld = (await page.locator('script[type="application/ld+json"]').allTextContents())
        .map((text) => JSON.parse(text))
        .find((thing) => thing["@type"] === "Product");
      expect(ld).toMatchObject({
        "@type": "Product",
        name: "HOME-150T",
        offers: { priceCurrency: "INR", price: "14499.00" },
      });
    });
  }

  test("a card opens the product page by its image; an unknown model is a 404", async ({
    page,
  }) => {
    await page.goto("/allproduct?category=inverter");
    // A tap on the picture (the model's link covers it) opens the product.
    const picture = await page
      .getByTestId("product-card")
      .filter({ hasText: "HOME-150T" })
      .locator("img")
      .boundingBox();
    if (!picture) throw new Error("no picture");
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2);
    await expect(page).toHaveURL("/oneprod/HOME-150T");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("HOME-150T");
    // The original site's id form keeps working, and an unknown model is a 404.
    expect((await page.goto("/oneprod/no-such-battery"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Battery not found" })).toBeVisible();
  });
});

test.describe("battery finder", () => {
  test("cascades to a result, and a changed level empties those below", async ({ page }) => {
    await page.goto("/findby");
    const model = page.getByLabel("Model");
    await expect(model).toBeDisabled();
    await expect(page.getByLabel("Year")).toBeDisabled();
    await page.getByLabel("Make").selectOption("Hyundai");
    await expect(model).toBeEnabled();
    await model.selectOption("Creta");
    await page.getByLabel("Year").selectOption("2022");
    await page.getByLabel("Engine Type").selectOption("Diesel");
    await page.getByRole("button", { name: "Find Battery" }).click();
    const result = page.getByTestId("finder-result");
    await expect(result).toContainText("DRIVE-65R");
    await expect(result).toContainText("65Ah");
    await expect(result).toContainText("Also fits");
    await expect(page).toHaveURL(/make=Hyundai&model=Creta&year=2022&fuel=Diesel/);
    await expectNoSeriousA11yViolations(page);

    // The result's address can be shared.
    await page.reload();
    await expect(result).toContainText("DRIVE-65R");

    await page.getByLabel("Make").selectOption("Tata");
    await expect(page.getByLabel("Model")).toHaveValue("");
    await expect(page.getByLabel("Year")).toBeDisabled();
    await expect(page.getByLabel("Engine Type")).toBeDisabled();
    await expect(result).toBeHidden();
  });

  test("two-wheelers have their own makes", async ({ page }) => {
    await page.goto("/findby");
    await page.getByLabel("Two-wheeler").check();
    await expect(page).toHaveURL(/type=bike/);
    await page.getByLabel("Make").selectOption("Royal Enfield");
    await page.getByLabel("Model").selectOption("Classic 350");
    await page.getByLabel("Year").selectOption("2023");
    await page.getByLabel("Engine Type").selectOption("Petrol");
    await page.getByRole("button", { name: "Find Battery" }).click();
    await expect(page.getByTestId("finder-result")).toContainText("RIDE-9B");
  });
});

test.describe("add to cart", () => {
  test("from a card, the product page and the finder, with the badge counting batteries", async ({
    page,
  }) => {
    await page.goto("/allproduct?category=bike");
    await expect(badge(page)).toHaveAccessibleName("Cart, 0 items");
    await page.getByRole("button", { name: "Add RIDE-4S to cart" }).click();
    await expect(page.getByText("RIDE-4S added to cart")).toBeVisible();
    await expect(badge(page)).toHaveAccessibleName("Cart, 1 item");

    await page.goto("/oneprod/DRIVE-40L");
    await page.getByLabel("Quantity").selectOption("2");
    await page.getByRole("button", { name: "Add DRIVE-40L to cart" }).click();
    await expect(page.getByText("DRIVE-40L added to cart")).toBeVisible();
    // Two of a battery are two batteries, as on Amazon and Flipkart.
    await expect(badge(page)).toHaveAccessibleName("Cart, 3 items");
    await expect(page.getByTestId("cart-badge")).toHaveText("3");

    // The same product again (the quantity still says 2): two more batteries.
    await page.getByRole("button", { name: "Add DRIVE-40L to cart" }).click();
    await expect(badge(page)).toHaveAccessibleName("Cart, 5 items");

    await page.goto("/findby?type=car&make=Kia&model=Seltos&year=2021&fuel=Petrol&find=1");
    await page
      .getByTestId("finder-result")
      .getByRole("button", { name: "Add DRIVE-55L to cart" })
      .first()
      .click();
    await expect(page.getByText("DRIVE-55L added to cart")).toBeVisible();
    await expect(badge(page)).toHaveAccessibleName("Cart, 6 items");

    // The visitor's cart follows them into their account when they log in (through the form:
    // the login is what takes the cart over).
    const shopper = await createUser({ signedIn: false });
    await page.goto("/login");
    await page.getByLabel("Email").fill(shopper.email);
    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL("/");
    await expect(badge(page)).toHaveAccessibleName("Cart, 6 items");
  });

  test("works without JavaScript too", async ({ newVisitor }) => {
    const page = await newVisitor({ javaScriptEnabled: false });
    await page.goto("/allproduct?category=inverter");
    await page.getByRole("button", { name: "Add HOME-150T to cart" }).click();
    await expect(page).toHaveURL("/allproduct?category=inverter");
    await expect(badge(page)).toHaveAccessibleName("Cart, 1 item");
  });
});

test("staff remove a review after confirming in the store's own dialog", async ({
  page,
  admin: _,
  newVisitor,
}) => {
  const product = await createProduct({ tag: "MOD" });
  const author = await createUser({ name: "Review Author" });
  const theirs = await newVisitor({ user: author });
  await theirs.goto(`/oneprod/${product.model}`);
  await theirs.getByLabel("3 stars").check();
  await theirs.getByLabel(/Your review/).fill("Spam spam spam");
  await theirs.getByRole("button", { name: "Submit review" }).click();
  await expect(theirs.getByTestId("review")).toContainText("Spam spam spam");

  await page.goto(`/oneprod/${product.model}`);
  const remove = page.getByRole("button", { name: "Remove the review by Review Author" });
  await remove.click();
  const confirm = page.getByRole("dialog", { name: "Remove the review by Review Author?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("review")).toHaveCount(1);
  await remove.click();
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Review removed")).toBeVisible();
  await expect(page.getByTestId("review")).toHaveCount(0);
});

test("a customer deletes their own review after confirming", async ({ page, customer: _ }) => {
  const product = await createProduct({ tag: "OWN" });
  await page.goto(`/oneprod/${product.model}`);
  await page.getByLabel("2 stars").check();
  await page.getByLabel(/Your review/).fill("Drained in a week");
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByTestId("review")).toContainText("Drained in a week");
  await page.getByRole("button", { name: "Delete my review" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete your review of this battery?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Your review has been deleted")).toBeVisible();
  await expect(page.getByTestId("review")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Write a review" })).toBeVisible();
});
