/**
 * Issue 25, the audit log: an admin edits a product's price, opens the audit log, filters it by
 * record type (and the record's id, so other tests' entries stay out), and reads the price before
 * and after side by side, at a phone's width and a desktop's.
 */
import { createProduct, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

for (const width of [widths.phone, widths.desktop]) {
  test.describe(`the audit log at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("an admin's price change is in the log, the price before and after side by side", async ({
      page,
      admin: _,
    }) => {
      const product = await createProduct({ tag: "AUDIT", pricePaise: 549_900 });
      const { model } = product;

      await page.goto(`/admin/product?q=${model}`);
      await page.getByRole("link", { name: `Edit ${model}` }).click();
      const dialog = page.getByRole("dialog", { name: `Edit ${model}` });
      await dialog.getByLabel("Price (₹)").fill("4,999");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Product updated successfully!")).toBeVisible();

      // The back office's menu has it (on a phone, behind the menu button).
      await expect(page.locator('nav a[href="/admin/audit"]').first()).toBeAttached();
      await page.goto("/admin/audit");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit log");
      await page.getByLabel("Record type").selectOption("product");
      await page.getByLabel("Record ID").fill(String(product.id));
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/entity=product/);

      const row = page.getByTestId("audit-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("product.update");
      const price = row.getByTestId("audit-changes").getByRole("row", { name: /^price/ });
      await expect(price.getByRole("rowheader")).toHaveText("price");
      await expect(price.getByRole("cell")).toHaveText(["₹5,499", "→₹4,999"]);
      await expectNoSeriousA11yViolations(page);

      // The record's link opens the product's edit dialog.
      await row.getByRole("link", { name: String(product.id), exact: true }).click();
      await expect(page.getByRole("dialog", { name: `Edit ${model}` })).toBeVisible();
    });
  });
}
