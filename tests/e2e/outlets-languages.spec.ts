import { addDays, formatDay, indiaDayOf, isoWeekday } from "~/lib/india-time";
import { createOutlet } from "./control";
import { expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, hydrated, widths } from "./helpers";

/** Map tiles come from the internet, which tests do not use: refused at once. */
async function offlineTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

/** A pincode of this test's own (from 79xxxx, where the seed has no outlet). */
const ownPincode = () => `79${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Two days ahead in India: every slot of it is still to come, whatever the hour. */
const day = addDays(indiaDayOf(new Date()), 2);

test.describe("a Hindi visitor books a service", () => {
  test.use({ viewport: { width: widths.phone, height: 800 } });

  test("finds the service centre by pincode on /hi/service and books with the form in Hindi", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const pincode = ownPincode();
    const centre = await createOutlet({ kind: "service_centre", tag: "Hindi Seva", pincode });
    await offlineTiles(page);
    await page.goto("/hi/service");
    await expect(page.getByRole("heading", { name: "सर्विस बुक करें", level: 1 })).toBeVisible();
    await page.getByLabel("पिनकोड").fill(pincode);
    await page.getByRole("button", { name: "खोजें", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/hi/service\\?pincode=${pincode}`));
    const card = page.getByTestId("outlet").filter({ hasText: centre.name });
    await expect(card).toContainText("हर दिन 9:00 am – 7:00 pm");
    await expect(card.getByRole("link", { name: "रास्ता देखें" })).toBeVisible();
    await card.getByRole("link", { name: `सर्विस बुक करें ${centre.name} पर` }).click();

    const dialog = page.getByRole("dialog", { name: "सर्विस का समय बुक करें" });
    // A wrong phone number first: the error in Hindi, next to the field.
    await dialog.getByLabel("आपका नाम").fill("आशा पटेल");
    await dialog.getByLabel("आपका ई-मेल").fill(`asha-${unique()}@example.in`);
    await dialog.getByLabel("फ़ोन").fill("12");
    await dialog.getByLabel("गाड़ी का मॉडल").fill("Honda Activa");
    await dialog.getByLabel("बैटरी की समस्या").selectOption({ label: "कम वोल्टेज" });
    await dialog.getByLabel("तारीख").fill(day);
    await expect(dialog.getByText(`${formatDay(day, "hi")} के लिए समय`)).toBeVisible();
    const time = dialog.getByLabel("समय", { exact: true });
    await expect(time.getByRole("option", { name: "11:00 am (2 जगहें बाकी)" })).toBeEnabled();
    await time.selectOption("11:00");
    await dialog.getByRole("button", { name: "अभी बुक करें" }).click();
    await expect(dialog.getByText("सही फ़ोन नंबर लिखें")).toBeVisible();
    await expect(dialog.getByLabel("फ़ोन")).toHaveAttribute("aria-invalid", "true");

    await dialog.getByLabel("फ़ोन").fill("+91 98765 43210");
    await dialog.getByRole("button", { name: "अभी बुक करें" }).click();
    const confirmation = page.getByTestId("booking-confirmation");
    await expect(confirmation).toContainText("बुकिंग का अनुरोध भेज दिया गया");
    await expect(confirmation).toContainText(
      `${centre.name} में ${formatDay(day, "hi")} को 11:00 am पर आपका इंतज़ार रहेगा`,
    );
    await expect(dialog.getByTestId("booking-reference")).toHaveText(/^SB-[A-Z2-9]{8}$/);
    // Done goes back to the Hindi search, not to an English page.
    await dialog.getByRole("link", { name: "ठीक है" }).click();
    await expect(page).toHaveURL(
      new RegExp(`/hi/service\\?pincode=${pincode}&city=&category=&sort=name$`),
    );
  });

  test("books with the keyboard alone", async ({ page }) => {
    test.setTimeout(60_000);
    const pincode = ownPincode();
    // Closed today (in India): the day the dialog starts on is tomorrow, every slot to come.
    const today = isoWeekday(indiaDayOf(new Date()));
    const centre = await createOutlet({
      kind: "service_centre",
      tag: "Keyboard Seva",
      pincode,
      openDays: [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== today),
    });
    await offlineTiles(page);
    await page.goto(`/hi/service?pincode=${pincode}`);
    // The keys go to the page React runs (a key pressed before it takes over can be lost).
    await hydrated(page, "outlet-pincode");
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return {
          tag: el?.tagName ?? "",
          name: el?.getAttribute("name") ?? "",
          text: el?.textContent ?? "",
        };
      });
    type Focused = Awaited<ReturnType<typeof focused>>;
    const tabTo = async (match: (el: Focused) => boolean) => {
      for (let i = 0; i < 60 && !match(await focused()); i += 1) {
        await page.keyboard.press("Tab");
      }
      expect(match(await focused())).toBe(true);
    };
    await tabTo((el) => el.tag === "A" && el.text.includes(`${centre.name} पर`));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "सर्विस का समय बुक करें" });
    await expect(dialog).toBeVisible();
    await tabTo((el) => el.name === "name");
    await page.keyboard.type("Ravi Shah");
    await page.keyboard.press("Tab");
    await page.keyboard.type(`ravi-${unique()}@example.in`);
    await page.keyboard.press("Tab");
    await page.keyboard.type("+91 98250 11111");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Bajaj Pulsar");
    await tabTo((el) => el.name === "time");
    const time = dialog.getByLabel("समय", { exact: true });
    for (let i = 0; i < 20 && (await time.inputValue()) === ""; i += 1) {
      await page.keyboard.press("ArrowDown");
    }
    await expect(time).toHaveValue("09:00");
    await tabTo((el) => el.tag === "BUTTON" && el.text.includes("अभी बुक करें"));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("booking-confirmation")).toContainText(
      "बुकिंग का अनुरोध भेज दिया गया",
    );
  });
});

