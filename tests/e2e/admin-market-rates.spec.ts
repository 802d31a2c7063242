/**
 * Issue 25 in the browser: the old public `/test` page is gone (a 404 for everyone); the admin's
 * market rates tool asks the endpoint set in the settings and shows its JSON with the time it
 * took, and refuses a private address until private endpoints are allowed, the message next to
 * the form. At a phone's and a desktop's width, axe clean.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createUser, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

let server: Server;
let endpoint: string;
test.beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      response.setHeader("Content-Type", "application/json");
      response.end(
        JSON.stringify({ asked: new URLSearchParams(body).get("date"), leadPerKg: 182.5 }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rates`;
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test("the old /test page is a 404 for a visitor and for an admin", async ({ page, newVisitor }) => {
  expect((await page.request.get("/test")).status()).toBe(404);
  const desk = await newVisitor({ user: await createUser({ role: "admin" }) });
  expect((await desk.request.get("/test")).status()).toBe(404);
  await desk.goto("/test");
  await expect(desk.getByRole("heading", { level: 1 })).toContainText(/not found/i);
});

for (const [size, width] of [
  ["phone", widths.phone],
  ["desktop", widths.desktop],
] as const) {
  test(`at ${size} width the admin asks for a day's rates, a private endpoint refused until allowed`, async ({
    page,
    admin: _,
    settingsChange: __,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/settings");
    const settings = page.getByRole("region", { name: "Market rates" });
    await settings.getByLabel("Endpoint", { exact: true }).fill(endpoint);
    await settings.getByRole("button", { name: "Save market rates" }).click();
    await expect(page.getByText("Market rates settings saved")).toBeVisible();

    await page.goto("/admin/market-rates");
    await page.getByLabel("Date").fill("2026-11-20");
    await page.getByRole("button", { name: "Get rates" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "private or local address" }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto("/admin/settings");
    await settings.getByLabel("Allow private endpoints").check();
    await settings.getByRole("button", { name: "Save market rates" }).click();
    await expect(page.getByText("Market rates settings saved")).toBeVisible();

    await page.goto("/admin/market-rates");
    await page.getByLabel("Date").fill("2026-11-20");
    await page.getByRole("button", { name: "Get rates" }).click();
    await expect(page.getByTestId("market-rates-json")).toContainText('"asked": "2026-11-20"');
    await expect(page.getByTestId("market-rates-json")).toContainText('"leadPerKg": 182.5');
    await expect(page.getByTestId("market-rates-timing")).toHaveText(/^HTTP 200 in \d+ ms$/);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: testInfo.outputPath(`market-rates-${size}.png`),
      fullPage: true,
    });
  });
}
