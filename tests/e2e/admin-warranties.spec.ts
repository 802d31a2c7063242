/**
 * Issue 22, the back office: the warranty list searched by serial, a claim moved on at the claim
 * desk (Inspection, then Approved with a pro-rata discount), and the serial numbers typed when an
 * order is marked delivered, at a phone's width and a desktop's.
 */
import { createOrder, createOutlet, createWarranty, createWarrantyClaim } from "./control";
import { createProduct, createUser, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

/** A serial no other test uses: letters and digits, as printed on a battery. */
function uniqueSerial(tag: string) {
  return `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 46_656).toString(36)}`
    .toUpperCase()
    .slice(0, 20);
}

for (const width of [widths.phone, widths.desktop]) {
  test.describe(`the warranty desk at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("an admin finds a battery by its serial and approves its claim with a pro-rata discount", async ({
      page,
      admin,
      newVisitor,
    }) => {
      const owner = await createUser();
      const product = await createProduct({ tag: "WARR" });
      const registration = await createWarranty({
        productId: product.id,
        userId: owner.id,
        email: owner.email,
        serial: uniqueSerial("UC"),
      });
      const centre = await createOutlet({ kind: "service_centre", tag: "Claims Centre" });
      const claim = await createWarrantyClaim({
        registrationId: registration.id,
        centreId: centre.id,
        email: owner.email,
      });

      await page.goto("/admin/warranties");
      await expectNoSeriousA11yViolations(page);
      // Typed as it is read off a label: lower case, with a dash.
      const typed = `${registration.serial.slice(0, 4)}-${registration.serial.slice(4)}`;
      await page.getByLabel("Search by serial, mobile or name").fill(typed.toLowerCase());
      await page.getByRole("button", { name: "Search", exact: true }).click();
      const row = page.getByTestId("warranty-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(product.model);
      await expect(row.getByTestId("warranty-status")).toHaveText("Claim open");
      await expect(row).toContainText(claim.reference);
      await row.getByRole("link", { name: registration.serial, exact: true }).click();

      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        `Battery ${registration.serial}`,
      );
      await expect(page.getByText(`${owner.name} (${owner.email})`)).toBeVisible();
      const card = page.getByTestId("claim");
      await expect(card.getByTestId("claim-status")).toHaveText("Submitted");
      await expectNoSeriousA11yViolations(page);
      // Only the allowed moves: a submitted claim is inspected or rejected, not approved.
      await expect(card.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
      await card.getByRole("button", { name: /^Start inspection/ }).click();
      await expect(page.getByText(`Claim ${claim.reference} moved to Inspection`)).toBeVisible();
      await expect(card.getByTestId("claim-status")).toHaveText("Inspection");

      // Pro-rata without the discount: refused next to its field, the choice kept.
      await card
        .getByLabel("Note for the owner (optional): on their timeline and in their e-mail")
        .fill("The cells are worn: a discount on a new battery.");
      await card.getByLabel("Pro-rata discount").check();
      await card.getByRole("button", { name: /^Approve/ }).click();
      const discount = card.getByLabel("Discount (₹)");
      await expect(discount).toHaveAttribute("aria-invalid", "true");
      await expect(card.getByText("Enter the discount in rupees, such as 1,200")).toBeVisible();
      await expect(card.getByTestId("claim-status")).toHaveText("Inspection");
      await discount.fill("1,200");
      await card.getByRole("button", { name: /^Approve/ }).click();

      await expect(page.getByText(`Claim ${claim.reference} moved to Approved`)).toBeVisible();
      await expect(card.getByTestId("claim-status")).toHaveText("Approved");
      await expect(card.getByTestId("claim-outcome")).toHaveText(
        "Pro-rata discount: ₹1,200 off a new battery",
      );
      await expect(card.getByTestId("claim-event")).toHaveText([
        /Claim raised/,
        /Inspection/,
        /Approved.*The cells are worn: a discount on a new battery\./,
      ]);
      await expectNoSeriousA11yViolations(page);

      // The owner, in a browser of their own, sees the same timeline on their battery's page
      // and in My batteries.
      const ownerPage = await newVisitor({ user: owner });
      await ownerPage.setViewportSize({ width, height: 900 });
      await ownerPage.goto(`/warranty/${registration.id}`);
      const ownerCard = ownerPage.getByTestId("claim");
      await expect(ownerCard.getByTestId("claim-status")).toHaveText("Approved");
      await expect(ownerCard.getByTestId("claim-outcome")).toHaveText(
        "Pro-rata discount: ₹1,200 off a new battery",
      );
      await expect(ownerCard.getByTestId("claim-event")).toHaveText([
        /Claim raised/,
        /Inspection/,
        /Approved.*The cells are worn: a discount on a new battery\./,
      ]);
      // Staff are the service desk to the owner, never a name.
      await expect(ownerCard.getByTestId("claim-event").nth(2)).toContainText(
        "by the service desk",
      );
      await expect(ownerCard).not.toContainText(admin.name);
      await ownerPage.goto("/account#batteries");
      const mine = ownerPage.getByTestId("my-battery").filter({ hasText: registration.serial });
      await expect(mine.getByTestId("warranty-status")).toHaveText("Claim open");
      await expect(mine.getByTestId("claim-status")).toHaveText("Approved");
    });

    test("an admin types the serials when marking an order delivered: one taken elsewhere is refused, the order is delivered and the other battery listed as fitted", async ({
      page,
      admin,
    }) => {
      const customer = await createUser();
      const product = await createProduct({ tag: "FIT" });
      const taken = await createWarranty({ productId: product.id, serial: uniqueSerial("TK") });
      const { number } = await createOrder({
        userId: customer.id,
        productId: product.id,
        quantity: 2,
        status: "shipped",
        adminId: admin.id,
      });
      const [first, second] = [uniqueSerial("FA"), uniqueSerial("FB")];
      const label = (unit: number) => `Serial No. of ${product.model}, battery ${unit} of 2`;

      await page.goto(`/admin/order/${number}`);
      const serials = page.getByRole("group", {
        name: "Serial numbers of the batteries fitted (optional)",
      });
      await expect(serials.getByRole("textbox")).toHaveCount(2);
      await serials.getByLabel(label(1)).fill(taken.serial);
      await serials.getByLabel(label(2)).fill(second);
      await page.getByRole("button", { name: "Mark delivered" }).click();

      // Delivered all the same; the taken serial refused next to its field, as typed.
      await expect(page.getByTestId("order-status")).toHaveText("Delivered");
      const fitted = page.getByRole("region", { name: "Batteries fitted" });
      await expect(fitted.getByRole("alert")).toHaveText(
        `Order #${number} is delivered, but 1 serial number was not registered: see the field`,
      );
      const refused = fitted.getByLabel(label(1));
      await expect(refused).toHaveAttribute("aria-invalid", "true");
      await expect(refused).toHaveValue(taken.serial);
      await expect(fitted.getByText("This serial number is already registered")).toBeVisible();
      const battery = fitted.getByTestId("battery-fitted");
      await expect(battery).toHaveCount(1);
      await expect(battery).toContainText(label(2));
      await expect(battery.getByRole("link")).toHaveText(second);
      await expectNoSeriousA11yViolations(page);

      // The right serial, typed later.
      await refused.fill(first);
      await fitted.getByRole("button", { name: "Register serial numbers" }).click();
      await expect(page.getByText("1 battery registered for warranty")).toBeVisible();
      await expect(battery).toHaveCount(2);
      await expect(battery.first()).toContainText(label(1));
      await expect(battery.first().getByRole("link")).toHaveText(first);
      await expect(fitted.getByRole("textbox")).toHaveCount(0);

      await battery.first().getByRole("link").click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Battery ${first}`);
      await expect(page.getByRole("link", { name: `#${number}` })).toBeVisible();
      await expect(page.getByTestId("warranty-model")).toHaveText(product.model);
    });
  });
}

