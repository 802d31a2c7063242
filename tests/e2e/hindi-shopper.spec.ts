/**
 * Issue 26: a shopper who signs up on the Hindi pages gets their mails in Hindi. Fields are found
 * by their `name` (their labels are in the page's language).
 */
import { createProduct, expect, test } from "./fixtures";
import { latestMailTo, linkIn } from "./outbox";

test("a new visitor signs up on /hi, verifies, checks out, and the order mail is in Hindi", async ({
  newVisitor,
}) => {
  const product = await createProduct({ tag: "HINDI", pricePaise: 12_500_000, stock: 3 });
  const page = await newVisitor();
  const email = `hindi.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;

  await page.goto("/hi/signup");
  await expect(page.locator("html")).toHaveAttribute("lang", /^hi/);
  const signup = page.locator('form:has(input[name="confirmPassword"])');
  await signup.locator('input[name="name"]').fill("Ravi Sharma");
  await signup.locator('input[name="email"]').fill(email);
  await signup.locator('input[name="password"]').fill("ravi-pass-2026");
  await signup.locator('input[name="confirmPassword"]').fill("ravi-pass-2026");
  await signup.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/signup/);

  // The account keeps Hindi: its verification mail is in Hindi, its link a Hindi page.
  const verification = await latestMailTo(email);
  expect(verification).toContain("Subject: UrjaCell के लिए अपना ई-मेल पता वेरिफ़ाई करें");
  expect(verification).toContain("नमस्ते Ravi Sharma,");
  await page.goto(linkIn(verification, "/hi/verify-email?token="));
  await expect(page.locator("html")).toHaveAttribute("lang", /^hi/);

  await page.goto(`/hi/oneprod/${product.model}`);
  await page.locator(`button[name="productId"][value="${product.id}"]`).first().click();
  await expect(page.getByTestId("cart-badge")).toBeVisible();
  await page.goto("/hi/cart");
  await page
    .locator('form:has(input[name="intent"][value="checkout"]) button[type="submit"]')
    .click();
  const checkout = page.locator('form:has(input[name="intent"][value="place"])');
  await checkout.locator('[name="name"]').fill("Ravi Sharma");
  await checkout.locator('[name="phone"]').fill("98765 43210");
  await checkout.locator('[name="house"]').fill("Flat 4B, Shanti Apartments");
  await checkout.locator('[name="address"]').fill("12 MG Road, Navrangpura");
  await checkout.locator('[name="city"]').fill("Ahmedabad");
  await checkout.locator('[name="pincode"]').fill("380009");
  await checkout.locator('[name="state"]').selectOption("Gujarat");
  await checkout.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/account\/orders\/\d{5,}$/);
  const number = page.url().split("/").at(-1);

  // The order was placed on a Hindi page: its mail is in Hindi, amounts grouped the Indian way,
  // its link to the order's Hindi page.
  let mail = "";
  await expect
    .poll(async () => {
      mail = await latestMailTo(email);
      return mail;
    })
    .toContain(`Subject: UrjaCell: ऑर्डर #${number} दर्ज हो गया`);
  expect(mail).toContain("नमस्ते Ravi Sharma,");
  expect(mail).toContain("कुल: ₹1,25,000");
  expect(linkIn(mail, `/hi/account/orders/${number}`)).toBe(`/hi/account/orders/${number}`);
  expect(mail).toContain('<html lang="hi">');
});
