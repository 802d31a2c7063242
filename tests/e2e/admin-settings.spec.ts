import { createProduct, createUser, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./helpers";

/**
 * The payee and shipping settings are one for the whole store, and the suite runs in parallel
 * against one store. Keeping the window short would make a clash rare, not impossible, so this
 * test takes no chances:
 *
 * - The UPI payee: the test holds the store-wide settings lock alone (`settingsChange`, through
 *   the control port), and the test that asserts the demo payee's notice (checkout.spec.ts)
 *   holds it shared (`defaultSettings`): the two never run at the same time, whichever starts
 *   first. After the test the defaults are put back through the control port, even when it
 *   failed half-way, before the lock is let go.
 * - Shipping: the fee applies only below the free-shipping amount, ₹200 here, and no other test
 *   has a cart that small (their batteries cost ₹1,000 and more): while the fee is set, every
 *   other cart still ships free and keeps the totals those tests expect.
 */
const payee = { id: "urjacell.e2e@okaxis", name: "UrjaCell Batteries" };

async function openCart(page: Page) {
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "My Cart" })).toBeVisible();
}

test("an admin sets the UPI payee and shipping; the cart charges it below the free amount and the QR pays the payee", async ({
  page,
  admin: _,
  newVisitor,
  settingsChange: _lock,
}) => {
  // Two browsers; the settings lock is waited for outside this time (fixtures.ts).
  test.setTimeout(60_000);
  const battery = await createProduct({ tag: "SHIPFEE", pricePaise: 15_000, stock: 5 });
  const shopper = await newVisitor({ user: await createUser() });
  await shopper.goto(`/oneprod/${battery.model}`);
  await shopper.getByRole("button", { name: `Add ${battery.model} to cart` }).click();
  await expect(shopper.getByTestId("cart-badge")).toHaveText("1");

  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Store settings", level: 1 })).toBeVisible();
  const payments = page.getByRole("region", { name: "Payments and shipping" });
  await expect(payments.getByTestId("payee-status")).toHaveText("No UPI payee is set.");
  await expectNoSeriousA11yViolations(page);

  // A UPI ID without its @bank is refused next to its field; everything typed stays.
  await payments.getByLabel("UPI ID of the payee").fill("urjacell okaxis");
  await payments.getByLabel("Payee name").fill(payee.name);
  await payments.getByLabel("Shipping fee (₹)").fill("49");
  await payments.getByLabel("Free shipping from (₹)").fill("200");
  await payments.getByRole("button", { name: "Save payments and shipping" }).click();
  await expect(payments.getByLabel("UPI ID of the payee")).toHaveAccessibleDescription(
    /^Enter a UPI ID such as name@bank/,
  );
  await expect(payments.getByLabel("UPI ID of the payee")).toHaveAttribute("aria-invalid", "true");
  await expect(payments.getByLabel("UPI ID of the payee")).toHaveValue("urjacell okaxis");
  await expect(payments.getByLabel("Payee name")).toHaveValue(payee.name);
  await expect(payments.getByLabel("Shipping fee (₹)")).toHaveValue("49");
  await expect(payments.getByLabel("Free shipping from (₹)")).toHaveValue("200");
  await expect(payments.getByTestId("payee-status")).toHaveText("No UPI payee is set.");
  await expectNoSeriousA11yViolations(page);

  await payments.getByLabel("UPI ID of the payee").fill(payee.id);
  await payments.getByRole("button", { name: "Save payments and shipping" }).click();
  await expect(page.getByText("Payment and shipping settings saved")).toBeVisible();
  await expect(payments.getByTestId("payee-status")).toHaveText(
    `Customers pay ${payee.name} (${payee.id}) by UPI.`,
  );
  await expect(payments.getByLabel("UPI ID of the payee")).not.toHaveAttribute("aria-invalid");
  await expect(payments.getByLabel("Shipping fee (₹)")).toHaveValue("49");
  await expect(payments.getByLabel("Free shipping from (₹)")).toHaveValue("200");

  // Below ₹200 the cart charges the fee; from ₹200 it ships free.
  await openCart(shopper);
  await expect(shopper.getByTestId("subtotal")).toHaveText("₹150");
  await expect(shopper.getByTestId("cart-summary").getByText("Shipping")).toBeVisible();
  await expect(shopper.getByTestId("shipping")).toHaveText("₹49");
  await expect(shopper.getByTestId("total")).toHaveText("₹199");

  // The checkout's QR pays the real payee the total with shipping, and says nothing of a demo.
  await shopper.getByRole("button", { name: "Checkout", exact: true }).click();
  const dialog = shopper.getByRole("dialog", { name: "Checkout" });
  const qrSection = dialog.getByRole("region", { name: "Pay ₹199 by UPI" });
  await expect(qrSection).toBeVisible();
  await expect(qrSection).toContainText(`UPI ID: ${payee.id}`);
  await expect(qrSection).toContainText(`To: ${payee.name}`);
  await expect(dialog.getByText("Demo store: this QR pays nobody")).toHaveCount(0);
  const link = await dialog.getByTestId("upi-app-link").getAttribute("href");
  expect(link).toMatch(/^upi:\/\/pay\?/);
  const params = new URLSearchParams(link?.replace(/^upi:\/\/pay\?/, ""));
  expect(Object.fromEntries(params)).toMatchObject({
    pa: payee.id,
    pn: payee.name,
    am: "199.00",
    cu: "INR",
  });
  await expectNoSeriousA11yViolations(shopper);
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await shopper.getByLabel("Quantity").selectOption("2");
  await expect(shopper.getByTestId("subtotal")).toHaveText("₹300");
  await expect(shopper.getByTestId("shipping")).toHaveText("Free");
  await expect(shopper.getByTestId("total")).toHaveText("₹300");

  // The admin clears the payee and the fee: the store is the demo store again.
  await payments.getByLabel("UPI ID of the payee").fill("");
  await payments.getByLabel("Payee name").fill("");
  await payments.getByLabel("Shipping fee (₹)").fill("0");
  await payments.getByLabel("Free shipping from (₹)").fill("");
  await payments.getByRole("button", { name: "Save payments and shipping" }).click();
  await expect(payments.getByTestId("payee-status")).toHaveText("No UPI payee is set.");
  await expect(payments.getByLabel("Shipping fee (₹)")).toHaveValue("0");
  await shopper.getByLabel("Quantity").selectOption("1");
  await expect(shopper.getByTestId("total")).toHaveText("₹150");
  await expect(shopper.getByTestId("shipping")).toHaveText("Free");
  await shopper.getByRole("button", { name: "Checkout", exact: true }).click();
  await expect(dialog.getByText("Demo store: this QR pays nobody.")).toBeVisible();
});
