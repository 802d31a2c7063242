import sharp from "sharp";
import { createProduct, createVehicle, expect, test } from "./fixtures";
import { dialogIsModal, expectNoSeriousA11yViolations } from "./helpers";

/** A model name no other test uses. */
function uniqueModel(tag: string) {
  return `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

/** The finder's result page for a vehicle, as its address. */
function finderUrl(v: {
  vehicleType: string;
  make: string;
  model: string;
  year: number;
  fuelType: string;
}) {
  const query = new URLSearchParams({
    type: v.vehicleType,
    make: v.make,
    model: v.model,
    year: String(v.year),
    fuel: v.fuelType,
    find: "1",
  });
  return `/findby?${query}`;
}

async function pngImage(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 60, b: 200 } } })
    .png()
    .toBuffer();
}

test.describe("admin products", () => {
  test("a picture over 5 MB is refused in the browser, before it is sent", async ({
    page,
    admin: _,
  }) => {
    await page.goto("/admin/product?add=1");
    const dialog = page.getByRole("dialog", { name: "Add product" });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await dialog.getByLabel(/^Image/).setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await dialog.getByRole("button", { name: "Add product" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "Image upload failed: the file is larger than 5 MB",
    );
    await expect(dialog.getByLabel(/^Image/)).toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);
  });

  test("an admin adds a product with an image and it shows in the public catalogue", async ({
    page,
    admin: _,
  }) => {
    const model = uniqueModel("E2E");
    await page.goto("/admin/product");
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
    await expect(dialog.getByRole("alert")).toHaveText("Fill in the required fields marked below.");
    await expect(dialog.getByLabel("Model")).toHaveValue(model);

    await dialog.getByLabel("Category").selectOption("car");
    // Any capacity, not only the listed ones.
    await dialog.getByLabel("Capacity (Ah)").fill("47");
    await dialog.getByLabel("Voltage").selectOption("12");
    await dialog.getByLabel("Warranty").selectOption("24");
    await dialog.getByLabel("Price (₹)").fill("5,499.50");
    await dialog.getByLabel("Stock", { exact: true }).fill("7");
    await dialog
      .getByLabel("Description", { exact: true })
      .fill("Test battery added by the browser journey.");
    // Every specification the product page shows; two of three sizes is refused.
    await dialog.getByLabel("Technology").fill("Enhanced flooded (EFB)");
    await dialog.getByLabel("Cold cranking amps (A)").fill("430");
    await dialog.getByLabel("Length (mm)").fill("242");
    await dialog.getByLabel("Width (mm)").fill("175");
    await dialog.getByLabel("Weight (kg)").fill("13.5");
    await dialog.getByLabel("Terminal layout").fill("Right positive");
    await dialog.getByLabel("The price includes free installation").check();
    await dialog.getByRole("button", { name: "Add product" }).click();
    await expect(
      dialog.getByText("Enter the length, width and height, or none of them"),
    ).toBeVisible();
    await expect(dialog.getByLabel("Cold cranking amps (A)")).toHaveValue("430");
    await dialog.getByLabel("Height (mm)").fill("190");
    await dialog.getByRole("button", { name: "Add product" }).click();
    await expect(page.getByText("Product added successfully!")).toBeVisible();
    // Found by its model: other tests' products may push it off the list's first page.
    await page.getByLabel("Search by model").fill(model);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByTestId("product-row").filter({ hasText: model });
    await expect(row).toContainText("₹5,499.50");

    // The public catalogue shows it, with its re-encoded image.
    await page.goto("/allproduct?capacity=47&voltage=12&warranty=24&apply=1");
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
    await expect(page.getByTestId("product-name")).toHaveText("Car battery 47Ah, 2 years warranty");
    await expect(page.getByText("Free installation at your place")).toBeVisible();
    for (const [label, value] of <[string, string][]>[
      ["Technology", "Enhanced flooded (EFB)"],
      ["Cold cranking amps", "430 A"],
      ["Dimensions (L × W × H)", "242 × 175 × 190 mm"],
      ["Weight", "13.5 kg"],
      ["Terminal layout", "Right positive"],
    ]) {
      await expect(page.locator("dl div").filter({ hasText: label }).locator("dd")).toHaveText(
        value,
      );
    }
  });

  test("a file that is not an image is refused with the reason, and nothing is stored", async ({
    page,
    admin: _,
  }) => {
    const model = uniqueModel("BAD");
    await page.goto("/admin/product");
    await page.getByRole("link", { name: "Add product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add product" });
    await dialog.getByLabel(/^Image/).setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is text, not a picture"),
    });
    await dialog.getByLabel("Model").fill(model);
    await dialog.getByLabel("Category").selectOption("bike");
    await dialog.getByLabel("Capacity (Ah)").fill("40");
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
    admin: _,
  }) => {
    // A battery of this test's own, and a vehicle that only it fits.
    const battery = await createProduct({ tag: "EDIT", stock: 12 });
    const vehicle = await createVehicle({ productIds: [battery.id], model: "Onlyfit" });
    const { model } = battery;

    await page.goto(`/admin/product?q=${model}`);
    // By keyboard: Escape closes the dialog and gives the focus back to its Edit link.
    const edit = page.getByRole("link", { name: `Edit ${model}` });
    await edit.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Edit ${model}` });
    await expect(dialog).toBeVisible();
    await dialogIsModal(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();

    await edit.click();
    await expect(dialog.getByLabel("Model")).toHaveValue(model);
    await expect(dialog.getByLabel("Stock", { exact: true })).toHaveValue("12");
    await dialog.getByLabel("Stock", { exact: true }).fill("3");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Product updated successfully!")).toBeVisible();
    const row = page.getByTestId("product-row").filter({ hasText: model });
    await expect(row).toContainText("3");
    // Saving with "Show in the catalogue" still ticked keeps it in the catalogue.
    await expect(row).toContainText("Active");
    expect((await page.request.get(`/oneprod/${model}`)).status()).toBe(200);
    const finder = await page.request.get(finderUrl(vehicle));
    expect(await finder.text()).toContain(model);

    // The store's own confirmation: Cancel keeps the product, Delete removes it.
    await page.getByRole("button", { name: `Delete ${model}` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete ${model}? This cannot be undone.` });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await page.getByRole("button", { name: `Delete ${model}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Product deleted successfully!")).toBeVisible();
    expect((await page.goto(`/oneprod/${model}`))?.status()).toBe(404);

    // The vehicle fitted only that battery.
    await page.goto(finderUrl(vehicle));
    await expect(page.getByText("No battery found for this vehicle")).toBeVisible();
    await expect(page.getByTestId("finder-result")).toHaveCount(0);
  });
});

