import { createProduct, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";
import { latestMailTo, linkIn } from "./outbox";

function uniqueEmail(tag: string) {
  return `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;
}

/** Fills and sends the sign-up form (the page must be on it). */
async function fillSignUp(page: Page, email: string, password: string) {
  await page.getByLabel("Full Name").fill("Kavya Nair");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

/** Registers on /signup (reached from the home page): signed in at once, back home. */
async function signUpFromHome(page: Page, email: string, password: string) {
  await page.goto("/signup");
  await fillSignUp(page, email, password);
  await expect(page).toHaveURL("/");
  expect(page.url()).not.toContain(password);
  await expect(page.getByText("You are signed in")).toBeVisible();
}

test.describe("after sign-up (issue 21)", () => {
  for (const width of [widths.phone, widths.desktop]) {
    test(`the shopper is signed in and back on the product page they came from (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const product = await createProduct();
      await page.goto(`/oneprod/${product.model}`);
      // The header's Login (in the profile menu), then "Sign up" on the login page.
      await page.getByLabel(/^Account menu/).click();
      await page.getByRole("link", { name: "Login" }).click();
      await expect(page).toHaveURL(
        `/login?redirectTo=${encodeURIComponent(`/oneprod/${product.model}`)}`,
      );
      await page.getByRole("link", { name: "Sign up" }).click();
      const email = uniqueEmail(`back${width}`);
      await fillSignUp(page, email, "kavya-pass-2026");
      await expect(page).toHaveURL(`/oneprod/${product.model}`);
      await expect(page.getByText("You are signed in")).toBeVisible();
      await page.getByLabel(/^Account menu/).click();
      await expect(page.getByTestId("profile-identity")).toContainText(email);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("works without JavaScript too, and never leaves the store", async ({ newVisitor }) => {
    const page = await newVisitor({ javaScriptEnabled: false });
    await page.goto(`/signup?redirectTo=${encodeURIComponent("https://evil.example/")}`);
    const email = uniqueEmail("kavya.nojs");
    await fillSignUp(page, email, "kavya-pass-2027");
    await expect(page).toHaveURL("/");
    await page.getByLabel(/^Account menu/).click();
    await expect(page.getByTestId("profile-identity")).toContainText(email);
  });

  test("an address that is not an e-mail is not put into the login form", async ({ page }) => {
    await page.goto(`/login?email=${encodeURIComponent('"><b>hi</b>')}`);
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(page.getByLabel("Password")).not.toBeFocused();
  });
});

test.describe("e-mail verification", () => {
  for (const width of [375, 1280]) {
    test(`sign up, read the mail, follow the link: the account is verified (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const email = uniqueEmail(`verify${width}`);
      await signUpFromHome(page, email, "verify-pass-2026");
      await expect(page.getByText("We e-mailed you a link to verify your address")).toBeVisible();

      // Not verified yet: the account page says so and offers the link again.
      await page.goto("/account");
      await expect(page.getByText("Not verified yet")).toBeVisible();
      const section = page.getByRole("region", { name: "Verify your e-mail address" });
      await expect(section).toContainText(email);
      await expectNoSeriousA11yViolations(page);
      await section.getByRole("button", { name: "Send the link again" }).click();
      await expect(section.getByRole("status")).toContainText(`We sent a new link to ${email}`);

      // The mail's link verifies the address (either mail's: both links are good).
      const link = linkIn(await latestMailTo(email), "/verify-email?token=");
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "E-mail address verified" })).toBeVisible();
      await expect(page.getByRole("status")).toContainText("your e-mail address is verified");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await expectNoSeriousA11yViolations(page);

      await page.getByRole("link", { name: "Go to your account" }).click();
      await expect(page).toHaveURL("/account");
      await expect(page.getByText("Verified", { exact: true })).toBeVisible();
      await expect(page.getByRole("region", { name: "Verify your e-mail address" })).toHaveCount(0);

      // Opened again, the link says it was used.
      await page.goto(link);
      await expect(page.getByRole("status")).toContainText("This link has been used already");
    });
  }
});