test.describe("a Gujarati visitor writes to the store", () => {
  test.use({ viewport: { width: widths.phone, height: 800 } });

  test("sends the contact form after fixing an error, all in Gujarati", async ({ page }) => {
    await offlineTiles(page);
    await page.goto("/gu/contactus");
    await expect(page.getByRole("heading", { name: "અમારો સંપર્ક કરો", level: 1 })).toBeVisible();
    await page.getByLabel("ઈ-મેલ", { exact: true }).fill("ravi@example.in");
    await page.getByLabel("સંદેશ").fill("ઇન્વર્ટર બેટરી ઘરે ફિટ કરી આપો છો?");
    await page.getByRole("button", { name: "સંદેશ મોકલો" }).click();
    await expect(page.getByText("તમારું પૂરું નામ લખો")).toBeVisible();
    await expect(page.getByLabel("પૂરું નામ")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("પૂરું નામ").fill(`રવિ ${unique()}`);
    await page.getByRole("button", { name: "સંદેશ મોકલો" }).click();
    await expect(page.getByTestId("contact-thanks")).toContainText(
      "અમને લખવા બદલ આભાર. અમે જલદી ઈ-મેલથી જવાબ આપીશું.",
    );
    await expect(page.getByRole("link", { name: "બીજો સંદેશ લખો" })).toHaveAttribute(
      "href",
      "/gu/contactus",
    );
  });
});

for (const width of [widths.phone, widths.desktop]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the Hindi dealer page passes axe", async ({ page }) => {
      // The dealer list holds every dealer (the seed's and other tests'): axe takes a while.
      test.setTimeout(60_000);
      await offlineTiles(page);
      await page.goto("/hi/dealer");
      await expect(page.getByRole("heading", { name: "डीलर खोजें", level: 1 })).toBeVisible();
      await expect(page.getByRole("search", { name: "डीलर खोजें" })).toBeVisible();
      await expect(page).toHaveTitle(/^डीलर खोजें/);
      await expectNoSeriousA11yViolations(page);
    });

    // On a phone here; the page's desktop layout is axe-checked in contact-newsletter.spec.ts.
    if (width === widths.phone) {
      test("the Gujarati contact page passes axe", async ({ page }) => {
        await offlineTiles(page);
        await page.goto("/gu/contactus");
        await expect(page.getByLabel("પૂરું નામ")).toBeVisible();
        await expect(page).toHaveTitle(/^અમારો સંપર્ક કરો/);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}
