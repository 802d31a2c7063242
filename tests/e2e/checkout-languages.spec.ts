import { createProduct, createUser, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, hydrated, widths } from "./helpers";

/** Adds the battery from its product page in that language (the button carries the product's
 * id whatever its words are). */
async function addToCart(page: Page, prefix: string, product: { id: number; model: string }) {
  await page.goto(`${prefix}/oneprod/${product.model}`);
  await page.locator(`button[name="productId"][value="${product.id}"]`).first().click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
}

test("a Gujarati shopper checks out on /gu/cart and sees the payment and the order in Gujarati", async ({
  page,
  customer: _,
  // The demo payee's notice is shown: no settings test may set a payee meanwhile.
  defaultSettings: __,
}) => {
  test.setTimeout(60_000);
  const battery = await createProduct({ tag: "GUJCHK", pricePaise: 450_000, stock: 5 });
  await addToCart(page, "/gu", battery);

  await page.goto("/gu/cart");
  await hydrated(page, `quantity-${battery.id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "gu-IN");
  await expect(page.getByRole("heading", { name: "મારું કાર્ટ" })).toBeVisible();
  await expect(page.getByLabel("જથ્થો")).toHaveValue("1");
  await expect(page.getByText("પેટા સરવાળો")).toBeVisible();

  await page.getByRole("button", { name: "ચેકઆઉટ", exact: true }).click();
  await expect(page).toHaveURL(/\/gu\/cart\?checkout=1$/);
  const dialog = page.getByRole("dialog", { name: "ચેકઆઉટ" });
  await dialog.getByLabel("નામ", { exact: true }).fill("આશા પટેલ");
  // A wrong mobile number is refused in Gujarati, next to its field.
  await dialog.getByLabel("મોબાઇલ નંબર").fill("12345");
  await dialog.getByLabel("ફ્લેટ, મકાન નં., બિલ્ડિંગ").fill("ફ્લેટ 4B, શાંતિ એપાર્ટમેન્ટ");
  await dialog.getByLabel("વિસ્તાર, શેરી, સેક્ટર, ગામ").fill("12 એમ.જી. રોડ, નવરંગપુરા");
  await dialog.getByLabel("શહેર").fill("અમદાવાદ");
  await dialog.getByLabel("પિનકોડ").fill("380009");
  // The States by their Gujarati names; the value sent stays the official name.
  const state = dialog.getByLabel("રાજ્ય", { exact: true });
  await expect(state.locator("option", { hasText: "ગુજરાત (24)" })).toHaveCount(1);
  await state.selectOption("Gujarat");
  await expect(dialog.getByRole("heading", { name: "₹4,500 UPIથી ચૂકવો" })).toBeVisible();
  await dialog.getByRole("button", { name: "ઓર્ડર કન્ફર્મ કરો" }).click();
  await expect(dialog.getByText("10 આંકડાનો મોબાઇલ નંબર લખો")).toBeVisible();
  await dialog.getByLabel("મોબાઇલ નંબર").fill("98765 43210");
  await expect(dialog.getByTestId("upi-deadline")).toContainText("કલાકમાં ચૂકવણી કરો");
  await dialog.getByRole("button", { name: "ઓર્ડર કન્ફર્મ કરો" }).click();

  // The order's page, in Gujarati, with its UPI payment.
  await expect(page).toHaveURL(/\/gu\/account\/orders\/\d+$/);
  const number = /(\d+)$/.exec(page.url())?.[1];
  await expect(page.getByText(`ઓર્ડર #${number} મુકાઈ ગયો. આભાર!`).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`ઓર્ડર #${number} · `);
  await expect(page.getByTestId("order-status")).toHaveText("ચુકવણી બાકી");
  await expect(page.getByRole("heading", { name: "₹4,500 UPIથી ચૂકવો" })).toBeVisible();
  await expect(page.getByTestId("upi-deadline")).toContainText("(ભારતીય સમય) સુધીમાં ચૂકવણી કરો");
  await expect(page.getByTestId("upi-app-link")).toContainText("UPI એપમાં ખોલો");
  await expect(page.getByRole("heading", { name: "ડિલિવરી" })).toBeVisible();
  await expect(page.getByText("ગુજરાત", { exact: false }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "ઓર્ડર રદ કરો" })).toBeVisible();
  await expect(page.getByRole("link", { name: "તમારા ઓર્ડર" })).toBeVisible();
});

for (const width of [widths.phone, widths.desktop]) {
  test(`the Hindi cart with a line and the Gujarati sign-in page pass axe at ${width} px`, async ({
    page,
    customer: _,
    newVisitor,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const battery = await createProduct({ tag: "HINAXE", pricePaise: 350_000, stock: 5 });
    await addToCart(page, "/hi", battery);
    await page.goto("/hi/cart");
    await expect(page.getByRole("heading", { name: "मेरा कार्ट" })).toBeVisible();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByRole("button", { name: `${battery.model} हटाएँ` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const visitor = await newVisitor();
    await visitor.setViewportSize({ width, height: 900 });
    await visitor.goto("/gu/login");
    await expect(visitor.locator("html")).toHaveAttribute("lang", "gu-IN");
    await expect(visitor.getByRole("heading", { name: "લૉગ ઇન કરો" })).toBeVisible();
    await expect(visitor.getByLabel("પાસવર્ડ")).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
  });
}

test("a Hindi visitor who checks out signs in on /hi/login and is back on the Hindi cart", async ({
  page,
}) => {
  const battery = await createProduct({ tag: "HINLOG", pricePaise: 250_000, stock: 5 });
  const shopper = await createUser({ signedIn: false });
  await addToCart(page, "/hi", battery);
  await page.goto("/hi/cart");
  await page.getByRole("button", { name: "चेकआउट", exact: true }).click();
  await expect(page).toHaveURL(/\/hi\/login\?redirectTo=%2Fcart$/);
  await expect(page.getByText("चेकआउट के लिए लॉग इन करें। आपका कार्ट सुरक्षित रहेगा।")).toBeVisible();
  await page.getByLabel("ई-मेल", { exact: true }).fill(shopper.email);
  await page.getByLabel("पासवर्ड").fill("not-the-password");
  await page.getByRole("button", { name: "लॉग इन करें" }).click();
  await expect(page.getByText("ई-मेल या पासवर्ड गलत है")).toBeVisible();
  await page.getByLabel("पासवर्ड").fill(shopper.password);
  await page.getByRole("button", { name: "लॉग इन करें" }).click();
  await expect(page).toHaveURL(/\/hi\/cart$/);
  await expect(page.getByRole("heading", { name: "मेरा कार्ट" })).toBeVisible();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});
