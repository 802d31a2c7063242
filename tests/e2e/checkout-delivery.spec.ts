/**
 * Issue 21 in the browser, at a phone's and a desktop's width: checkout refuses a pincode the
 * store does not deliver to next to the field; the pincode checked on a product page is
 * remembered and prefilled at checkout; paying on installation is chosen at checkout and said on
 * the order page; on a phone the UPI screen leads with "Open in UPI app" and copies the UPI ID;
 * a UTR is added later; cancelling an order asks first.
 */
import { createOrder, writeSettings } from "./control";
import { createDeliveryArea, createProduct, createUser, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, fillDeliveryDetails, widths } from "./helpers";

/** A pincode of this test alone (no other spec delivers to 96xxxx or 97xxxx). */
function uniquePincode() {
  return String(960_000 + Math.floor(Math.random() * 20_000));
}

/** The cart of `model`'s battery, checked out: the checkout dialog. */
async function checkOut(page: Page, model: string) {
  await page.goto(`/oneprod/${model}`);
  await page.getByRole("button", { name: `Add ${model} to cart` }).click();
  await expect(page.getByText(`${model} added to cart`)).toBeVisible();
  await page.goto("/cart");
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  return page.getByRole("dialog", { name: "Checkout" });
}

const sizes = [
  ["phone", widths.phone],
  ["desktop", widths.desktop],
] as const;

for (const [size, width] of sizes) {
  test.describe(`at ${size} width`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("checkout starts with the pincode checked on a product page and refuses one the store does not deliver to", async ({
      page,
      customer: _,
    }) => {
      // Two product pages, the cart and the checkout: longer than one page's test.
      test.setTimeout(60_000);
      const pincode = uniquePincode();
      await createDeliveryArea({ prefix: pincode, city: "Testpur", days: 2 });
      const [first, second] = [
        await createProduct({ tag: "PIN", stock: 5 }),
        await createProduct({ tag: "PIN", stock: 5 }),
      ];
      await page.goto(`/oneprod/${first.model}`);
      const check = page.getByRole("region", { name: "Check delivery" });
      await check.getByLabel("Pincode").fill(pincode);
      await check.getByRole("button", { name: "Check" }).click();
      await expect(check.getByTestId("delivery-result")).toContainText("Delivery to Testpur");

      // Another product page answers for the same pincode without being asked.
      await page.goto(`/oneprod/${second.model}`);
      await expect(check.getByLabel("Pincode")).toHaveValue(pincode);
      await expect(check.getByTestId("delivery-result")).toContainText("Delivery to Testpur");

      const dialog = await checkOut(page, second.model);
      const field = dialog.getByLabel("Pincode");
      await expect(field).toHaveValue(pincode);
      await fillDeliveryDetails(dialog, { pincode: "799001" });
      await dialog.getByRole("button", { name: "Confirm Order" }).click();
      // The error, then the pincode's place (it is a real one, only not served).
      await expect(field).toHaveAccessibleDescription(
        "We do not deliver to 799001 yet. West Tripura, Tripura",
      );
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByLabel("Flat, house no., building")).toHaveValue(
        "Flat 4B, Shanti Apartments",
      );
      await expectNoSeriousA11yViolations(page);

      await field.fill(pincode);
      // A pincode the directory does not know: the State is the customer's to choose (the one
      // Tripura's pincode filled in is cleared).
      await dialog.getByLabel("State", { exact: true }).selectOption("Gujarat");
      await dialog.getByLabel("Landmark (optional)").fill("Opposite the water tank");
      await dialog.getByRole("button", { name: "Confirm Order" }).click();
      await expect(page).toHaveURL(/\/account\/orders\/\d{5,}$/);
      const delivery = page.getByRole("region", { name: "Delivery" });
      await expect(delivery).toContainText("Flat 4B, Shanti Apartments");
      await expect(delivery).toContainText("Landmark: Opposite the water tank");
      await expect(delivery).toContainText(`Ahmedabad, Gujarat ${pincode}`);
    });

    test("typing the pincode fills the city and shows the state, which the order keeps", async ({
      page,
      customer: _,
    }) => {
      const product = await createProduct({ tag: "PINSTATE", stock: 5 });
      const dialog = await checkOut(page, product.model);
      const city = dialog.getByLabel("City");
      await expect(city).toHaveValue("");
      await dialog.getByLabel("Pincode").fill("380015");
      await expect(dialog.getByTestId("pincode-place")).toHaveText("Ahmedabad, Gujarat");
      await expect(city).toHaveValue("Ahmedabad");
      // Issue 24: the pincode's State is filled in too, the customer may change it.
      await expect(dialog.getByLabel("State", { exact: true })).toHaveValue("Gujarat");
      await expectNoSeriousA11yViolations(page);
      await dialog.getByLabel("Name", { exact: true }).fill("Asha Kumari");
      await dialog.getByLabel("Mobile number").fill("98765 43210");
      await dialog.getByLabel("Flat, house no., building").fill("Flat 4B");
      await dialog.getByLabel("Area, street, sector, village").fill("CG Road, Navrangpura");
      await dialog.getByRole("button", { name: "Confirm Order" }).click();
      await expect(page).toHaveURL(/\/account\/orders\/\d{5,}$/);
      await expect(page.getByRole("region", { name: "Delivery" })).toContainText(
        "Ahmedabad, Gujarat 380015",
      );
    });

    test("a customer chooses to pay on installation; the order says so, and the admin marks it delivered and paid", async ({
      page,
      customer: _,
      newVisitor,
      settingsChange: __,
    }) => {
      // An order's whole life in two browsers: longer than one page's test.
      test.setTimeout(90_000);
      await writeSettings({ payOnInstallationEnabled: true, payOnInstallationMaxPaise: 1_000_000 });
      const battery = await createProduct({ tag: "POI", pricePaise: 450_000, stock: 5 });
      const dialog = await checkOut(page, battery.model);
      await fillDeliveryDetails(dialog);
      const choice = dialog.getByRole("group", { name: "How will you pay?" });
      await expect(choice.getByLabel("Pay now by UPI")).toBeChecked();
      await expect(dialog.getByTestId("upi-qr")).toBeVisible();
      await choice.getByLabel("Pay on installation").check();
      await expect(dialog.getByTestId("upi-qr")).toHaveCount(0);
      await expect(dialog.getByTestId("pay-later")).toHaveText(
        "Pay ₹4,500 when the battery is installed, in cash or by UPI to the fitter.",
      );
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole("button", { name: "Confirm Order" }).click();

      await expect(page).toHaveURL(/\/account\/orders\/\d{5,}$/);
      const number = page.url().split("/").at(-1);
      await expect(page.getByTestId("order-status")).toHaveText("Placed");
      await expect(page.getByTestId("pay-on-installation")).toContainText("Pay ₹4,500 when");
      await expect(page.getByTestId("order-payment-method")).toHaveText(
        "Pay on installation (cash or UPI to the fitter)",
      );
      await expect(page.getByTestId("upi-qr")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      const desk = await newVisitor({ user: await createUser({ role: "admin" }) });
      await desk.setViewportSize({ width, height: 800 });
      await desk.goto(`/admin/order/${number}`);
      await expect(desk.getByTestId("order-payment")).toHaveText(
        "Pay on installation (cash or UPI to the fitter)",
      );
      await expect(desk.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
      // The store's own fitter takes it: no tracking number.
      await desk.getByLabel("Courier").selectOption("own_delivery");
      await desk.getByRole("button", { name: "Mark shipped" }).click();
      await expect(desk.getByTestId("order-status")).toHaveText("Shipped");
      await desk.getByRole("button", { name: "Delivered and paid" }).click();
      await expect(desk.getByTestId("order-status")).toHaveText("Delivered");
      await expect(desk.getByTestId("timeline-event").last()).toContainText(
        "₹4,500 paid on installation.",
      );
      await expectNoSeriousA11yViolations(desk);
    });

    test("cancelling an order asks first: Keep order keeps it, Cancel order cancels it", async ({
      page,
      customer,
    }) => {
      const battery = await createProduct({ tag: "CNCL", stock: 5 });
      const { number } = await createOrder({ userId: customer.id, productId: battery.id });
      await page.goto(`/account/orders/${number}`);
      await page.getByRole("link", { name: "Cancel order" }).click();
      const ask = page.getByRole("dialog", { name: `Cancel order #${number}?` });
      await expect(ask).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await ask.getByRole("link", { name: "Keep order" }).click();
      await expect(ask).toBeHidden();
      await expect(page.getByTestId("order-status")).toHaveText("Payment pending");

      await page.getByRole("link", { name: "Cancel order" }).click();
      await ask.getByLabel("Why are you cancelling? (optional)").fill("Bought one nearby");
      await ask.getByRole("button", { name: "Cancel order" }).click();
      await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
      await expect(page.getByRole("link", { name: "Cancel order" })).toHaveCount(0);
    });
  });
}

