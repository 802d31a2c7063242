import { daysLeft, warrantyPeriods } from "~/features/warranty/warranty-dates";
import { addDays, formatDay, indiaDayOf } from "~/lib/india-time";
import { createOutlet } from "./control";
import { type ControlProduct, createProduct, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

const noMatch = "No registration matches this serial number and mobile number";

/** A serial no other test registers: 6-20 letters and digits. */
function newSerial(): string {
  return `WT${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
    .toUpperCase()
    .slice(0, 20);
}

/** A mobile number of this test's own, starting with 9. */
function newMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
}

type Battery = { serial: string; mobile: string; product: ControlProduct };

/** Fills in "Register Your Battery" for a battery bought today (India's day). */
async function fillRegistration(page: Page, battery: Battery, pincode = "380009") {
  await page.getByLabel("Serial No.").fill(battery.serial.toLowerCase());
  await page.getByLabel("Battery Model").selectOption(String(battery.product.id));
  await page.getByLabel("First Name").fill("Asha");
  await page.getByLabel("Last Name").fill("Patel");
  await page.getByLabel("Pin Code").fill(pincode);
  await page.getByLabel("Purchase Date").fill(indiaDayOf(new Date()));
  await page.getByLabel("Mobile Number").fill(`+91 ${battery.mobile}`);
}

/** The registration shows its model, the end of its warranty and the days left. */
async function expectRegistration(page: Page, battery: Battery) {
  const today = indiaDayOf(new Date());
  const { warrantyUntil } = warrantyPeriods(today, battery.product.warrantyMonths, 0);
  await expect(page.getByTestId("warranty-model")).toHaveText(battery.product.model);
  await expect(page.getByTestId("warranty-serial")).toHaveText(battery.serial);
  await expect(page.getByTestId("warranty-purchase")).toHaveText(formatDay(today));
  await expect(page.getByTestId("warranty-end")).toHaveText(formatDay(warrantyUntil));
  await expect(page.getByTestId("warranty-days-left")).toHaveText(
    `${daysLeft(warrantyUntil, today)} days`,
  );
}

/** Looks a battery up on the View tab (the tab already open). */
async function lookUp(page: Page, serial: string, mobile: string) {
  await page.getByLabel("Serial No.").fill(serial);
  await page.getByLabel("Mobile Number").fill(mobile);
  await page.getByRole("button", { name: "View Details" }).click();
}

async function newBattery(tag: string): Promise<Battery> {
  return { serial: newSerial(), mobile: newMobile(), product: await createProduct({ tag }) };
}

test.describe("warranty", () => {
  for (const [name, width] of Object.entries({ phone: widths.phone, desktop: widths.desktop })) {
    test(`on a ${name}: register a battery, look it up, and raise a claim with a slot`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      const battery = await newBattery("WARRANTY");
      const centre = await createOutlet({ kind: "service_centre", tag: "Warranty Centre" });
      // Two days ahead every slot of a centre open every day is still to come, whatever the hour.
      const day = addDays(indiaDayOf(new Date()), 2);

      await page.goto("/warranty");
      await expect(
        page.getByRole("heading", { level: 1, name: "Warranty Registration" }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Register Your Battery" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expectNoSeriousA11yViolations(page);
      await fillRegistration(page, battery);
      await page.getByLabel("I agree to receive warranty updates on WhatsApp/SMS").check();
      await page.getByRole("button", { name: "Register" }).click();
      await expect(page.getByRole("heading", { name: "Battery registered" })).toBeVisible();
      await expect(page.getByText(`Battery ${battery.serial} is registered`)).toBeVisible();
      await expectRegistration(page, battery);
      await expect(page.getByTestId("warranty-status")).toHaveText("Active");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );

      // The View tab: a wrong mobile is refused with the one sentence, the typed values kept.
      await page.getByRole("link", { name: "View Registered Battery" }).first().click();
      await expect(page).toHaveURL("/warranty?tab=view");
      await expectNoSeriousA11yViolations(page);
      await lookUp(page, battery.serial, "9000000001");
      await expect(page.getByRole("alert")).toHaveText(noMatch);
      await expect(page.getByLabel("Serial No.")).toHaveValue(battery.serial);
      await expect(page.getByLabel("Mobile Number")).toHaveValue("9000000001");
      await lookUp(page, battery.serial, battery.mobile);
      await expect(page.getByRole("heading", { name: "Your battery" })).toBeVisible();
      await expectRegistration(page, battery);

      // A claim, inspected at a slot of the chosen centre.
      await page.getByRole("link", { name: "Raise a claim" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Raise a warranty claim" }),
      ).toBeVisible();
      await page.getByLabel("Low backup").check();
      await page.getByLabel("Service centre").selectOption(String(centre.id));
      await expect(page).toHaveURL(new RegExp(`[?&]centreId=${centre.id}(&|$)`));
      await page.getByLabel("Day").fill(day);
      await expect(page).toHaveURL(new RegExp(`[?&]date=${day}(&|$)`));
      await expect(page.getByText(`Time on ${formatDay(day)}`)).toBeVisible();
      // With JavaScript the slots follow the centre and day: no "Show times" to press.
      await expect(page.getByRole("button", { name: "Show times" })).toHaveCount(0);
      await expect(page.getByLabel("Low backup")).toBeChecked();
      await page.getByRole("radio", { name: /^10:00 am/ }).check();
      await page.getByLabel("E-mail", { exact: true }).fill("asha@example.in");
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: "Raise claim" }).click();

      await expect(page).toHaveURL(/\/warranty\/\d+\?pass=/);
      await expect(page.locator("[data-sonner-toast]")).toContainText(
        /Claim WC-[A-Z2-9]{8} raised/,
      );
      const claim = page.getByTestId("claim");
      await expect(claim.getByTestId("claim-status")).toHaveText("Submitted");
      await expect(claim.getByTestId("claim-slot")).toContainText(`${formatDay(day)} at 10:00 am`);
      await expect(claim.getByTestId("claim-event")).toHaveText([/^Claim raised/]);
      await expect(page.getByTestId("warranty-status")).toHaveText("Claim open");
      await expect(page.getByRole("link", { name: "Raise a claim" })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    });
  }

  test("without JavaScript: a refused field, then registered, looked up and claimed with Show times", async ({
    newVisitor,
  }) => {
    test.setTimeout(60_000);
    const page = await newVisitor({ javaScriptEnabled: false });
    await page.setViewportSize({ width: widths.phone, height: 800 });
    const battery = await newBattery("NOJS-WRTY");
    const centre = await createOutlet({ kind: "service_centre", tag: "Plain Centre" });
    const day = addDays(indiaDayOf(new Date()), 3);

    await page.goto("/warranty");
    await fillRegistration(page, battery, "012345");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByLabel("Pin Code")).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.getByText("Enter a 6-digit pin code that does not start with 0"),
    ).toBeVisible();
    await expect(page.getByLabel("Serial No.")).toHaveValue(battery.serial.toLowerCase());
    await expect(page.getByLabel("Battery Model")).toHaveValue(String(battery.product.id));
    await page.getByLabel("Pin Code").fill("380009");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("heading", { name: "Battery registered" })).toBeVisible();
    await expectRegistration(page, battery);

    await page.getByRole("link", { name: "View Registered Battery" }).first().click();
    await expect(page).toHaveURL("/warranty?tab=view");
    await lookUp(page, battery.serial, battery.mobile);
    await expectRegistration(page, battery);
    await page.getByRole("link", { name: "Raise a claim" }).click();

    // Show times reloads the page for the centre and day chosen, the typed values kept.
    await page.getByLabel("Swollen or leaking").check();
    await page.getByLabel("Details").fill("Bulging on one side");
    await page.getByLabel("Service centre").selectOption(String(centre.id));
    await page.getByLabel("Day").fill(day);
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]date=${day}(&|$)`));
    await expect(page).toHaveURL(/[?&]pass=/);
    await expect(page.getByText(`Time on ${formatDay(day)}`)).toBeVisible();
    await expect(page.getByLabel("Swollen or leaking")).toBeChecked();
    await expect(page.getByLabel("Details")).toHaveValue("Bulging on one side");
    await expect(page.getByLabel("Service centre")).toHaveValue(String(centre.id));
    await page.getByRole("radio", { name: /^11:00 am/ }).check();
    await page.getByLabel("E-mail", { exact: true }).fill("plain@example.in");
    await page.getByRole("button", { name: "Raise claim" }).click();
    await expect(page).toHaveURL(/\/warranty\/\d+\?pass=/);
    await expect(page.getByRole("status").filter({ hasText: /Claim WC-/ })).toBeVisible();
    await expect(page.getByTestId("claim-slot")).toContainText(`${formatDay(day)} at 11:00 am`);
    await expect(page.getByTestId("claim-event")).toHaveText([/^Claim raised/]);
  });
});

