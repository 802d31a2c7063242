import { createProduct, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./helpers";

test.describe("content in three languages", () => {
  test("an admin adds a Hindi name and description by keyboard; /hi shows them, /gu shows English and says so", async ({
    page,
    admin: _,
  }) => {
    const { model } = await createProduct({
      tag: "LANG",
      description: "A sealed battery for trucks and tractors.",
    });
    await page.goto(`/admin/product?q=${model}`);
    await page.getByRole("link", { name: `Edit ${model}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${model}` });
    const tabs = dialog.getByRole("tablist", { name: "Name and description" });
    const english = tabs.getByRole("tab", { name: "English" });
    const hindi = tabs.getByRole("tab", { name: "हिन्दी" });
    const gujarati = tabs.getByRole("tab", { name: "ગુજરાતી" });
    await expect(english).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByRole("tabpanel", { name: "English" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Arrow keys move between the tabs; Tab goes into the selected one's panel.
    await english.focus();
    await page.keyboard.press("ArrowRight");
    await expect(hindi).toBeFocused();
    await expect(hindi).toHaveAttribute("aria-selected", "true");
    await expect(english).toHaveAttribute("aria-selected", "false");
    const hindiPanel = dialog.getByRole("tabpanel", { name: "हिन्दी" });
    await expect(hindiPanel).toBeVisible();
    await expect(dialog.getByRole("tabpanel", { name: "English" })).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(hindiPanel.getByLabel("Name in Hindi (optional)")).toBeFocused();
    await page.keyboard.type("ट्रक बैटरी 55Ah");
    await page.keyboard.press("Tab");
    await expect(hindiPanel.getByLabel("Description in Hindi (optional)")).toBeFocused();
    await page.keyboard.type("ट्रक और ट्रैक्टर के लिए सीलबंद बैटरी।");
    // End reaches the last tab, Home the first.
    await hindi.focus();
    await page.keyboard.press("End");
    await expect(gujarati).toBeFocused();
    await expect(gujarati).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(english).toHaveAttribute("aria-selected", "true");
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Product updated successfully!")).toBeVisible();

    // The Hindi page: the Hindi name and description, no notice.
    await page.goto(`/hi/oneprod/${model}`);
    await expect(page.getByTestId("product-name")).toHaveText("ट्रक बैटरी 55Ah");
    await expect(page.getByText("ट्रक और ट्रैक्टर के लिए सीलबंद बैटरी।")).toBeVisible();
    await expect(page.getByTestId("content-notice")).toHaveCount(0);

    // The Gujarati page: the English description, marked as English, and a notice saying so.
    await page.goto(`/gu/oneprod/${model}`);
    const description = page.getByText("A sealed battery for trucks and tractors.");
    await expect(description).toBeVisible();
    await expect(description).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("content-notice")).toHaveText("આ બેટરીનું વર્ણન હજી અંગ્રેજીમાં છે.");
  });

  test("an error in the Gujarati tab selects and marks that tab, keeping what was typed", async ({
    page,
    admin: _,
  }) => {
    const { model } = await createProduct({ tag: "LANGERR" });
    await page.goto(`/admin/product?q=${model}`);
    await page.getByRole("link", { name: `Edit ${model}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${model}` });
    const gujarati = dialog.getByRole("tab", { name: /^ગુજરાતી/ });
    await gujarati.click();
    const name = dialog.getByLabel("Name in Gujarati (optional)");
    // Past the field's own limit (as a pasted text or an old browser could send).
    await name.evaluate((input) => input.removeAttribute("maxlength"));
    await name.fill("ક".repeat(81));
    await dialog.getByRole("tab", { name: "English" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(gujarati).toHaveAttribute("aria-selected", "true");
    await expect(gujarati).toHaveAccessibleName("ગુજરાતી (has errors)");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();
    await expect(name).toHaveValue("ક".repeat(81));
    await expect(dialog.getByText("Use at most 80 characters")).toBeVisible();
  });
});
