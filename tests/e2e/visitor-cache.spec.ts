import { createProduct, createVehicle, expect, test } from "./fixtures";
import { keptAnswer } from "./helpers";

/**
 * Visitors' pages are kept by the store (and may be by a CDN), never by the visitor's browser:
 * the store once sent `stale-while-revalidate` in Cache-Control, so Chromium showed a visitor
 * a catalogue up to ten minutes old after an admin had added a battery.
 */
test("a visitor coming back to a page sees what changed since, not the browser's old copy", async ({
  page,
}) => {
  const tag = `FRESH${Date.now() % 1_000_000}`;
  const address = `/allproduct?q=${tag}`;
  const count = page.getByTestId("result-count");
  const first = await page.goto(address);
  expect(first?.headers()["cache-control"]).toBe("no-cache");
  await expect(count).toHaveText("0 batteries");

  await createProduct({ tag });
  await page.goto("/");
  await page.goto(address);
  await expect(count).toHaveText("1 battery");
});

test("a visitor's in-page navigation fetches the page's data afresh, not the browser's old copy", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "All Products" }).click();
  const count = page.getByTestId("result-count");
  await expect(count).toHaveText(/^\d+ batter(y|ies)$/);
  const before = Number.parseInt((await count.textContent()) ?? "", 10);

  await createProduct({ tag: "FRESH" });
  await nav.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL("/");
  await nav.getByRole("link", { name: "All Products" }).click();
  await expect(count).not.toHaveText(`${before} batteries`);
  expect(Number.parseInt((await count.textContent()) ?? "", 10)).toBeGreaterThan(before);
});

test("a signed-in shopper sees a battery added by an admin at once (kept lists are emptied too)", async ({
  page,
  customer: _,
}) => {
  const tag = `LIVE${Date.now() % 1_000_000}`;
  const address = `/allproduct?q=${tag}`;
  const count = page.getByTestId("result-count");
  await page.goto(address);
  await expect(count).toHaveText("0 batteries");
  await createProduct({ tag });
  await page.goto(address);
  await expect(count).toHaveText("1 battery");
});

test("an admin's change in the back office empties the kept pages at once (ADR 027)", async ({
  page,
  admin: _,
}) => {
  // The finder's page for a vehicle only this battery fits, kept for admins with no cart.
  const battery = await createProduct({ tag: "KEPTDEL", stock: 12 });
  const vehicle = await createVehicle({ productIds: [battery.id], model: "Keptfit" });
  const address = `/findby?${new URLSearchParams({
    type: vehicle.vehicleType,
    make: vehicle.make,
    model: vehicle.model,
    year: String(vehicle.year),
    fuel: vehicle.fuelType,
    find: "1",
  })}`;
  const kept = await keptAnswer(
    () => page.request.get(address),
    (answer) => answer.headers()["x-cache"],
  );
  expect(await kept.text()).toContain(battery.model);

  // Deleted through the back office's own page (the routes' bundle marks the change, the
  // server's empties the caches: once two copies of one context key, so nothing was emptied).
  await page.goto(`/admin/product?q=${battery.model}`);
  await page.getByRole("button", { name: `Delete ${battery.model}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Product deleted successfully!")).toBeVisible();
  const after = await page.request.get(address);
  expect(after.headers()["x-cache"]).toBe("miss");
  expect(await after.text()).not.toContain(battery.model);
});
