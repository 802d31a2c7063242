/**
 * Issue 20, in the browser: a shipped order cancelled when its batteries did not come back, its
 * refund recorded and seen by the customer; an order waiting for payment says until when; an
 * order the promo code pays in full has nothing to pay.
 */
import { createOrder } from "./control";
import { createProduct, createPromoCode, createUser, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, fillDeliveryDetails, hydrated, widths } from "./helpers";

async function cancelShippedAndRefund(page: Page, number: number) {
  await page.goto(`/admin/order/${number}`);
  await expect(page.getByTestId("order-status")).toHaveText("Shipped");
  // Cancelling asks first whether the batteries came back.
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(
    page.getByText("Say whether the batteries came back to the store before cancelling"),
  ).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Shipped");
  await page.getByLabel("No, still with the courier or the customer").check();
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("timeline-event").last()).toContainText(
    "The batteries did not come back",
  );

  const refund = page.getByRole("form", { name: "Record the refund" });
  await expect(refund.getByLabel("Amount (₹)")).toHaveValue("4,500");
  await refund.getByRole("button", { name: "Record refund" }).click();
  await expect(refund.getByText("Enter the bank's or UPI app's reference")).toBeVisible();
  await refund.getByLabel("Reference").fill("434599990000");
  await refund.getByRole("button", { name: "Record refund" }).click();
  await expect(page.getByTestId("timeline-event").last()).toContainText("Refunded");
  await expect(page.getByRole("form", { name: "Record the refund" })).toHaveCount(0);
}

for (const width of [widths.phone, widths.desktop]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("an admin cancels a shipped order kept by the courier, records the refund, and the customer sees it", async ({
      page,
      admin,
      newVisitor,
    }) => {
      const customer = await createUser();
      const product = await createProduct({ tag: "REFUND", pricePaise: 450_000, stock: 5 });
      const { number } = await createOrder({
        userId: customer.id,
        productId: product.id,
        status: "shipped",
        adminId: admin.id,
      });
      await cancelShippedAndRefund(page, number);
      await expectNoSeriousA11yViolations(page);

      const mine = await newVisitor({ user: customer });
      await mine.goto(`/account/orders/${number}`);
      const refunded = mine.getByTestId("timeline-event").last();
      await expect(refunded).toContainText("Refunded");
      await expect(refunded).toContainText("₹4,500 sent back by UPI");
      await expectNoSeriousA11yViolations(mine);
    });

    test("an order waiting for payment says until when, on its QR", async ({ page, customer }) => {
      const product = await createProduct({ tag: "PAYBY", stock: 5 });
      const { number } = await createOrder({ userId: customer.id, productId: product.id });
      await page.goto(`/account/orders/${number}`);
      await expect(page.getByTestId("upi-deadline")).toContainText(
        /^Please pay by \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M/,
      );
      await expect(page.getByTestId("upi-qr")).toBeVisible();
    });
  });
}

test("without JavaScript an admin cancels a shipped order and records its refund", async ({
  admin,
  newVisitor,
}) => {
  const customer = await createUser();
  const product = await createProduct({ tag: "REFNOJS", pricePaise: 450_000, stock: 5 });
  const { number } = await createOrder({
    userId: customer.id,
    productId: product.id,
    status: "shipped",
    adminId: admin.id,
  });
  const page = await newVisitor({ user: admin, javaScriptEnabled: false });
  await cancelShippedAndRefund(page, number);
});

test("an order the promo code pays in full has nothing to pay and is placed as paid", async ({
  page,
  customer,
}) => {
  const product = await createProduct({ tag: "FREEONE", pricePaise: 300_000, stock: 3 });
  const promo = await createPromoCode({
    code: `FREE${Date.now().toString(36).toUpperCase()}`.slice(0, 20),
    kind: "percent",
    amount: 100,
  });
  await page.goto(`/oneprod/${product.model}`);
  await page.getByRole("button", { name: `Add ${product.model} to cart` }).click();
  // The battery is in the cart once the header counts it (going to the cart before the add
  // has answered found it empty, one run in many).
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await page.goto("/cart");
  await hydrated(page, `quantity-${product.id}`);
  await page.getByLabel("Promo code").fill(promo.code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("total")).toHaveText("₹0");
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Checkout" });
  await expect(dialog.getByTestId("nothing-to-pay")).toBeVisible();
  await expect(dialog.getByTestId("upi-qr")).toHaveCount(0);
  await fillDeliveryDetails(dialog, { name: customer.name });
  await dialog.getByRole("button", { name: "Confirm Order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/\d{5,}$/);
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await expect(page.getByTestId("upi-qr")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