test.describe("the UPI payment screen", () => {
  test("on a phone leads with Open in UPI app, copies the UPI ID by keyboard, and takes a UTR later", async ({
    page,
    context,
    customer,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize({ width: widths.phone, height: 800 });
    const battery = await createProduct({ tag: "UPIM", stock: 5 });
    const { number } = await createOrder({ userId: customer.id, productId: battery.id });
    await page.goto(`/account/orders/${number}`);

    const app = page.getByRole("link", { name: "Open in UPI app" });
    const qr = page.getByTestId("upi-qr");
    await expect(app).toBeVisible();
    const [appBox, qrBox] = [await app.boundingBox(), await qr.boundingBox()];
    expect(appBox && qrBox && appBox.y < qrBox.y).toBe(true);
    // The main action looks like one: filled, unlike the Copy button beside the UPI ID.
    const copy = page.getByRole("button", { name: "Copy UPI ID" });
    const fill = (locator: typeof app) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await fill(app)).not.toBe(await fill(copy));

    await copy.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
    const upiId = await page.getByTestId("upi-id").textContent();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(upiId);
    await expectNoSeriousA11yViolations(page);

    // Paid from the app: the UTR is added on the order page.
    await page.getByLabel("Paid already? Add the UPI transaction ID").fill("12 34");
    await page.getByRole("button", { name: "Save UPI transaction ID" }).click();
    await expect(
      page.getByText("A UPI transaction ID has 6 to 35 letters and digits."),
    ).toBeVisible();
    const utr = `4345${String(Date.now()).slice(-8)}`;
    await page.getByLabel("Paid already? Add the UPI transaction ID").fill(utr);
    await page.getByRole("button", { name: "Save UPI transaction ID" }).click();
    await expect(page.getByText(`UPI transaction ID saved on order #${number}`)).toBeVisible();
    await expect(page.getByText(`We have ${utr}.`)).toBeVisible();
  });

  test("at desktop width shows the QR first and no app button", async ({ page, customer }) => {
    await page.setViewportSize({ width: widths.desktop, height: 800 });
    const battery = await createProduct({ tag: "UPID", stock: 5 });
    const { number } = await createOrder({ userId: customer.id, productId: battery.id });
    await page.goto(`/account/orders/${number}`);
    await expect(page.getByTestId("upi-qr")).toBeVisible();
    await expect(page.getByRole("link", { name: "Open in UPI app" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Copy UPI ID" })).toBeVisible();
  });
});
