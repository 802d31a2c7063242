import { createProduct, createVehicle, expect, test } from "./fixtures";
import {
  arrowTo,
  countDataLoads,
  expectNoSeriousA11yViolations,
  hydrated,
  widths,
} from "./helpers";

for (const [name, width] of Object.entries({ phone: widths.phone, desktop: widths.desktop })) {
  test(`the hero finder, by keyboard only, hands type, make and model on to /findby on a ${name}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await hydrated(page, "hero-type");
    const type = page.getByLabel("Vehicle type", { exact: true });
    const make = page.getByLabel("Make", { exact: true });
    const model = page.getByLabel("Model", { exact: true });
    // Later levels are closed until the one before is chosen.
    await expect(make).toBeDisabled();
    await expect(model).toBeDisabled();
    await expect(
      page.getByRole("form", { name: "Find the right battery for your vehicle" }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await expectNoSeriousA11yViolations(page);

    const loads = countDataLoads(page, "/findby");
    await type.focus();
    await arrowTo(page, "Vehicle type", "car");
    // The makes load without a page navigation; the focus stays on the select just chosen.
    await expect(make).toBeEnabled();
    await expect(type).toBeFocused();
    await expect(page).toHaveURL("/");
    expect(loads.count).toBeGreaterThan(0);
    await expect(model).toBeDisabled();

    await page.keyboard.press("Tab");
    await expect(make).toBeFocused();
    await arrowTo(page, "Make", "Hyundai");
    await expect(model).toBeEnabled();
    await expect(make).toBeFocused();
    await expect(model.getByRole("option", { name: "Creta" })).toHaveCount(1);

    await page.keyboard.press("Tab");
    await expect(model).toBeFocused();
    await arrowTo(page, "Model", "Creta");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Find battery" })).toBeFocused();
    await expect(page).toHaveURL("/");

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/findby\?type=car&make=Hyundai&model=Creta$/);
    await expect(page.getByRole("heading", { level: 1, name: "Battery Finder" })).toBeVisible();
    await expect(page.getByLabel("Car", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Make", { exact: true })).toHaveValue("Hyundai");
    await expect(page.getByLabel("Model", { exact: true })).toHaveValue("Creta");
    // The next step, the year, is open and has the focus.
    const year = page.getByLabel("Year", { exact: true });
    await expect(year).toBeEnabled();
    await expect(year).toHaveValue("");
    await expect(year).toBeFocused();
  });
}

test("the hero finder chooses a make's only model by itself", async ({ page }) => {
  const battery = await createProduct({ tag: "SOLO", category: "bike" });
  const vehicle = await createVehicle({
    productIds: [battery.id],
    vehicleType: "bike",
    make: `Aaa Solo ${Date.now().toString(36)}`,
    model: "Onlyone",
  });
  await page.goto("/");
  await hydrated(page, "hero-type");
  await page.getByLabel("Vehicle type").selectOption("bike");
  await page.getByLabel("Make", { exact: true }).selectOption(vehicle.make);
  await expect(page.getByLabel("Model", { exact: true })).toHaveValue(vehicle.model);
  await page.getByRole("button", { name: "Find battery" }).click();
  await expect(page).toHaveURL(/\/findby\?type=bike&make=Aaa/);
  // One year and one engine type: both chosen, so Find Battery is the next step.
  await expect(page.getByLabel("Year", { exact: true })).toHaveValue(String(vehicle.year));
  await expect(page.getByRole("button", { name: "Find Battery" })).toBeFocused();
});

test("without JavaScript the hero finder hands the type on to /findby's next step", async ({
  newVisitor,
}) => {
  const page = await newVisitor({ javaScriptEnabled: false });
  await page.setViewportSize({ width: widths.phone, height: 900 });
  await page.goto("/");
  await expect(page.getByLabel("Make", { exact: true })).toBeDisabled();
  await page.getByLabel("Vehicle type").selectOption("bike");
  await page.getByRole("button", { name: "Find battery" }).click();
  await expect(page).toHaveURL(/\/findby\?type=bike$/);
  await expect(page.getByLabel("Two-wheeler")).toBeChecked();
  const make = page.getByLabel("Make", { exact: true });
  await expect(make).toBeEnabled();
  await make.selectOption("Royal Enfield");
  await page.getByRole("button", { name: "Find Battery" }).click();
  await expect(page.getByLabel("Model", { exact: true })).toBeEnabled();
});

test("the category tiles lead to the filtered catalogue and count what it lists", async ({
  page,
}) => {
  // A battery no longer sold is not counted.
  await createProduct({ tag: "GONE", category: "inverter", active: false });
  for (const [category, label] of [
    ["car", "Car batteries"],
    ["bike", "Bike batteries"],
    ["inverter", "Inverter batteries"],
    ["industrial", "Industrial batteries"],
  ] as const) {
    // Other tests add batteries meanwhile: read both numbers again until they agree.
    await expect(async () => {
      await page.goto("/");
      const tile = page.getByRole("link", { name: new RegExp(`^${label}`) });
      await expect(tile).toHaveAttribute("href", `/allproduct?category=${category}`);
      const count = (await tile.getByTestId("category-count").textContent()) ?? "";
      expect(count).toMatch(/^[1-9]\d* batter(y|ies)$/);
      await tile.click();
      await expect(page).toHaveURL(`/allproduct?category=${category}`);
      await expect(page.getByTestId("result-count")).toHaveText(count, { timeout: 2_000 });
      // A round trip takes seconds on a loaded machine: leave room for a few of them.
    }).toPass({ timeout: 30_000 });
  }
});

test("the best sellers row shows the featured batteries, up to four", async ({ page }) => {
  const featured = await createProduct({
    tag: "STAR",
    category: "car",
    pricePaise: 100,
    featured: true,
  });
  const plain = await createProduct({ tag: "PLAIN", category: "car", pricePaise: 100 });
  await page.setViewportSize({ width: widths.desktop, height: 900 });
  await page.goto("/");
  const row = page.getByRole("region", { name: "Best sellers" });
  const cards = row.getByTestId("product-card");
  await expect(cards).toHaveCount(4);
  // Featured car batteries first, most affordable first: the new one, then the demo store's.
  await expect(cards.first()).toContainText(featured.model);
  await expect(row).toContainText("DRIVE-35L");
  await expect(row).not.toContainText(plain.model);
  await expect(cards.first().getByRole("link", { name: featured.model })).toHaveAttribute(
    "href",
    `/oneprod/${featured.model}`,
  );
});
