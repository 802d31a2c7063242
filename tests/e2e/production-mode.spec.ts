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
