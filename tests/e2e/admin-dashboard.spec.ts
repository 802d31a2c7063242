/**
 * Issue 25, the back office dashboard: its tiles, the 30-day chart with the same figures in a
 * table, and a tile of the work waiting that opens its filtered list, at a phone's width and a
 * desktop's, axe clean.
 */
import { createOrder } from "./control";
import { createProduct, createUser, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

for (const width of [widths.phone, widths.desktop]) {
  test.describe(`the dashboard at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("shows the tiles and the chart, reads the chart as a table, and opens the payments to verify", async ({
      page,
      admin,
    }, testInfo) => {
      const shopper = await createUser();
      const product = await createProduct({ tag: "DASH" });
      const { number } = await createOrder({
        userId: shopper.id,
        productId: product.id,
        adminId: admin.id,
      });

      await page.goto("/admin");
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      const tiles = page.getByTestId("dashboard-tile");
      await expect(tiles).toHaveCount(4);
      for (const label of ["Orders", "Revenue", "Customers", "Active products"]) {
        await expect(
          page.getByRole("heading", { level: 2, name: label, exact: true }),
        ).toBeVisible();
      }
      // Each change says in words what its arrow shows.
      await expect(tiles.first().getByTestId("tile-change")).toContainText(
        /(up|down) [\d,]+% on the previous 30 days|new: none on the previous 30 days|no change on the previous 30 days/,
      );

      const chart = page.getByRole("img", { name: "Revenue and orders per day, last 30 days" });
      await expect(chart).toBeVisible();
      const box = await chart.boundingBox();
      expect(box?.height).toBeGreaterThan(150);

      // The table: closed at first, opened by keyboard, 30 days with today's order in it.
      const table = page.getByTestId("dashboard-chart-table");
      await expect(table).toBeHidden();
      await page.getByText("Show as table").focus();
      await page.keyboard.press("Enter");
      await expect(table).toBeVisible();
      await expect(table.getByRole("columnheader")).toHaveText(["Day", "Orders", "Revenue"]);
      const rows = table.locator("tbody tr");
      await expect(rows).toHaveCount(30);
      const today = rows.last();
      await expect(today.getByRole("rowheader")).toHaveText(/\w{3}, \d{1,2} \w{3,4} \d{4}/);
      expect(
        Number((await today.getByRole("cell").first().textContent())?.replace(/,/g, "")),
      ).toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({
        path: testInfo.outputPath(`dashboard-${width}.png`),
        fullPage: true,
      });

      const csv = await page.request.get("/admin/dashboard/export");
      expect(csv.status()).toBe(200);
      const lines = (await csv.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(lines[0]).toBe("Day,Orders,Revenue (INR)");
      expect(lines).toHaveLength(31);

      const payments = page.getByRole("link", { name: /Payments to verify/ });
      await payments.click();
      await expect(page).toHaveURL(/\/admin\/order\?status=payment_pending$/);
      await expect(page.getByRole("link", { name: `#${number}` })).toBeVisible();
    });
  });
}