test.describe("admin vehicles", () => {
  test("an admin adds a vehicle with its battery and the finder recommends it", async ({
    page,
    admin: _,
  }) => {
    const model = `Testcar ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const recommended = await createProduct({ tag: "FIT", category: "car", capacityAh: 50 });
    const alternative = await createProduct({ tag: "ALT", category: "car", capacityAh: 60 });
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
    await dialog
      .getByLabel("Recommended battery")
      .selectOption({ label: `${recommended.model} (car, 50Ah 12V)` });
    await dialog
      .getByLabel("Alternative batteries (optional)")
      .selectOption([{ label: `${alternative.model} (car, 60Ah 12V)` }]);
    await dialog.getByRole("button", { name: "Add vehicle" }).click();
    await expect(page.getByText("Vehicle added")).toBeVisible();
    await page.goto(`/admin/vehicle?q=${encodeURIComponent(model)}`);
    await expect(page.getByTestId("vehicle-row")).toHaveCount(1);
    await expect(page.getByTestId("vehicle-row")).toContainText(recommended.model);

    await page.goto(
      `/findby?type=car&make=Skoda&model=${encodeURIComponent(model)}&year=2024&fuel=Petrol&find=1`,
    );
    const result = page.getByTestId("finder-result");
    await expect(result).toContainText(recommended.model);
    await expect(result).toContainText(alternative.model);
  });
});
