import { createProduct, createPromoCode, createUser, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

/** Letters and digits no other test uses: the start of this test's codes, and its search. */
function uniqueRun() {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();
}

/** A day in India's time as an `<input type="date">` holds it ("2026-11-22"), `offset` days on. */
function indiaDay(offset = 0) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + offset * 24 * 60 * 60 * 1000));
}

/** Puts this battery in the shopper's cart and opens the cart. */
async function fillCart(shopper: Page, model: string) {
  await shopper.goto(`/oneprod/${model}`);
  await shopper.getByRole("button", { name: `Add ${model} to cart` }).click();
  await expect(shopper.getByTestId("cart-badge")).toHaveText("1");
  await shopper.goto("/cart");
  await expect(shopper.getByTestId("cart-line")).toHaveCount(1);
}

for (const width of [widths.phone, widths.desktop]) {
  test.describe(`admin promo codes at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("an admin adds a percent and a rupee code, edits and deactivates one, and the cart refuses it", async ({
      page,
      admin: _,
      newVisitor,
    }) => {
      // Two browsers and about twenty page loads.
      test.setTimeout(60_000);
      const run = uniqueRun();
      const percentCode = `PCT${run}`;
      const rupeeCode = `RS${run}`;
      const battery = await createProduct({ tag: "PROMO", pricePaise: 300_000 });

      // The list, searched down to this test's codes (other tests add theirs meanwhile).
      await page.goto("/admin/promo");
      await expect(page.getByRole("heading", { name: "Promo codes", level: 1 })).toBeVisible();
      await page.getByLabel("Search by code").fill(run);
      await page.getByLabel("Search by code").press("Enter");
      await expect(page).toHaveURL(new RegExp(`[?&]q=${run}`));
      await expect(page.getByTestId("promo-row")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      // A percentage over 100 and a last day before the first: each refused next to its
      // field, and what was typed stays.
      await page.getByRole("link", { name: "Add promo code" }).click();
      const add = page.getByRole("dialog", { name: "Add promo code" });
      await add.getByLabel("Code").fill(percentCode.toLowerCase());
      await add.getByLabel("Discount type").selectOption({ label: "Percent off" });
      await add.getByLabel("Discount", { exact: true }).fill("150");
      await add.getByLabel("First day").fill(indiaDay(0));
      await add.getByLabel("Last day").fill(indiaDay(-1));
      await add.getByRole("button", { name: "Add promo code" }).click();
      await expect(add.getByLabel("Discount", { exact: true })).toHaveAccessibleDescription(
        /^Enter a whole percentage from 1 to 100/,
      );
      await expect(add.getByLabel("Discount", { exact: true })).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expect(add.getByLabel("Last day")).toHaveAccessibleDescription(
        /^The last day cannot be before the first day/,
      );
      await expect(add.getByLabel("Discount", { exact: true })).toHaveValue("150");
      await expect(add.getByLabel("Last day")).toHaveValue(indiaDay(-1));
      await expect(add.getByLabel("Code")).toHaveValue(percentCode.toLowerCase());
      await expect(add.getByLabel("Code")).not.toHaveAttribute("aria-invalid", "true");
      await expectNoSeriousA11yViolations(page);

      // Put right, the code is added upper-case.
      await add.getByLabel("Discount", { exact: true }).fill("10");
      await add.getByLabel("Last day").fill(indiaDay(30));
      await add.getByRole("button", { name: "Add promo code" }).click();
      await expect(page.getByText(`Promo code ${percentCode} added`)).toBeVisible();
      await expect(add).toBeHidden();
      const percentRow = page.getByTestId("promo-row").filter({ hasText: percentCode });
      await expect(percentRow).toContainText("10%");
      await expect(percentRow).toContainText("Active");

      // A rupee code: an amount that is not rupees is refused, then ₹500 off from ₹2,000.
      await page.getByRole("link", { name: "Add promo code" }).click();
      await add.getByLabel("Code").fill(rupeeCode);
      await add.getByLabel("Discount type").selectOption({ label: "Amount off (₹)" });
      await add.getByLabel("Discount", { exact: true }).fill("five hundred");
      await add.getByLabel("Minimum subtotal (₹)").fill("2,000");
      await add.getByLabel("Usage limit").fill("50");
      await add.getByRole("button", { name: "Add promo code" }).click();
      await expect(add.getByLabel("Discount", { exact: true })).toHaveAccessibleDescription(
        /^Enter the amount off in rupees, such as 500/,
      );
      await expect(add.getByLabel("Minimum subtotal (₹)")).toHaveValue("2,000");
      await add.getByLabel("Discount", { exact: true }).fill("500");
      await add.getByRole("button", { name: "Add promo code" }).click();
      await expect(page.getByText(`Promo code ${rupeeCode} added`)).toBeVisible();
      const rupeeRow = page.getByTestId("promo-row").filter({ hasText: rupeeCode });
      await expect(rupeeRow).toContainText("₹500 off");
      await expect(page.getByTestId("promo-row")).toHaveCount(2);

      // Edit: the form shows the stored values (rupees as typed); ₹750 off is saved.
      await page.getByRole("link", { name: `Edit ${rupeeCode}` }).click();
      const edit = page.getByRole("dialog", { name: `Edit promo code ${rupeeCode}` });
      await expect(edit.getByLabel("Discount", { exact: true })).toHaveValue("500");
      await expect(edit.getByLabel("Discount type")).toHaveValue("fixed");
      await expect(edit.getByLabel("Usage limit")).toHaveValue("50");
      await expect(edit.getByLabel("Usage limit")).toHaveAccessibleDescription(/Not used yet\.$/);
      await edit.getByLabel("Discount", { exact: true }).fill("750");
      await edit.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText(`Promo code ${rupeeCode} saved`)).toBeVisible();
      await expect(rupeeRow).toContainText("₹750 off");

      // A shopper's ₹3,000 cart takes the edited code, in any case.
      const shopper = await newVisitor({ user: await createUser() });
      await fillCart(shopper, battery.model);
      await shopper.getByLabel("Promo code").fill(rupeeCode.toLowerCase());
      await shopper.getByRole("button", { name: "Apply" }).click();
      await expect(shopper.getByTestId("applied-promo")).toHaveText(rupeeCode);
      await expect(shopper.getByTestId("discount")).toHaveText("−₹750");
      await expect(shopper.getByTestId("total")).toHaveText("₹2,250");

      // Deactivating asks first: Cancel keeps the code, Deactivate stops it.
      await rupeeRow.getByRole("button", { name: `Deactivate ${rupeeCode}` }).click();
      const confirm = page.getByRole("dialog", {
        name: `Deactivate ${rupeeCode}? Shoppers will no longer be able to use it.`,
      });
      await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
      await expect(rupeeRow).toContainText("Active");
      await rupeeRow.getByRole("button", { name: `Deactivate ${rupeeCode}` }).click();
      await confirm.getByRole("button", { name: "Deactivate" }).click();
      await expect(
        page.getByText("Promo code deactivated: shoppers can no longer use it"),
      ).toBeVisible();
      await expect(rupeeRow).toContainText("Inactive");
      await expect(rupeeRow.getByRole("button", { name: `Reactivate ${rupeeCode}` })).toBeVisible();
      await expect(percentRow).toContainText("Active");
      await expectNoSeriousA11yViolations(page);

      // The shopper's cart drops the discount and says why; typed again, the code is refused.
      await shopper.reload();
      await expect(shopper.getByText("That promo code is not valid.")).toBeVisible();
      await expect(shopper.getByTestId("discount")).toHaveCount(0);
      await expect(shopper.getByTestId("total")).toHaveText("₹3,000");
      await shopper.getByRole("button", { name: `Remove promo code ${rupeeCode}` }).click();
      await shopper.getByLabel("Promo code").fill(rupeeCode);
      await shopper.getByRole("button", { name: "Apply" }).click();
      await expect(shopper.getByLabel("Promo code")).toHaveAccessibleDescription(
        "That promo code is not valid.",
      );
      await expect(shopper.getByLabel("Promo code")).toHaveValue(rupeeCode);
      await expect(shopper.getByTestId("total")).toHaveText("₹3,000");
      await expectNoSeriousA11yViolations(shopper);
    });
  });
}

test("without JavaScript an admin adds a code, and a taken code or a bad amount is refused by the server", async ({
  newVisitor,
}) => {
  const admin = await createUser({ role: "admin" });
  const page = await newVisitor({ user: admin, javaScriptEnabled: false });
  const run = uniqueRun();
  const taken = await createPromoCode({ code: `OLD${run}`, kind: "percent", amount: 5 });
  const code = `NOJS${run}`;

  await page.goto(`/admin/promo?q=${run}`);
  await expect(page.getByTestId("promo-row")).toHaveCount(1);
  await page.getByRole("link", { name: "Add promo code" }).click();
  await expect(page).toHaveURL(/[?&]add=1/);
  const add = page.getByRole("dialog", { name: "Add promo code" });
  await add.getByLabel("Code").fill(taken.code);
  await add.getByLabel("Discount type").selectOption({ label: "Amount off (₹)" });
  await add.getByLabel("Discount", { exact: true }).fill("-200");
  await add.getByLabel("Minimum subtotal (₹)").fill("1,500");
  await add.getByRole("button", { name: "Add promo code" }).click();
  // The server's answer: the page again, the errors next to their fields, the values kept.
  await expect(add.getByLabel("Discount", { exact: true })).toHaveAccessibleDescription(
    /^Enter the amount off in rupees, such as 500/,
  );
  await expect(add.getByLabel("Discount", { exact: true })).toHaveValue("-200");
  await expect(add.getByLabel("Discount type")).toHaveValue("fixed");
  await expect(add.getByLabel("Minimum subtotal (₹)")).toHaveValue("1,500");
  await add.getByLabel("Discount", { exact: true }).fill("200");
  await add.getByRole("button", { name: "Add promo code" }).click();
  await expect(add.getByLabel("Code")).toHaveAccessibleDescription(
    /^That code already exists: choose another, or edit the existing one/,
  );
  await expect(add.getByLabel("Code")).toHaveValue(taken.code);
  await expect(add.getByLabel("Discount", { exact: true })).toHaveValue("200");

  await add.getByLabel("Code").fill(code);
  await add.getByRole("button", { name: "Add promo code" }).click();
  await expect(page).not.toHaveURL(/[?&]add=1/);
  await expect(add).toHaveCount(0);
  const row = page.getByTestId("promo-row").filter({ hasText: code });
  await expect(row).toContainText("₹200 off");
  await expect(row).toContainText("Active");
  await expect(page.getByTestId("promo-row")).toHaveCount(2);
});
