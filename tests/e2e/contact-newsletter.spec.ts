import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";
import { latestMailTo, linkIn } from "./outbox";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("contact us", () => {
  test.use({ viewport: { width: widths.phone, height: 800 } });

  test("a visitor sends a message, staff find it and mark it handled", async ({
    page,
    newVisitor,
    admin: _,
  }) => {
    const visitor = await newVisitor();
    await visitor.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await visitor.goto("/contactus");
    await expect(visitor.getByRole("heading", { name: "Contact Us", level: 1 })).toBeVisible();
    // The robots' trap is out of sight and out of the keyboard's way.
    await expect(visitor.locator("input[name=website]")).not.toBeInViewport();
    await expect(visitor.locator("input[name=website]")).toHaveAttribute("tabindex", "-1");

    // Required fields first: the errors are next to them and nothing is sent.
    await visitor.getByRole("button", { name: "Send Message" }).click();
    await expect(visitor.getByText("Enter your full name")).toBeVisible();

    const name = `Ravi ${unique()}`;
    await visitor.getByLabel("Full Name").fill(name);
    await visitor.getByLabel("Email").fill("ravi@example.in");
    await visitor.getByLabel("Message").fill("Do you fit inverter batteries at home?");
    await expectNoSeriousA11yViolations(visitor);
    await visitor.getByRole("button", { name: "Send Message" }).click();
    await expect(visitor.getByTestId("contact-thanks")).toContainText("Thank you for writing");

    await page.goto(`/admin/messages?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId("message-row").filter({ hasText: name });
    await expect(row).toContainText("Do you fit inverter batteries at home?");
    await row.getByRole("button", { name: /Mark handled/ }).click();
    await expect(page.getByText("Message marked handled")).toBeVisible();
    await expect(page.getByTestId("message-row").filter({ hasText: name })).toHaveCount(0);
  });

  test("works without JavaScript", async ({ newVisitor }) => {
    const visitor = await newVisitor({ javaScriptEnabled: false });
    await visitor.goto("/contactus");
    await visitor.getByLabel("Full Name").fill("Plain Form");
    await visitor.getByLabel("Email").fill("plain@example.in");
    await visitor.getByRole("button", { name: "Send Message" }).click();
    await expect(visitor.getByTestId("contact-thanks")).toBeVisible();
  });
});

test.describe("the newsletter", () => {
  test.use({ viewport: { width: widths.desktop, height: 900 } });

  test("subscribes from the footer once the mail's link is confirmed, refuses a bad address, and the welcome's link unsubscribes", async ({
    page,
  }) => {
    const email = `news-${unique()}@example.in`;
    await page.goto("/allproduct");
    const box = page.getByLabel("Newsletter e-mail");
    await box.fill("not-an-address");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
    await box.fill(email.toUpperCase());
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Almost done: confirm with the link")).toBeVisible();
    await expect(page).toHaveURL(/\/allproduct$/);

    const ask = await latestMailTo(email, "/newsletter/confirm");
    await page.goto(linkIn(ask.slice(ask.indexOf("\n\n")), "/newsletter/confirm"));
    await expect(page.getByText(/offers to ne\*\*\*@example\.in/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByTestId("subscribed")).toContainText("You are subscribed");

    const welcome = await latestMailTo(email, "List-Unsubscribe");
    // The body's link (the List-Unsubscribe header above it carries the same one, in <>).
    expect(welcome).toMatch(/^List-Unsubscribe:\s+<http.+\/newsletter\/unsubscribe\?token=/m);
    const link = linkIn(welcome.slice(welcome.indexOf("\n\n")), "/newsletter/unsubscribe");
    await page.goto(link);
    await expect(page.getByText(/Stop the newsletter for ne\*\*\*@example\.in/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByTestId("unsubscribed")).toContainText("You are unsubscribed");
  });

  test("subscribes without JavaScript, back on the same page, and confirms without it", async ({
    newVisitor,
  }) => {
    const visitor = await newVisitor({ javaScriptEnabled: false });
    const email = `plain-${unique()}@example.in`;
    await visitor.goto("/findby");
    await visitor.getByLabel("Newsletter e-mail").fill(email);
    await visitor.getByRole("button", { name: "Subscribe" }).click();
    await expect(visitor).toHaveURL(/\/findby$/);
    // Without JavaScript the notice is a banner at the top of the page, not a toast.
    await expect(
      visitor.getByRole("status").filter({ hasText: "Almost done: confirm with the link" }),
    ).toBeVisible();
    const ask = await latestMailTo(email, "/newsletter/confirm");
    await visitor.goto(linkIn(ask.slice(ask.indexOf("\n\n")), "/newsletter/confirm"));
    await visitor.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(visitor.getByTestId("subscribed")).toContainText("You are subscribed");
  });
});
