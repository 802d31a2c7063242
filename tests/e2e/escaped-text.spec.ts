/**
 * Stored text always renders as text (issue 27, "Nothing lost"): markup and script typed into the
 * store's forms by a shopper and by an admin come back on the pages that show them as the very
 * characters typed, never as elements, and no script of theirs runs (no dialog, no flag set, and
 * not even an inline script or handler the Content-Security-Policy had to stop).
 */
import { createBooking, createOutlet } from "./control";
import { createProduct, expect, type Page, test } from "./fixtures";
import { fillDeliveryDetails } from "./helpers";

/** Markup that would make an element (`#xss-img`), run a script and set a flag if it were HTML:
 * 79 characters, within the shortest field it goes in (a product's name, 80). */
const payload = `"><script>window.__xss=2</script><img id=xss-img src=x onerror=window.__xss=1>`;

/** Fails the test on any dialog; records CSP violations and the payload's flag in the page. */
async function watchForScripts(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      // Markup run as HTML would be an inline script or handler the policy stopped. (zod asks
      // once whether `new Function` works, an "eval" report of its own: not the payload's.)
      if (event.blockedURI === "inline") {
        w.__violations.push(`${event.violatedDirective} ${event.sample}`);
      }
    });
  });
  return dialogs;
}

/** The page shows the payload as text, made no element of it, and ran none of it. */
async function expectShownAsText(page: Page, dialogs: string[]) {
  await expect(page.getByText(payload).filter({ visible: true }).first()).toBeVisible();
  await expect(page.locator("#xss-img")).toHaveCount(0);
  const ran = await page.evaluate(() => {
    const w = window as unknown as { __xss?: number; __violations: string[] };
    return { flag: w.__xss ?? null, violations: w.__violations };
  });
  expect(ran).toEqual({ flag: null, violations: [] });
  expect(dialogs).toEqual([]);
}

test("a shopper's name, review and delivery address are shown as they were typed", async ({
  page,
  customer: _,
  defaultSettings: __,
}) => {
  test.setTimeout(60_000);
  const dialogs = await watchForScripts(page);
  const battery = await createProduct({ tag: "ESC", pricePaise: 300_000, stock: 5 });

  // The account's name: the account page and the header say it back.
  await page.goto("/account");
  await page.getByLabel("Full Name").fill(payload);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByLabel("Full Name")).toHaveValue(payload);
  await page.reload();
  await expectShownAsText(page, dialogs);

  // A review: the product page lists it under the name.
  await page.goto(`/oneprod/${battery.model}`);
  await page.getByLabel("4 stars").check();
  await page.getByLabel(/Your review/).fill(`${payload} Starts every morning.`);
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByTestId("review")).toContainText(`${payload} Starts every morning.`);
  await page.reload();
  await expectShownAsText(page, dialogs);

  // An order's delivery address: its page shows where it goes.
  await page.getByRole("button", { name: `Add ${battery.model} to cart` }).click();
  await expect(page.getByText(`${battery.model} added to cart`)).toBeVisible();
  await page.goto("/cart");
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const checkout = page.getByRole("dialog", { name: "Checkout" });
  await fillDeliveryDetails(checkout);
  await checkout.getByLabel("Area, street, sector, village").fill(payload);
  await checkout.getByRole("button", { name: "Confirm Order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/\d+$/);
  await page.reload();
  await expectShownAsText(page, dialogs);
});

test("an admin's product name, a visitor's message and a booking's name are shown as typed", async ({
  page,
  admin: _,
  newVisitor,
}) => {
  test.setTimeout(60_000);
  const dialogs = await watchForScripts(page);
  const battery = await createProduct({ tag: "ESCNAME" });

  // The admin names a product: its own page, and the back office's list, show the name.
  await page.goto(`/admin/product?q=${battery.model}`);
  await page.getByRole("link", { name: `Edit ${battery.model}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${battery.model}` });
  await edit.getByLabel("Name (optional)").fill(payload);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible();
  await page.goto(`/oneprod/${battery.model}`);
  await expectShownAsText(page, dialogs);

  // A visitor writes to the store: the back office's messages show it.
  const visitor = await newVisitor();
  const visitorDialogs = await watchForScripts(visitor);
  await visitor.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await visitor.goto("/contactus");
  await visitor.getByLabel("Full Name").fill(`Ravi ${battery.model}`);
  await visitor.getByLabel("Email").fill("ravi@example.in");
  await visitor.getByLabel("Message").fill(payload);
  await visitor.getByRole("button", { name: "Send Message" }).click();
  await expect(visitor.getByTestId("contact-thanks")).toBeVisible();
  expect(visitorDialogs).toEqual([]);
  await page.goto(`/admin/messages?q=${encodeURIComponent(`Ravi ${battery.model}`)}`);
  await expect(page.getByTestId("message-row")).toHaveCount(1);
  await expectShownAsText(page, dialogs);

  // A service booking in that name: the back office's bookings list shows it.
  const centre = await createOutlet({ kind: "service_centre", tag: "ESCAPE" });
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await createBooking({ outletId: centre.id, date: day, time: "10:00", name: payload });
  await page.goto(`/admin/bookings?centre=${centre.id}`);
  await expectShownAsText(page, dialogs);
});
