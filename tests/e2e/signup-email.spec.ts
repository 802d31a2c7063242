import { expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./helpers";
import { latestMailTo, linkIn } from "./outbox";

function uniqueEmail(tag: string) {
  return `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;
}

/** Registers on /signup and checks the login page it lands on: the e-mail is filled in, the
 * cursor waits in Password, and the password is nowhere in the address. */
async function signUpAndLandOnLogin(page: Page, email: string, password: string) {
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill("Kavya Nair");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`);
  expect(page.url()).not.toContain(password);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toBeFocused();
}

test.describe("after sign-up", () => {
  test("the login form has the new e-mail and waits for the password", async ({ page }) => {
    const email = uniqueEmail("kavya");
    await signUpAndLandOnLogin(page, email, "kavya-pass-2026");
    await expect(page.getByText("Registration successful")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Typing goes straight into Password.
    await page.keyboard.type("kavya-pass-2026");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Login successful")).toBeVisible();
  });

  test("works without JavaScript too", async ({ newVisitor }) => {
    const page = await newVisitor({ javaScriptEnabled: false });
    const email = uniqueEmail("kavya.nojs");
    await signUpAndLandOnLogin(page, email, "kavya-pass-2027");
    await page.getByLabel("Password").fill("kavya-pass-2027");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL("/");
  });

  test("an address that is not an e-mail is not put into the form", async ({ page }) => {
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
      await signUpAndLandOnLogin(page, email, "verify-pass-2026");
      await expect(page.getByText("We e-mailed you a link to verify your address")).toBeVisible();
      await page.keyboard.type("verify-pass-2026");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL("/");

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
