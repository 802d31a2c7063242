import { createProduct, createVehicle, expect, test } from "./fixtures";
import {
  arrowTo,
  countDataLoads,
  expectNoSeriousA11yViolations,
  hydrated,
  widths,
} from "./helpers";

for (const [name, width] of Object.entries({ phone: widths.phone, desktop: widths.desktop })) {
  test(`the finder driven by keyboard loads once per committed choice on a ${name}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/findby");
    await hydrated(page, "finder-make");
    const loads = countDataLoads(page, "/findby");
    await page.getByLabel("Make").focus();

    // Arrow keys browse the makes without loading a page; focus stays on the select.
    await arrowTo(page, "Make", "Hyundai");
    await expect(page.getByLabel("Make")).toBeFocused();
    expect(loads.count).toBe(0);
    // Enter commits: one load, then the next select has the focus.
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Model")).toBeFocused();
    expect(loads.count).toBe(1);

    // Leaving the select with Tab commits too.
    await arrowTo(page, "Model", "Creta");
    expect(loads.count).toBe(1);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Year")).toBeFocused();
    expect(loads.count).toBe(2);

    await arrowTo(page, "Year", "2022");
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Engine Type")).toBeFocused();
    expect(loads.count).toBe(3);

    await arrowTo(page, "Engine Type", "Diesel");
    await page.keyboard.press("Enter");
    const find = page.getByRole("button", { name: "Find Battery" });
    await expect(find).toBeFocused();
    expect(loads.count).toBe(4);

    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { name: /Recommended for your Hyundai Creta/ });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(page.getByTestId("finder-result")).toContainText("DRIVE-65R");
    expect(loads.count).toBe(5);
    await expect(page).toHaveURL(/make=Hyundai&model=Creta&year=2022&fuel=Diesel&find=1/);
    await expectNoSeriousA11yViolations(page);
  });
}

test("Find Battery with a level missing focuses the 'choose all fields' message", async ({
  page,
}) => {
  await page.setViewportSize({ width: widths.phone, height: 800 });
  await page.goto("/findby?type=car&make=Hyundai");
  await hydrated(page, "finder-make");
  await page.getByRole("button", { name: "Find Battery" }).click();
  const message = page.getByText("Choose the make, model, year and engine type");
  await expect(message).toBeFocused();
  await expect(message).toBeInViewport();
});

test("no battery for a vehicle offers the category, the store's phone and a service", async ({
  page,
}) => {
  // The only battery that fits it is no longer sold.
  const retired = await createProduct({ tag: "RETIRED", category: "car", active: false });
  const vehicle = await createVehicle({ productIds: [retired.id], make: "Nofit" });
  const query = new URLSearchParams({
    type: "car",
    make: vehicle.make,
    model: vehicle.model,
    year: String(vehicle.year),
    fuel: vehicle.fuelType,
    find: "1",
  });
  await page.goto(`/findby?${query}`);
  const none = page.getByTestId("finder-no-match");
  await expect(none).toContainText("No battery found for this vehicle");
  await expect(none.getByRole("link", { name: "Browse car batteries" })).toHaveAttribute(
    "href",
    "/allproduct?category=car",
  );
  await expect(none.getByRole("link", { name: /Book a service/ })).toHaveAttribute(
    "href",
    "/service",
  );
  await expect(none.getByRole("link", { name: /Call the store/ })).toHaveAttribute(
    "href",
    /^tel:\+?\d+$/,
  );
});

test("without JavaScript the step-by-step form reaches a result, one-option levels chosen", async ({
  newVisitor,
}) => {
  const page = await newVisitor({ javaScriptEnabled: false });
  await page.goto("/findby");
  const find = page.getByRole("button", { name: "Find Battery" });
  await page.getByLabel("Two-wheeler").check();
  await find.click();
  await expect(page).toHaveURL(/type=bike/);
  await page.getByLabel("Make").selectOption("Royal Enfield");
  await find.click();
  await expect(page.getByText("Choose the make, model, year and engine type")).toBeVisible();
  await page.getByLabel("Model").selectOption("Classic 350");
  await find.click();
  await page.getByLabel("Year").selectOption("2023");
  await find.click();
  // A Classic 350 only has a petrol engine: it is chosen, and the result shows.
  await expect(page.getByLabel("Engine Type")).toHaveValue("Petrol");
  await expect(page.getByTestId("finder-result")).toContainText("RIDE-9B");
});

test("the finder stays on the address it was opened with (no navigation of its own after loading)", async ({
  page,
}) => {
  const address = "/findby?type=car&make=Hyundai";
  const loads = countDataLoads(page, "/findby");
  const addresses = new Set<string>();
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame())
      addresses.add(new URL(frame.url()).pathname + new URL(frame.url()).search);
  });
  await page.goto(address);
  await hydrated(page, "finder-model");
  await page.waitForLoadState("networkidle");
  // React Router records its history state on the same entry; the finder itself loads nothing
  // and goes nowhere until the visitor chooses.
  expect(loads.count).toBe(0);
  expect([...addresses]).toEqual([address]);
});
