import { createProduct, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

for (const [label, width] of [
  ["phone", widths.phone],
  ["desktop", widths.desktop],
] as const) {
  test(`an admin imports product prices from CSV, skipping a bad row, on a ${label}`, async ({
    page,
    admin: _,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const good = await createProduct({ tag: "CSV", pricePaise: 450_000, mrpPaise: 450_000 });
    const bad = await createProduct({ tag: "CSV", pricePaise: 450_000, mrpPaise: 450_000 });
    const csv = `Model,Price (INR)\r\n${good.model},4800\r\n${bad.model},48OO\r\n`;

    await page.goto("/admin/product");
    await page.getByRole("link", { name: "Import CSV" }).click();
    const upload = page.getByRole("dialog", { name: "Import CSV" });
    await expect(upload.getByText("At most 5 MB and 10,000 rows")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await upload
      .getByLabel("CSV file")
      .setInputFiles({ name: "prices.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await upload.getByRole("button", { name: "Preview" }).click();

    const preview = page.getByRole("dialog", { name: "Import prices.csv" });
    await expect(preview.getByRole("status")).toContainText("1 change to existing records");
    const rows = preview.getByTestId("import-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(good.model);
    await expect(rows.nth(0)).toContainText("Price (INR): ₹4,500 → ₹4,800");
    await expect(rows.nth(1)).toContainText(bad.model);
    await expect(rows.nth(1)).toContainText("Price (INR): Enter a price in rupees");
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: `test-results/admin-import-preview-${label}.png`,
      fullPage: true,
    });

    // Nothing is written before the confirmation.
    await page.goto(`/oneprod/${good.model}`);
    await expect(page.getByText("₹4,500").first()).toBeVisible();
    await page.goBack();

    await page
      .getByRole("dialog", { name: "Import prices.csv" })
      .getByRole("button", { name: "Import 1 row" })
      .click();
    const done = page.getByRole("dialog", { name: "Import prices.csv" });
    await expect(done.getByRole("status")).toContainText("Imported.");
    await expect(done.getByRole("heading", { name: "Rows skipped" })).toBeVisible();
    await expect(done.getByTestId("import-row")).toHaveCount(1);
    await expect(done.getByTestId("import-row")).toContainText(bad.model);
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/oneprod/${good.model}`);
    await expect(page.getByText("₹4,800").first()).toBeVisible();
    await page.goto(`/oneprod/${bad.model}`);
    await expect(page.getByText("₹4,500").first()).toBeVisible();
  });
}
