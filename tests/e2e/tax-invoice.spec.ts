/**
 * Issue 24 in the browser: a business buyer checks out with its GSTIN, the admin marks the order
 * paid, and the customer downloads the tax invoice: the PDF's text shows its number, the GSTIN,
 * the HSN code, the taxes and the total. The printable page reads at a phone's and a desktop's
 * width, axe clean; the admin's cancellation issues a credit note.
 */
import { readFile } from "node:fs/promises";
import { pdfText } from "../helpers/pdf-text";
import { writeSettings } from "./control";
import { createProduct, createUser, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, fillDeliveryDetails, widths } from "./helpers";

const seller = {
  sellerLegalName: "UrjaCell Batteries Private Limited",
  sellerAddress: "14 Ashram Road\nNavrangpura, Ahmedabad 380009",
  sellerState: "Gujarat",
  sellerGstin: "24AAACC1206D1ZM",
} as const;

test("a business buyer's tax invoice: checkout with a GSTIN, paid by the admin, downloaded as PDF, printed at 375 and 1280 px, undone by a credit note", async ({
  page,
  customer: _,
  newVisitor,
  settingsChange: __,
}, testInfo) => {
  // Checkout, the back office, a download and two widths: longer than one page's test.
  test.setTimeout(120_000);
  await writeSettings(seller);
  // ₹5,499 for a car battery: 18 % GST inside, IGST to Maharashtra.
  const battery = await createProduct({
    tag: "GST",
    category: "car",
    pricePaise: 549_900,
    stock: 5,
  });
  await page.goto(`/oneprod/${battery.model}`);
  await page.getByRole("button", { name: `Add ${battery.model} to cart` }).click();
  await expect(page.getByText(`${battery.model} added to cart`)).toBeVisible();
  await page.goto("/cart");
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Checkout" });
  await fillDeliveryDetails(dialog);
  await dialog.getByText("Buying for a business? Add your GSTIN").click();
  // A typing mistake in the check character is refused next to the field; what was typed stays.
  await dialog.getByLabel("GSTIN (optional)").fill("27AAPFU0939F1ZW");
  await dialog.getByLabel("Legal name of the business").fill("Patel Transport LLP");
  await dialog.getByRole("button", { name: "Confirm Order" }).click();
  await expect(dialog.getByLabel("GSTIN (optional)")).toHaveAccessibleDescription(
    /last character does not match/,
  );
  await expect(dialog.getByLabel("Legal name of the business")).toHaveValue("Patel Transport LLP");
  await dialog.getByLabel("GSTIN (optional)").fill("27aapfu0939f1zv");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Confirm Order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/\d{5,}$/);
  const number = page.url().split("/").at(-1);
  await expect(page.getByTestId("order-business")).toHaveText(
    "Business: Patel Transport LLP, GSTIN 27AAPFU0939F1ZV",
  );

  const desk = await newVisitor({ user: await createUser({ role: "admin" }) });
  await desk.goto(`/admin/order/${number}`);
  await desk.getByRole("button", { name: "Mark paid" }).click();
  await expect(desk.getByTestId("order-status")).toHaveText("Paid");
  const adminInvoice = desk.getByRole("region", { name: "Invoice" });
  await expect(adminInvoice).toContainText(/Tax invoice UC\/\d{2}-\d{2}\/\d{6}/);

  await page.reload();
  const invoice = page.getByRole("region", { name: "Invoice" });
  const invoiceNumber = (await invoice.getByText(/UC\/\d{2}-\d{2}\/\d{6}/).textContent())?.match(
    /UC\/\d{2}-\d{2}\/\d{6}/,
  )?.[0];
  expect(invoiceNumber).toBeDefined();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    invoice.getByRole("link", { name: "Download invoice (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber?.replaceAll("/", "-")}.pdf`);
  const text = await pdfText(new Uint8Array(await readFile((await download.path()) as string)));
  expect(text).toContain(invoiceNumber);
  expect(text).toContain("27AAPFU0939F1ZV");
  expect(text).toContain("24AAACC1206D1ZM");
  expect(text).toContain("850710");
  // ₹5,499 = ₹4,660.17 taxable + ₹838.83 IGST (18 %).
  expect(text).toContain("4,660.17");
  expect(text).toContain("838.83");
  expect(text).toContain("5,499");
  expect(text).toContain("Rupees Five Thousand Four Hundred Ninety-Nine Only");

  for (const [size, width] of [
    ["phone", widths.phone],
    ["desktop", widths.desktop],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/account/orders/${number}/invoice`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Tax invoice ${invoiceNumber}`,
    );
    await expect(page.getByText("27AAPFU0939F1ZV")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`invoice-${size}.png`), fullPage: true });
  }
  // Printed, the page is the document alone: no header, footer or buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("tax-document")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("link", { name: "Download invoice (PDF)" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  // The admin cancels the paid order: a credit note against the invoice, on both pages.
  await desk.getByRole("button", { name: "Cancel order" }).click();
  await expect(desk.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(desk.getByRole("region", { name: "Invoice" })).toContainText(
    /Credit note CN\/\d{2}-\d{2}\/\d{6}/,
  );
  await page.goto(`/account/orders/${number}/credit-note`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Credit note CN\//);
  await expect(page.getByText(invoiceNumber as string).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
