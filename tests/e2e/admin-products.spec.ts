import sharp from "sharp";
import { expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./helpers";

async function logInAsAdmin(page: Page) {
  await page.goto("/login?redirectTo=%2Fadmin%2Fproduct");
  await page.getByLabel("Email").fill("admin@urjacell.in");
  await page.getByLabel("Password").fill("UrjaAdmin@2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/admin/product");
}

async function pngImage(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 60, b: 200 } } })
    .png()
    .toBuffer();
}

test.describe("admin products", () => {
  test("an admin adds a product with an image and it shows in the public catalogue", async ({
    page,
  }) => {
    const model = `E2E-${Date.now().toString(36).toUpperCase()}`;
    await logInAsAdmin(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Add product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add product" });

    // No image first, then a missing field: the spec's two messages.
    await dialog.getByRole("button", { name: "Add product" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please select an image");
    await dialog.getByLabel(/^Image/).setInputFiles({
      name: "battery.png",
      mimeType: "image/png",
      buffer: await pngImage(1200, 900),
    });
    await dialog.getByLabel("Model").fill(model);
    await dialog.getByRole("button", { name: "Add product" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("All fields are required!");
    await expect(dialog.getByLabel("Model")).toHaveValue(model);

    await dialog.getByLabel("Category").selectOption("car");
    await dialog.getByLabel("Capacity").selectOption("50");
    await dialog.getByLabel("Voltage").selectOption("12");
    await dialog.getByLabel("Warranty").selectOption("24");
    await dialog.getByLabel("Price (₹)").fill("5,499.50");
    await dialog.getByLabel("Stock", { exact: true }).fill("7");
    await dialog.getByLabel("Description").fill("Test battery added by the browser journey.");
    await dialog.getByRole("button", { name: "Add product" }).click();
    await expect(page.getByText("Product added successfully!")).toBeVisible();
    const row = page.getByTestId("product-row").filter({ hasText: model });
    await expect(row).toContainText("₹5,499.50");

    // The public catalogue shows it, with its re-encoded image.
    await page.goto("/allproduct?capacity=50&voltage=12&warranty=24&apply=1");
    const card = page.getByTestId("product-card").filter({ hasText: model });
    await expect(card).toBeVisible();
    const src = await card.locator("img").getAttribute("src");
    expect(src).toMatch(/^\/uploads\/products\/[0-9a-f]+-card\.webp$/);
    const image = await page.request.get(src ?? "");
    expect(image.headers()["content-type"]).toBe("image/webp");
    expect(image.headers()["cache-control"]).toContain("immutable");
    const meta = await sharp(await image.body()).metadata();
    expect(meta.width).toBe(400);

    await card.getByRole("link", { name: model }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(model);
  });

  test("a file that is not an image is refused with the reason, and nothing is stored", async ({
    page,
  }) => {
    const model = `BAD-${Date.now().toString(36).toUpperCase()}`;
    await logInAsAdmin(page);
    await page.getByRole("link", { name: "Add product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add product" });
    await dialog.getByLabel(/^Image/).setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is text, not a picture"),
    });
    await dialog.getByLabel("Model").fill(model);
    await dialog.getByLabel("Category").selectOption("bike");
    await dialog.getByLabel("Capacity").selectOption("40");
    await dialog.getByLabel("Voltage").selectOption("12");
    await dialog.getByLabel("Warranty").selectOption("12");
    await dialog.getByLabel("Price (₹)").fill("999");
    await dialog.getByLabel("Stock", { exact: true }).fill("1");
    await dialog.getByRole("button", { name: "Add product" }).click();
    await expect(
      dialog.getByText("Image upload failed: the file is not a JPEG, PNG or WebP image", {
        exact: true,
      }),
    ).toBeVisible();
    // The error toast too, inside the modal (a toast behind the dialog's backdrop is unseen).
    await expect(
      dialog.getByText(
        "Could not add the product: Image upload failed: the file is not a JPEG, PNG or WebP image",
      ),
    ).toBeVisible();
    await page.goto(`/admin/product?q=${model}`);
    await expect(page.getByText("No products match.")).toBeVisible();
  });

  test("edit saves back, delete removes, and the finder then has no battery for that vehicle", async ({
    page,
  }) => {
    await logInAsAdmin(page);
    await page.goto("/admin/product?q=DRIVE-90D");
    await page.getByRole("link", { name: "Edit DRIVE-90D" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit DRIVE-90D" });
    await expect(dialog.getByLabel("Model")).toHaveValue("DRIVE-90D");
    await dialog.getByLabel("Stock", { exact: true }).fill("3");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Product updated successfully!")).toBeVisible();
    const row = page.getByTestId("product-row").filter({ hasText: "DRIVE-90D" });
    await expect(row).toContainText("3");
    // Saving with "Show in the catalogue" still ticked keeps it in the catalogue.
    await expect(row).toContainText("Active");
    expect((await page.request.get("/oneprod/DRIVE-90D")).status()).toBe(200);

    page.once("dialog", (confirm) => confirm.accept());
    await page.getByRole("button", { name: "Delete DRIVE-90D" }).click();
    await expect(page.getByText("Product deleted successfully!")).toBeVisible();
    expect((await page.goto("/oneprod/DRIVE-90D"))?.status()).toBe(404);

    // The Fortuner fitted only that battery.
    await page.goto("/findby?type=car&make=Toyota&model=Fortuner&year=2020&fuel=Diesel&find=1");
    await expect(page.getByText("No battery found for this vehicle")).toBeVisible();
    await expect(page.getByTestId("finder-result")).toHaveCount(0);
  });
});

test.describe("admin vehicles", () => {
  test("an admin adds a vehicle with its battery and the finder recommends it", async ({
    page,
  }) => {
    const model = `Testcar ${Date.now().toString(36)}`;
    await logInAsAdmin(page);
    await page.goto("/admin/vehicle");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Add vehicle" }).click();
    const dialog = page.getByRole("dialog", { name: "Add vehicle" });
    await dialog.getByRole("button", { name: "Add vehicle" }).click();
    await expect(dialog.getByText("Enter the make")).toBeVisible();
    await dialog.getByLabel("Vehicle type").selectOption("car");
    await dialog.getByLabel("Make").fill("Skoda");
    await dialog.getByLabel("Model").fill(model);
    await dialog.getByLabel("Year").fill("2024");
    await dialog.getByLabel("Engine type").selectOption("Petrol");
    await dialog.getByLabel("Recommended battery").selectOption({ label: "DRIVE-50R (50Ah 12V)" });
    await dialog
      .getByLabel("Alternative batteries (optional)")
      .selectOption([{ label: "DRIVE-60L (60Ah 12V)" }]);
    await dialog.getByRole("button", { name: "Add vehicle" }).click();
    await expect(page.getByText("Vehicle added")).toBeVisible();
    await page.goto(`/admin/vehicle?q=${encodeURIComponent(model)}`);
    await expect(page.getByTestId("vehicle-row")).toHaveCount(1);
    await expect(page.getByTestId("vehicle-row")).toContainText("DRIVE-50R");

    await page.goto(
      `/findby?type=car&make=Skoda&model=${encodeURIComponent(model)}&year=2024&fuel=Petrol&find=1`,
    );
    const result = page.getByTestId("finder-result");
    await expect(result).toContainText("DRIVE-50R");
    await expect(result).toContainText("DRIVE-60L");
  });
});
