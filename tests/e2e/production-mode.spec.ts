import { readRuntime } from "./control";
import { expect, test } from "./fixtures";

/**
 * The store runs React's production build however it is started. It once rendered every page
 * with the development build (2.5 times slower) because nothing set NODE_ENV; the browser tests'
 * server no longer sets it, so this runs the store exactly as `npm start` does.
 */
test("the store renders with React's production build", async ({ page }) => {
  await page.goto("/allproduct");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const runtime = await readRuntime();
  expect(runtime).toEqual({
    nodeEnv: "production",
    react: "production",
    reactDomServer: "production",
  });
});

/**
 * What a first visit downloads stays light: zod (forms' schemas), sonner (toasts) and embla (the
 * carousel) load when they are needed, never with a page. The build groups small shared modules
 * into one file (vite.config.ts); a module that imports one of these, added to that group, would
 * bring it into every page.
 */
test("a first visit to a shop page loads no zod, sonner or carousel code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") scripts.push(await response.text());
  });
  for (const address of ["/allproduct", "/oneprod/DRIVE-35L", "/findby"]) {
    await page.goto(address);
    await page.waitForLoadState("networkidle");
  }
  expect(scripts.length).toBeGreaterThan(3);
  for (const library of ["ZodError", "data-sonner-toaster", "containScroll"]) {
    expect(scripts.filter((code) => code.includes(library))).toEqual([]);
  }
});
