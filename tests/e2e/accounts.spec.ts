import { createUser, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./helpers";
import { latestMailTo, linkIn } from "./outbox";

/** The demo admin the store seeds on first start (playwright.config.ts sets these). */
const demoAdmin = { email: "admin@urjacell.in", password: "UrjaAdmin@2026" };

function uniqueEmail(tag: string) {
  return `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;
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

/** Sets a password on the page a mailed reset or welcome link opened. */
async function setPassword(page: Page, password: string) {
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm new password").fill(password);
  await page.getByRole("button", { name: "Save password" }).click();
}

test.describe("accounts", () => {
  test("sign-up shows every rule next to its field and refuses an e-mail already registered", async ({
    page,
  }) => {
    const existing = await createUser({ signedIn: false });
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Register" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Bad input: every rule shows next to its field and the typed values stay.
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

    // The same e-mail cannot register twice.
    await page.getByLabel("Full Name").fill("Someone Else");
    await page.getByLabel("Email").fill(existing.email);
    await page.getByLabel("Password", { exact: true }).fill("another-pass-1");
    await page.getByLabel("Confirm Password").fill("another-pass-1");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("An account with this e-mail already exists")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Someone Else");
  });

  // The customer's typed-in login journey; every other test signs in through the fixtures.
  test("register, log in, see the name in the header, log out", async ({ page }) => {
    const email = uniqueEmail("meera");
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Meera Iyer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("meera-pass-2026");
    await page.getByLabel("Confirm Password").fill("meera-pass-2026");
    await page.getByRole("button", { name: "Sign Up" }).click();
    // Signed in at once (issue 21); signed out to type the login by hand.
    await expect(page).toHaveURL("/");
    await expect(page.getByText("You are signed in")).toBeVisible();
    await openProfileMenu(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");

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
    const kiran = await createUser({ name: "Kiran Rao", signedIn: false });

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    // The login page has an Email field too: wait for the forgot page before typing.
    await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
    await page.getByLabel("Email").fill(kiran.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account exists for that e-mail");

    // An unknown address gets the very same answer.
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account exists for that e-mail");

    const link = linkIn(await latestMailTo(kiran.email), "/reset-password?token=");
    await page.goto(link);
    await setPassword(page, "new-password-2");
    await expect(page).toHaveURL("/login");

    // The password itself is what is checked here, so through the login form.
    await logIn(page, kiran.email, kiran.password);
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await logIn(page, kiran.email, "new-password-2");
    await expect(page).toHaveURL("/");

    // The link works once: opened again, it says so at once, with no form to fill in.
    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("invalid or has expired");
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Need a new link?" })).toBeVisible();
  });

  test("a plain user opening /admin gets 403", async ({ page, customer: _ }) => {
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(
      page.getByRole("heading", { name: "You do not have access to this page" }),
    ).toBeVisible();
    expect((await page.goto("/admin/user"))?.status()).toBe(403);
  });

  // The admin's typed-in login journey, as the seeded demo admin (only this test signs in as it).
  test("signed out, /admin sends to log in and back", async ({ page }) => {
    await page.goto("/admin/user");
    await expect(page).toHaveURL("/login?redirectTo=%2Fadmin%2Fuser");
    await page.getByLabel("Email").fill(demoAdmin.email);
    await page.getByLabel("Password").fill(demoAdmin.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL("/admin/user");
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  });
});

test.describe("admin users", () => {
  test("an admin adds a user from the dialog, and the list shows them as active", async ({
    page,
    admin: _,
  }) => {
    const email = uniqueEmail("sunil");
    await page.goto("/admin/user");
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: "Add user" }).click();
    const dialog = page.getByRole("dialog", { name: "Add user" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(dialog.getByText("Enter their full name")).toBeVisible();
    await dialog.getByLabel("Full Name").fill("Sunil Verma");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption("user");
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(page.getByText(`User added. We e-mailed ${email}`)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByLabel("Search by name or e-mail").fill("sunil");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=sunil/);
    const row = page.getByTestId("user-row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Active");
    await expect(row.getByLabel("Role of Sunil Verma", { exact: true })).toHaveValue("user");
  });

  test("a user added by an admin sets a password from the mail and signs in with the role given", async ({
    page,
    admin: _,
    newVisitor,
  }) => {
    const email = uniqueEmail("staff");
    await page.goto("/admin/user?add=1");
    const dialog = page.getByRole("dialog", { name: "Add user" });
    await dialog.getByLabel("Full Name").fill("Farah Khan");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption("admin");
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(page.getByText(`User added. We e-mailed ${email}`)).toBeVisible();

    // The newcomer, in a browser of their own, sets a password from the mail and lands as an admin.
    const link = linkIn(await latestMailTo(email), "/reset-password?token=");
    const newcomer = await newVisitor();
    await newcomer.goto(link);
    await expect(newcomer.getByRole("heading", { name: "Set your password" })).toBeVisible();
    await setPassword(newcomer, "farah-pass-2026");
    await expect(newcomer).toHaveURL("/login");
    await logInAs(newcomer, email, "farah-pass-2026");
    expect((await newcomer.goto("/admin"))?.status()).toBe(200);
  });

  test("an admin changes a user's role, and that user can then open the admin", async ({
    page,
    admin: _,
    newVisitor,
  }) => {
    const sunita = await createUser({ name: "Sunita Rao" });
    const theirPage = await newVisitor({ user: sunita });
    expect((await theirPage.goto("/admin"))?.status()).toBe(403);

    await page.goto(`/admin/user?q=${encodeURIComponent(sunita.email)}`);
    const row = page.getByTestId("user-row").filter({ hasText: sunita.email });
    await row.getByLabel("Role of Sunita Rao", { exact: true }).selectOption("admin");
    await row.getByRole("button", { name: "Change role of Sunita Rao" }).click();
    // Making someone an admin asks first, in the store's own dialog.
    const confirm = page.getByRole("dialog", { name: /^Make Sunita Rao an admin\?/ });
    await confirm.getByRole("button", { name: "Make admin" }).click();
    await expect(page.getByText("Role changed")).toBeVisible();

    // The role filter now finds them among the admins and no longer among the users (each
    // check tells the new list from the one before it).
    const roleFilter = page.getByLabel("Role", { exact: true });
    await roleFilter.selectOption("user");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No users match these filters.")).toBeVisible();
    await roleFilter.selectOption("admin");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("user-row").filter({ hasText: sunita.email })).toHaveCount(1);
    await expect(page).toHaveURL(/role=admin/);

    expect((await theirPage.goto("/admin"))?.status()).toBe(200);
  });

  test("an admin cannot remove their own admin role", async ({ page, admin }) => {
    await page.goto(`/admin/user?q=${encodeURIComponent(admin.email)}`);
    const own = page.getByTestId("user-row").filter({ hasText: admin.email });
    // Their own row offers no role change, and no ban.
    await expect(own).toContainText("Admin");
    await expect(own.getByRole("combobox", { name: /^Role of/ })).toHaveCount(0);
    await expect(own.getByRole("button", { name: /^Ban / })).toHaveCount(0);
    // A hand-made post is refused by the server all the same, and nothing is stored.
    const post = await page.request.post("/admin/user", {
      form: { intent: "role", userId: admin.id, role: "user" },
    });
    expect(post.status()).toBe(403);
    await page.reload();
    await expect(own.getByRole("combobox", { name: /^Role of/ })).toHaveCount(0);
    await expect(own).toContainText("Admin");
  });
});

test.describe("account page", () => {
  test("change name, and a wrong current password is refused", async ({ page, customer }) => {
    await page.goto("/");
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
    await expect(page.getByTestId("profile-identity")).toContainText(customer.email);
    await page.keyboard.press("Escape");

    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("anil-new-pass-1");
    await page.getByLabel("Confirm new password").fill("anil-new-pass-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The current password is not correct")).toBeVisible();

    // Longer than any password can be: refused next to its field, what was typed stays.
    const tooLong = "x".repeat(129);
    await page.getByLabel("Current password").fill(tooLong);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByLabel("Current password")).toHaveAccessibleDescription(
      "The current password is not correct",
    );
    await expect(page.getByLabel("Current password")).toHaveValue(tooLong);
    await expect(page.getByLabel("New password", { exact: true })).toHaveValue("anil-new-pass-1");
  });
});
