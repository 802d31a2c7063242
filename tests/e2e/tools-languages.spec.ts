import { expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, hydrated, widths } from "./helpers";

/** The tools and the warranty desk in Hindi (/hi) and Gujarati (/gu) (issue 26). */

const guVoltage = (page: Page) => page.getByRole("textbox", { name: "આરામનો વોલ્ટેજ (V)" });

test.describe("the Battery Health Checker in Gujarati", () => {
  test("a visitor answers by keyboard alone and gets a Gujarati result", async ({ page }) => {
    await page.goto("/gu/battery-health");
    await hydrated(page, (await guVoltage(page).getAttribute("id")) ?? "");
    await expect(page.locator("html")).toHaveAttribute("lang", "gu-IN");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("બેટરી હેલ્થ ચેકર");

    await guVoltage(page).focus();
    await page.keyboard.type("12.7");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("બેટરીનું તાપમાન (°C, જરૂરી નથી)")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "બેટરી તપાસો" })).toBeFocused();
    await page.keyboard.press("Enter");

    const status = page.getByRole("status").filter({ has: page.getByTestId("health-verdict") });
    await expect(status).toContainText("બેટરી સારી હાલતમાં છે.");
    await expect(page.getByTestId("state-of-charge")).toHaveText("ચાર્જનો અંદાજ: 100%");
    await expect(page).toHaveURL("/gu/battery-health?voltage=12.7&temperature=");
    // The spec's threshold: just under 12.6 V is weak.
    await guVoltage(page).focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("12.59");
    await page.keyboard.press("Enter");
    await expect(status).toContainText("બેટરી નબળી છે, ચાર્જ કરી લો.");
    await expect(page.getByRole("link", { name: "યોગ્ય બેટરી શોધો" })).toHaveAttribute(
      "href",
      "/gu/findby",
    );

    // Not a voltage: the Gujarati error next to the field, which takes the focus.
    await guVoltage(page).focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("abc");
    await page.keyboard.press("Enter");
    await expect(guVoltage(page)).toBeFocused();
    await expect(guVoltage(page)).toHaveAccessibleDescription(/કૃપા કરીને સાચો વોલ્ટેજ લખો\./);
    await expect(page.getByTestId("health-verdict")).toHaveCount(0);
  });
});

test("on /hi/inverter-sizing a visitor sizes an inverter in Hindi", async ({ page }) => {
  await page.goto("/hi/inverter-sizing");
  const appliance = page.getByRole("combobox", { name: "उपकरण 1" });
  await hydrated(page, (await appliance.getAttribute("id")) ?? "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("इन्वर्टर बैटरी का साइज़");
  await appliance.selectOption("ceiling-fan");
  await expect(appliance.locator("option:checked")).toHaveText("छत का पंखा (75 W)");
  await page.getByRole("textbox", { name: "उपकरण 1 कितने" }).fill("2");
  await page.getByLabel("बैकअप के घंटे").fill("3");
  await page.getByRole("button", { name: "मेरी इन्वर्टर बैटरी का साइज़ निकालें" }).click();

  await expect(page.getByRole("heading", { name: "आपको क्या चाहिए" })).toBeFocused();
  await expect(page.getByTestId("sizing-battery")).toHaveText(/^कम से कम \d+ Ah की एक 12 V बैटरी$/);
  await expect(page.getByTestId("sizing-inverter")).toHaveText("200 VA या उससे बड़ा");
  await expect(page.getByTestId("sizing-load")).toHaveText("3 घंटे के लिए 150 W");
  await expect(page.getByTestId("sizing-result")).toContainText("2 × छत का पंखा (75 W) = 150 W");
  await expect(page).toHaveURL("/hi/inverter-sizing?appliance1=ceiling-fan&count1=2&hours=3");
});

test("on /hi/warranty the look-up form says a bad serial is wrong in Hindi", async ({ page }) => {
  await page.goto("/hi/warranty?tab=view");
  await expect(page.getByRole("link", { name: "रजिस्टर की हुई बैटरी देखें" }).first()).toHaveAttribute(
    "aria-current",
    "page",
  );
  const serial = page.getByRole("textbox", { name: "सीरियल नंबर" });
  await hydrated(page, (await serial.getAttribute("id")) ?? "");
  await serial.fill("AB1");
  await page.getByRole("textbox", { name: "मोबाइल नंबर" }).fill("9876543210");
  await page.getByRole("button", { name: "विवरण देखें" }).click();
  await expect(serial).toBeFocused();
  await expect(serial).toHaveAccessibleDescription(/सीरियल नंबर डालें: 6 से 20 अक्षर या अंक/);
  await expect(page).toHaveURL("/hi/warranty?tab=view");
});

// Every page on a phone (the tightest fit); on a desktop the widest form (the others' desktop
// layouts are checked in English, and the Hindi home at both widths in language.spec.ts).
for (const [device, width, paths] of [
  ["phone", widths.phone, ["/hi/warranty", "/gu/inverter-sizing", "/hi/blog"]],
  ["desktop", widths.desktop, ["/gu/inverter-sizing"]],
] as const) {
  for (const path of paths) {
    test(`on a ${device}: ${path} passes axe and fits the screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", /^(hi|gu)-IN$/);
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    });
  }
}