test.describe("warranty by keyboard", () => {
  // Chromium's date field here takes the month, the day, then the year.
  test.use({ locale: "en-US" });

  test("by keyboard alone: register, then look the battery up", async ({ page }) => {
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    const battery = await newBattery("KEYS-WRTY");
    await page.goto("/warranty");
    const registerTab = page.getByRole("link", { name: "Register Your Battery" });
    await registerTab.focus();
    const tabTo = async (label: string) => {
      await page.keyboard.press("Tab");
      await expect(page.getByLabel(label, { exact: true })).toBeFocused();
    };
    // The tabs, then the form's fields in order.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "View Registered Battery" })).toBeFocused();
    await tabTo("Serial No.");
    await page.keyboard.type(battery.serial);
    await tabTo("Battery Model");
    // Typing a closed select's option picks it (the list holds every test's products).
    await page.keyboard.type(battery.product.model);
    await expect(page.getByLabel("Battery Model", { exact: true })).toHaveValue(
      String(battery.product.id),
    );
    await tabTo("First Name");
    await page.keyboard.type("Asha");
    await tabTo("Last Name");
    await page.keyboard.type("Patel");
    await tabTo("Pin Code");
    await page.keyboard.type("380009");
    await tabTo("Purchase Date");
    const [year, month, dayOfMonth] = indiaDayOf(new Date()).split("-");
    await page.keyboard.type(`${month}${dayOfMonth}${year}`);
    await expect(page.getByLabel("Purchase Date")).toHaveValue(indiaDayOf(new Date()));
    // Tab walks through the date's parts (day, year) before leaving the field.
    const mobile = page.getByLabel("Mobile Number", { exact: true });
    for (
      let i = 0;
      i < 4 && !(await mobile.evaluate((el) => el === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press("Tab");
    }
    await expect(mobile).toBeFocused();
    await page.keyboard.type(battery.mobile);
    await tabTo("E-mail (optional)");
    await tabTo("I agree to receive warranty updates on WhatsApp/SMS");
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Register" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Battery registered" })).toBeVisible();
    await expectRegistration(page, battery);

    const viewTab = page.getByRole("link", { name: "View Registered Battery" }).first();
    await viewTab.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/warranty?tab=view");
    // The address changes before the page does: Tab only once the look-up form is there, from
    // its tab (a Tab pressed in between walked the register form going away).
    await expect(page.getByLabel("Battery Model", { exact: true })).toHaveCount(0);
    await expect(viewTab).toHaveAttribute("aria-current", "page");
    await viewTab.focus();
    await tabTo("Serial No.");
    await page.keyboard.type(battery.serial);
    await tabTo("Mobile Number");
    await page.keyboard.type(battery.mobile);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Your battery" })).toBeVisible();
    await expectRegistration(page, battery);
  });
});
