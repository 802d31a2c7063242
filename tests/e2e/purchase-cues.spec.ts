import {
  createDeliveryArea,
  createExchangeRate,
  createProduct,
  expect,
  type Page,
  readCartLines,
  test,
} from "./fixtures";
import { expectNoSeriousA11yViolations, hydrated, widths } from "./helpers";

/** A capacity (and pincode) no other test uses: a band or an area of this test alone. */
function uniqueNumber(min: number, span: number) {
  return min + Math.floor(Math.random() * span);
}

/** An industrial battery of a capacity of its own, with an exchange band for exactly it. */
async function batteryWithExchange() {
  const capacityAh = uniqueNumber(1000, 30_000);
  const product = await createProduct({
    tag: "XCHG",
    category: "industrial",
    capacityAh,
    pricePaise: 10_000_00,
  });
  await createExchangeRate({
    category: "industrial",
    minCapacityAh: capacityAh,
    maxCapacityAh: capacityAh,
    creditPaise: 1_500_00,
  });
  return product;
}

async function expectPageWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

for (const width of [widths.phone, widths.desktop]) {
  test.describe(`purchase cues at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the exchange price chosen on the product page goes onto the cart line with its discount", async ({
      page,
      customer,
    }) => {
      const product = await batteryWithExchange();
      await page.goto(`/oneprod/${product.model}`);
      await expect(page.getByText("Inclusive of all taxes (GST)")).toBeVisible();
      const prices = page.getByRole("group", { name: "Choose your price" });
      await expect(prices.getByTestId("option-price")).toHaveText(["₹10,000", "₹8,500"]);
      await expect(prices.getByRole("radio", { name: /Without old battery/ })).toBeChecked();
      await expectNoSeriousA11yViolations(page);
      await expectPageWidth(page, width);

      // By keyboard: the arrow key moves the choice to the exchange price.
      await prices.getByRole("radio", { name: /Without old battery/ }).focus();
      await page.keyboard.press("ArrowDown");
      await expect(prices.getByRole("radio", { name: /With old battery exchange/ })).toBeChecked();
      await page.getByLabel("Quantity").selectOption("2");
      await page.getByRole("button", { name: `Add ${product.model} to cart` }).click();
      await expect(page.getByText(`${product.model} added to cart`)).toBeVisible();

      expect(await readCartLines(customer.id)).toEqual([
        {
          productId: product.id,
          model: product.model,
          quantity: 2,
          unitPricePaise: 10_000_00,
          exchange: true,
          exchangeCreditPaise: 1_500_00,
          lineTotalPaise: 2 * 8_500_00,
        },
      ]);
    });

    test("without JavaScript the exchange choice is posted too", async ({
      newVisitor,
      customer,
    }) => {
      const product = await batteryWithExchange();
      const page = await newVisitor({ user: customer, javaScriptEnabled: false });
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/oneprod/${product.model}`);
      await page.getByRole("radio", { name: /With old battery exchange/ }).check();
      await page.getByRole("button", { name: `Add ${product.model} to cart` }).click();
      await expect(page).toHaveURL(`/oneprod/${product.model}`);
      await expect(page.getByRole("link", { name: /^Cart, 1 item$/ })).toBeVisible();
      const [line] = await readCartLines(customer.id);
      expect(line).toMatchObject({ exchange: true, exchangeCreditPaise: 1_500_00 });
    });

    test("a battery without an exchange band shows one price", async ({ page }) => {
      const product = await createProduct({ tag: "NOXCHG", category: "industrial", capacityAh: 7 });
      await page.goto(`/oneprod/${product.model}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.model);
      await expect(page.getByRole("group", { name: "Choose your price" })).toHaveCount(0);
    });

    test("the delivery check says whether a pincode is served, and refuses a bad one", async ({
      page,
    }) => {
      const pincode = String(uniqueNumber(980_000, 19_999));
      await createDeliveryArea({ prefix: pincode, city: "Testpur", days: 2 });
      const product = await createProduct({ tag: "PIN" });
      await page.goto(`/oneprod/${product.model}`);
      const delivery = page.getByRole("region", { name: "Check delivery" });
      const input = delivery.getByLabel("Pincode");

      await input.fill("12ab");
      await input.press("Enter");
      await expect(delivery.getByText("Enter a 6-digit pincode")).toBeVisible();
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await expect(page).not.toHaveURL(/pincode=/);

      await input.fill(pincode);
      await delivery.getByRole("button", { name: "Check" }).click();
      await expect(delivery.getByTestId("delivery-result")).toContainText(
        "Delivery to Testpur in 2 days, by",
      );
      await expect(page).toHaveURL(new RegExp(`pincode=${pincode}`));
      await expect(input).toHaveValue(pincode);

      await input.fill("999999");
      await input.press("Enter");
      await expect(delivery.getByTestId("delivery-result")).toHaveText(
        /We do not deliver to 999999 yet\./,
      );
      await expectNoSeriousA11yViolations(page);
      await expectPageWidth(page, width);
    });

    test("the delivery check works without JavaScript", async ({ newVisitor }) => {
      const pincode = String(uniqueNumber(980_000, 19_999));
      await createDeliveryArea({ prefix: pincode, city: "Nojspur", days: 1 });
      const product = await createProduct({ tag: "PINNOJS" });
      const page = await newVisitor({ javaScriptEnabled: false });
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/oneprod/${product.model}`);
      await page.getByLabel("Pincode").fill(pincode);
      await page.getByRole("button", { name: "Check" }).click();
      await expect(page.getByTestId("delivery-result")).toContainText(
        "Delivery to Nojspur in 1 day, by",
      );
      await page.getByLabel("Pincode").fill("98");
      await page.getByRole("button", { name: "Check" }).click();
      await expect(page.getByText("Enter a 6-digit pincode")).toBeVisible();
    });

    test("a review with a 300-character word, rated with the stars by keyboard, keeps the page in its width", async ({
      page,
      customer: _,
    }) => {
      const product = await createProduct({ tag: "LONGWORD" });
      await page.goto(`/oneprod/${product.model}`);
      const stars = page.getByRole("group", { name: "Your rating" });
      await stars.getByRole("radio", { name: "1 star", exact: true }).focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
      await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
      await page.getByLabel(/Your review/).fill(`Lasts long. ${"a".repeat(300)}`);
      await page.getByRole("button", { name: "Submit review" }).click();
      await expect(page.getByText("Thank you! Your review has been saved.")).toBeVisible();
      await expect(page.getByTestId("review")).toContainText("Lasts long.");
      await expect(page.getByTestId("rating-summary")).toHaveText(
        "Average 4 out of 5 from 1 review",
      );
      await expectPageWidth(page, width);
    });
  });
}

