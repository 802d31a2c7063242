/**
 * Issue 21, items 6 and 8 in the browser: each move of an order starts with an empty note, Shipped
 * takes a courier and tracking number that the customer sees with a tracking link, staff notes
 * stay in the back office; a delivered order's review shows "Verified purchase".
 */
import { createOrder } from "./control";
import { createProduct, createUser, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

for (const width of [widths.phone, widths.desktop]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("Shipped takes a courier and tracking number; the customer sees the link, never the staff note, and each move starts with an empty note", async ({
      page,
      admin,
      newVisitor,
    }) => {
      const customer = await createUser();
      const product = await createProduct({ tag: "SHIP", stock: 5 });
      const { number } = await createOrder({
        userId: customer.id,
        productId: product.id,
        status: "paid",
        adminId: admin.id,
      });
      await page.goto(`/admin/order/${number}`);
      await expect(page.getByTestId("order-status")).toHaveText("Paid");
      const note = page.getByLabel(/^Note for the customer/);
      await note.fill("Packed with a free terminal cleaner");
      await page.getByLabel(/^Internal note/).fill("Pickup slot 4 pm, ask Ramesh");
      // No courier: refused next to the field, what was typed kept.
      await page.getByRole("button", { name: "Mark shipped" }).click();
      await expect(page.getByText("Choose the courier")).toBeVisible();
      await expect(note).toHaveValue("Packed with a free terminal cleaner");
      await page.getByLabel("Courier").selectOption("delhivery");
      await page.getByRole("button", { name: "Mark shipped" }).click();
      await expect(page.getByText("Enter the courier's tracking number")).toBeVisible();
      await page.getByLabel("Tracking number").fill("dl1234567890");
      await page.getByRole("button", { name: "Mark shipped" }).click();
      await expect(page.getByTestId("order-status")).toHaveText("Shipped");
      // The form starts again empty: the Shipped note is not sent with Delivered.
      await expect(note).toHaveValue("");
      await expect(page.getByLabel(/^Internal note/)).toHaveValue("");
      await expect(page.getByTestId("internal-note")).toHaveText(
        "Staff only: Pickup slot 4 pm, ask Ramesh",
      );
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: "Mark delivered" }).click();
      await expect(page.getByTestId("order-status")).toHaveText("Delivered");
      const delivered = page.getByTestId("timeline-event").last();
      await expect(delivered).toContainText("Delivered");
      await expect(delivered).not.toContainText("terminal cleaner");

      const mine = await newVisitor({ user: customer });
      await mine.goto(`/account/orders/${number}`);
      const shipment = mine.getByTestId("order-shipment");
      await expect(shipment).toContainText("Delhivery");
      await expect(shipment.getByTestId("tracking-number")).toHaveText("DL1234567890");
      await expect(shipment.getByRole("link", { name: /Track your parcel/ })).toHaveAttribute(
        "href",
        "https://www.delhivery.com/track/package/DL1234567890",
      );
      await expect(mine.getByText("Packed with a free terminal cleaner")).toBeVisible();
      await expect(mine.getByText(/Ramesh/)).toHaveCount(0);
      expect(await mine.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await expectNoSeriousA11yViolations(mine);
    });

    test("a review by a customer whose order was delivered shows Verified purchase, and the verified average", async ({
      page,
      customer,
    }) => {
      const product = await createProduct({ tag: "VERIFY", stock: 5 });
      const admin = await createUser({ role: "admin" });
      await createOrder({
        userId: customer.id,
        productId: product.id,
        status: "delivered",
        adminId: admin.id,
      });
      await page.goto(`/oneprod/${product.model}`);
      await page.getByLabel("5 stars").check();
      await page.getByLabel(/^Your review/).fill("Starts first time every morning");
      await page.getByRole("button", { name: "Submit review" }).click();
      const review = page.getByTestId("review").filter({ hasText: "Starts first time" });
      await expect(review.getByTestId("verified-purchase")).toHaveText("Verified purchase");
      await page.getByTestId("reviews-filter").click();
      await expect(page).toHaveURL(/\?reviews=verified#reviews$/);
      await expect(page.getByTestId("rating-summary")).toHaveText(
        "Average 5 out of 5 from 1 verified purchase",
      );
      await expect(page.getByTestId("reviews-filter")).toHaveText("Show all 1 review");
      await expectNoSeriousA11yViolations(page);
    });
  });
}