test("the claim desk works without JavaScript: the discount is asked once pro-rata is chosen, and checked by the server", async ({
  newVisitor,
  admin,
}) => {
  const page = await newVisitor({ user: admin, javaScriptEnabled: false });
  const owner = await createUser();
  const product = await createProduct({ tag: "NOJS" });
  const registration = await createWarranty({ productId: product.id, userId: owner.id });
  const centre = await createOutlet({ kind: "service_centre" });
  await createWarrantyClaim({ registrationId: registration.id, centreId: centre.id });

  await page.goto(`/admin/warranties/${registration.id}`);
  await page.getByRole("button", { name: /^Start inspection/ }).click();
  await expect(page.getByTestId("claim-status")).toHaveText("Inspection");
  const discount = page.getByLabel("Discount (₹)");
  await expect(discount).toBeHidden();
  await page.getByLabel("Pro-rata discount").check();
  await expect(discount).toBeVisible();
  await page.getByRole("button", { name: /^Approve/ }).click();
  await expect(page.getByText("Enter the discount in rupees, such as 1,200")).toBeVisible();
  await expect(page.getByLabel("Pro-rata discount")).toBeChecked();
  await expect(page.getByTestId("claim-status")).toHaveText("Inspection");
  await discount.fill("999.50");
  await page.getByRole("button", { name: /^Approve/ }).click();
  await expect(page.getByTestId("claim-outcome")).toHaveText(
    "Pro-rata discount: ₹999.50 off a new battery",
  );
  await page.getByRole("button", { name: /^Close claim/ }).click();
  await expect(page.getByTestId("claim-status")).toHaveText("Closed");
  await expect(page.getByTestId("claim-desk")).toHaveCount(0);
});