test("an exchange price the admin adds gives the battery its second price", async ({
  page,
  admin: _,
}) => {
  const capacityAh = uniqueNumber(40_000, 9_000);
  const product = await createProduct({
    tag: "ADMX",
    category: "industrial",
    capacityAh,
    pricePaise: 20_000_00,
  });
  await page.goto("/admin/exchange");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Add exchange price" }).click();
  const dialog = page.getByRole("dialog", { name: "Add exchange price" });
  await dialog.getByLabel("Category").selectOption("industrial");
  await dialog.getByLabel("From capacity (Ah)").fill(String(capacityAh));
  await dialog.getByLabel("To capacity (Ah)").fill(String(capacityAh - 1));
  await dialog.getByLabel("Credit for the old battery (₹)").fill("2,500");
  await dialog.getByRole("button", { name: "Add exchange price" }).click();
  await expect(
    dialog.getByText("The largest capacity must not be below the smallest"),
  ).toBeVisible();
  await expect(dialog.getByLabel("Credit for the old battery (₹)")).toHaveValue("2,500");
  await dialog.getByLabel("To capacity (Ah)").fill(String(capacityAh + 10));
  await dialog.getByRole("button", { name: "Add exchange price" }).click();
  await expect(page.getByText("Exchange price added")).toBeVisible();

  await page.goto(`/oneprod/${product.model}`);
  await expect(
    page.getByRole("group", { name: "Choose your price" }).getByTestId("option-price"),
  ).toHaveText(["₹20,000", "₹17,500"]);
});

test("a pincode sent before the page has loaded its checker is still checked in the browser", async ({
  page,
}) => {
  const product = await createProduct({ tag: "PINLAZY" });
  await page.goto(`/oneprod/${product.model}`);
  await hydrated(page, "delivery-pincode");
  // The form's checker (zod) is not part of the first visit: hold it back until released.
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  await page.route("**/assets/*.js", async (route) => {
    held.push(route.request().url());
    await gate;
    await route.continue();
  });
  const checks: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("pincode=")) checks.push(request.url());
  });

  const input = page.getByLabel("Pincode");
  await input.fill("12ab");
  await input.press("Enter");
  await expect.poll(() => held.length).toBeGreaterThan(0);
  release();
  await expect(page.getByText("Enter a 6-digit pincode")).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  expect(checks).toEqual([]);
  await expect(page).not.toHaveURL(/pincode=/);
});
