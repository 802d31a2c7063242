/**
 * Issue 24, the accountant's month: the admin opens GST returns for a month with invoices paid in
 * it, sees each in its return table with the month's totals, downloads a section as the offline
 * tool's CSV, and is told a month that is not one next to the field; at a phone's width and a
 * desktop's. The store has no seller details here: its invoices are the demo store's.
 */
import { readFile } from "node:fs/promises";
import { createPaidOrder } from "./control";
import { createProduct, createUser, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

/** March 2031: a month of this spec's own (the suite's other orders are paid today). */
const MONTH = "2031-03";
const business = { gstin: "27AAPFU0939F1ZV", name: "Patel Transport LLP" };

test("the admin reads a month's GSTR-1 figures and downloads the B2B invoices as CSV", async ({
  page,
  admin,
  // The demo store's notice needs the seller's details unset: no test changes settings meanwhile.
  defaultSettings: _lock,
}, testInfo) => {
  const customer = await createUser();
  const battery = await createProduct({ tag: "GSTR", pricePaise: 1_234_550 });
  const invoice = await createPaidOrder({
    userId: customer.id,
    productId: battery.id,
    adminId: admin.id,
    quantity: 2,
    paidAt: "2031-03-12T11:00:00+05:30",
    state: "Gujarat",
    buyerGstin: business.gstin,
    buyerLegalName: business.name,
  });
  await createPaidOrder({
    userId: customer.id,
    productId: battery.id,
    adminId: admin.id,
    paidAt: "2031-03-20T16:00:00+05:30",
    state: "Kerala",
  });

  await page.setViewportSize({ width: widths.desktop, height: 900 });
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "GST returns" })
    .click();
  await expect(page.getByRole("heading", { name: "GST returns", level: 1 })).toBeVisible();

  // The month typed into the GET form.
  await page.getByLabel("Month", { exact: true }).fill(MONTH);
  await page.getByRole("button", { name: "Show figures" }).click();
  await expect(page).toHaveURL(/\/admin\/gst\?month=2031-03$/);
  await expect(page.getByRole("heading", { name: /^March 2031: \d+ documents$/ })).toBeVisible();
  await expect(page.getByTestId("gst-demo")).toContainText("the demo store's, not tax invoices");

  // The business's invoice in Table 4A: two batteries at ₹12,345.50, bill to Maharashtra.
  const b2b = page.getByRole("table", { name: "B2B invoices, March 2031" });
  const row = b2b.getByRole("row").filter({ hasText: invoice.invoiceNumber });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(business.gstin);
  await expect(row).toContainText(business.name);
  await expect(row).toContainText("27-Maharashtra");
  await expect(row).toContainText("12 Mar 2031");
  await expect(row).toContainText("₹24,691");
  await expect(row.getByRole("rowheader")).toHaveText(invoice.invoiceNumber);
  // The consumer in Kerala summed in Table 7; the HSN summary in its two tabs.
  const b2cs = page.getByRole("table", {
    name: "B2C small by place of supply and rate, March 2031",
  });
  await expect(b2cs.getByRole("rowheader", { name: "32-Kerala" })).toBeVisible();
  await expect(
    page.getByRole("table", { name: /^HSN summary, B2B tab/ }).getByRole("rowheader"),
  ).toHaveText(["850720"]);
  await expect(page.getByTestId("gst-net")).toContainText("Net for the month");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath("gst-returns-1280.png"), fullPage: true });

  // The B2B section as the offline tool's CSV.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV of B2B invoices" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("gstr1-2031-03-b2b.csv");
  const csv = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
  const [header, ...lines] = csv.trimEnd().split("\r\n");
  expect(header).toBe(
    "GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount",
  );
  // 24,691.00 inclusive of 18 %: taxable 24,691 x 100 / 118 = 20,924.58.
  expect(lines).toContain(
    `${business.gstin},${business.name},${invoice.invoiceNumber},12-Mar-2031,24691.00,27-Maharashtra,N,,Regular B2B,,18,20924.58,0.00`,
  );

  // A phone: the page fits, the tables scroll in their own focusable boxes.
  await page.setViewportSize({ width: widths.phone, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: /^March 2031: / })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    widths.phone,
  );
  const region = page.getByRole("region", { name: "B2B invoices, March 2031" });
  await expect(region).toHaveAttribute("tabindex", "0");
  await region.focus();
  await page.keyboard.press("ArrowRight");
  await expect(region).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath("gst-returns-375.png"), fullPage: true });

  // A month that is not one: 400, the error next to the field; a month with nothing issued.
  const refused = await page.goto("/admin/gst?month=2031-13");
  expect(refused?.status()).toBe(400);
  await expect(page.getByLabel("Month", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Month", { exact: true })).toHaveAccessibleDescription(
    "Choose a month as YYYY-MM, such as 2026-11",
  );
  await expectNoSeriousA11yViolations(page);
  await page.goto("/admin/gst?month=2031-06");
  await expect(page.getByTestId("gst-empty")).toHaveText(
    "No invoices or credit notes were issued in June 2031.",
  );
});
