import { expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./helpers";
import { latestMailTo, linkIn } from "./outbox";

const admin = { email: "admin@urjacell.in", password: "UrjaAdmin@2026" };

function uniqueEmail(tag: string) {
  return `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;
}

async function register(page: Page, name: string, email: string, password: string) {
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/login/);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Logs in and waits until the store has taken the session (left the login page). */
async function logInAs(page: Page, email: string, password: string) {
  await logIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

async function openProfileMenu(page: Page) {
  await page.getByLabel(/^Account menu/).click();
}

test.describe("accounts", () => {
  test("register, log in, see the name in the header, log out", async ({ page }) => {
    const email = uniqueEmail("meera");
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Register" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Bad input first: every rule shows next to its field and the typed values stay.
    await page.getByLabel("Full Name").fill("Meera Iyer");
    await page.getByLabel("Email").fill("meera-at-example");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm Password").fill("different");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
    await expect(page.getByText("Use at least 8 characters")).toBeVisible();
    await expect(page.getByText("The passwords do not match")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Meera Iyer");
    await expect(page).toHaveURL(/\/signup/);

    await register(page, "Meera Iyer", email, "meera-pass-2026");
    await expect(page.getByText("Registration successful")).toBeVisible();

    // The same e-mail cannot register twice.
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Someone Else");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("another-pass-1");
    await page.getByLabel("Confirm Password").fill("another-pass-1");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("An account with this e-mail already exists")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Someone Else");

    await page.goto("/login");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please fill in every field");

    await logIn(page, email, "wrong-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue(email);

    await logIn(page, email, "meera-pass-2026");
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Login successful")).toBeVisible();
    await openProfileMenu(page);
    const identity = page.getByTestId("profile-identity");
    await expect(identity).toContainText("Meera Iyer");
    await expect(identity).toContainText(email);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByText("You have signed out")).toBeVisible();
    await openProfileMenu(page);
    await expect(page.getByText("Please sign in")).toBeVisible();
    await page.goto("/account");
    await expect(page).toHaveURL("/login?redirectTo=%2Faccount");
  });

  test("forgot password: the mailed link sets a new password once; the old one stops working", async ({
    page,
  }) => {
    const email = uniqueEmail("kiran");
    await register(page, "Kiran Rao", email, "old-password-1");

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    // The login page has an Email field too: wait for the forgot page before typing.
    await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account exists for that e-mail");

    // An unknown address gets the very same answer.
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account exists for that e-mail");

    const link = linkIn(await latestMailTo(email), "/reset-password?token=");
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("new-password-2");
    await page.getByLabel("Confirm new password").fill("new-password-2");
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page).toHaveURL("/login");

    await logIn(page, email, "old-password-1");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await logIn(page, email, "new-password-2");
    await expect(page).toHaveURL("/");

    // The link works once.
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("third-password-3");
    await page.getByLabel("Confirm new password").fill("third-password-3");
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page.getByRole("alert")).toContainText("invalid or has expired");
  });

  test("a plain user opening /admin gets 403", async ({ page }) => {
    const email = uniqueEmail("plain");
    await register(page, "Plain Customer", email, "plain-pass-123");
    await logInAs(page, email, "plain-pass-123");
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(
      page.getByRole("heading", { name: "You do not have access to this page" }),
    ).toBeVisible();
    expect((await page.goto("/admin/user"))?.status()).toBe(403);
  });

  test("signed out, /admin sends to log in and back", async ({ page }) => {
    await page.goto("/admin/user");
    await expect(page).toHaveURL("/login?redirectTo=%2Fadmin%2Fuser");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL("/admin/user");
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  });

  test("an admin adds a user, who sets a password from the mail, and changes a role", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("staff");
    await logInAs(page, admin.email, admin.password);
    await page.goto("/admin/user");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: "Add user" }).click();
    const dialog = page.getByRole("dialog", { name: "Add user" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(dialog.getByText("Enter your full name")).toBeVisible();
    await dialog.getByLabel("Full Name").fill("Sunil Verma");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption("user");
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(page.getByText(`User added. We e-mailed ${email}`)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByLabel("Search by name or e-mail").fill("sunil");
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByTestId("user-row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Active");

    await row.getByLabel("Role of Sunil Verma", { exact: true }).selectOption("admin");
    await row.getByRole("button", { name: "Change role of Sunil Verma" }).click();
    await expect(page.getByText("Role changed")).toBeVisible();
    await page.getByLabel("Role", { exact: true }).selectOption("admin");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("user-row").filter({ hasText: email })).toHaveCount(1);

    // The admin cannot remove their own admin role.
    await page.goto(`/admin/user?q=${encodeURIComponent(admin.email)}`);
    const own = page.getByTestId("user-row").filter({ hasText: admin.email });
    await own.getByRole("combobox", { name: /^Role of/ }).selectOption("user");
    await own.getByRole("button", { name: /^Change role of/ }).click();
    await expect(page.getByRole("alert")).toHaveText("You cannot remove your own admin role");

    // The new user sets a password from the mail and lands as an admin.
    const link = linkIn(await latestMailTo(email), "/reset-password?token=");
    const other = await browser.newContext();
    const newcomer = await other.newPage();
    await newcomer.goto(link);
    await expect(newcomer.getByRole("heading", { name: "Set your password" })).toBeVisible();
    await newcomer.getByLabel("New password", { exact: true }).fill("sunil-pass-2026");
    await newcomer.getByLabel("Confirm new password").fill("sunil-pass-2026");
    await newcomer.getByRole("button", { name: "Save password" }).click();
    await expect(newcomer).toHaveURL("/login");
    await logInAs(newcomer, email, "sunil-pass-2026");
    expect((await newcomer.goto("/admin"))?.status()).toBe(200);
    await other.close();
  });

  test("account page: change name, and a wrong current password is refused", async ({ page }) => {
    const email = uniqueEmail("anil");
    await register(page, "Anil Kumar", email, "anil-pass-123");
    await logInAs(page, email, "anil-pass-123");
    await page.getByLabel(/^Account menu/).click();
    await page.getByRole("link", { name: "View Profile" }).click();
    await expect(page).toHaveURL("/account");
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Full Name").fill("Anil K. Sharma");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your name has been updated" }),
    ).toBeVisible();
    await page.getByLabel(/^Account menu/).click();
    await expect(page.getByTestId("profile-identity")).toContainText("Anil K. Sharma");
    await page.keyboard.press("Escape");

    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("anil-new-pass-1");
    await page.getByLabel("Confirm new password").fill("anil-new-pass-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The current password is not correct")).toBeVisible();
  });
});
