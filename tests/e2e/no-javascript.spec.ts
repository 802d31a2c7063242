import { createProduct, createUser, expect, test } from "./fixtures";
import { latestMailTo, linkIn } from "./outbox";

/**
 * Every form works before (or without) JavaScript: a plain form post answered with a page. These
 * failed with a bare "Bad Request" while the store sent Referrer-Policy: no-referrer, which made
 * Chromium post the store's own forms with "Origin: null".
 */
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the shop's pages are no wider than a 375 px phone", async ({ page }) => {
    // Once failed on the home page: the carousel's screen-reader texts (position: absolute)
    // escaped its clipping box and made the page 1,493 px wide.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ["/", "/allproduct", "/oneprod/DRIVE-35L", "/findby", "/login"]) {
      await page.goto(path);
      expect
        .soft(await page.evaluate(() => document.documentElement.scrollWidth), path)
        .toBeLessThanOrEqual(375);
    }
  });

  test("log in with a wrong, then the right password", async ({ page }) => {
    const user = await createUser({ signedIn: false });
    await page.goto("/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("not-the-password-1");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("profile-identity")).toContainText(user.email);
  });

  test("sign up, and verify the address from the mailed link", async ({ page }) => {
    const email = `nojs-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`;
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("No Script");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("no-script-pass-1");
    await page.getByLabel("Confirm Password").fill("no-script-pass-1");
    await page.getByRole("button", { name: "Sign Up" }).click();
    // Signed in at once (issue 21).
    await expect(page).toHaveURL("/");
    await page.getByLabel(/^Account menu/).click();
    await expect(page.getByTestId("profile-identity")).toContainText(email);
    // The mailed link verifies the address.
    await page.goto(linkIn(await latestMailTo(email), "/verify-email?token="));
    await expect(page.getByRole("heading", { name: "E-mail address verified" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("your e-mail address is verified");
  });

  test("a link that is not valid offers a new one, sent with a plain form post", async ({
    newVisitor,
  }) => {
    const unverified = await createUser({ emailVerified: false });
    const page = await newVisitor({ user: unverified, javaScriptEnabled: false });
    await page.goto("/verify-email?token=not-a-real-token");
    await expect(page.getByRole("alert")).toContainText("This link is not valid");
    // Sent by the account page's form, which answers with the address's state.
    await page.getByRole("button", { name: "Send the link again" }).click();
    await expect(page).toHaveURL("/account");
    await expect(page.getByText("Not verified yet")).toBeVisible();
    await expect(page.getByRole("status")).toContainText(
      `We sent a new link to ${unverified.email}`,
    );
    expect(await latestMailTo(unverified.email)).toMatch(/verify-email\?token=/);
  });

  test("ask for a password reset link", async ({ page }) => {
    const user = await createUser({ signedIn: false });
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: /send/i }).click();
    await expect(page.getByRole("status")).toContainText("If an account exists for that e-mail");
    expect(await latestMailTo(user.email)).toMatch(/reset/i);
  });

  test("add to cart, and write a review", async ({ page, customer }) => {
    expect(customer.email).toBeTruthy();
    const product = await createProduct({ tag: "NOJS" });
    await page.goto(`/oneprod/${product.model}`);
    await page.getByRole("button", { name: `Add ${product.model} to cart` }).click();
    await expect(page).toHaveURL(`/oneprod/${product.model}`);
    await expect(page.getByRole("link", { name: /^Cart, 1 item$/ })).toBeVisible();

    await page.getByLabel("4 stars").check();
    await page.getByLabel(/Your review/).fill("Starts the car every cold morning.");
    await page.getByRole("button", { name: "Submit review" }).click();
    await expect(page.getByTestId("review")).toContainText("Starts the car every cold morning.");
  });

  test("change the password and stay signed in", async ({ page, customer }) => {
    await page.goto("/account");
    await page.getByLabel("Current password").fill(customer.password);
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-pass-2");
    await page.getByLabel("Confirm new password").fill("a-brand-new-pass-2");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password has been changed");
    await page.goto("/account");
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  });
});

test("a review of one 300-character word keeps a phone's page 375 px wide", async ({
  page,
  customer,
}) => {
  expect(customer.id).toBeTruthy();
  await page.setViewportSize({ width: 375, height: 800 });
  const product = await createProduct({ tag: "WRAP" });
  await page.goto(`/oneprod/${product.model}`);
  await page.getByLabel("5 stars").check();
  await page.getByLabel(/Your review/).fill("a".repeat(300));
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByTestId("review")).toContainText("a".repeat(300));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
