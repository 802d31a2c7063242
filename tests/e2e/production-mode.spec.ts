import { readRuntime } from "./control";
import { expect, test } from "./fixtures";
import { hydrated } from "./helpers";

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

test("a page asks for its scripts once it has painted, and the blog's tools' code only as it hydrates", async ({
  page,
  request,
}) => {
  for (const address of ["/", "/allproduct", "/hi/oneprod/DRIVE-35L", "/blog"]) {
    const html = await (await request.get(address)).text();
    // No module is fetched while the page is parsed: the preloads and React Router's module
    // script are added by a small inline script in the frame after the first paint.
    expect(html, address).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html, address).not.toMatch(/<script[^>]*type="module"/);
    const boot = /<script id="rr-boot" type="text\/plain"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
    expect(boot, address).toContain("entry.client");
    const preloads = /startAfterPaint[\s\S]*?\)\("rr-boot",(\[[^\]]*\])\)/.exec(html)?.[1] ?? "[]";
    expect(JSON.parse(preloads).length, address).toBeGreaterThan(3);
    if (address === "/blog") {
      // Drawn on the server (their forms work without JavaScript), not preloaded.
      expect(html).toContain('id="battery-health-title"');
      expect(preloads).not.toMatch(/health-checker|inverter-sizing/);
    }
  }
  for (const address of ["/", "/oneprod/DRIVE-35L"]) {
    await page.goto(address);
    await hydrated(page, "main");
    const { paint, firstScript } = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      firstScript: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      ),
    }));
    expect(firstScript, address).toBeGreaterThanOrEqual(paint);
  }
  // The tools still become interactive: their code comes as the page hydrates.
  const toolCode = page.waitForResponse((r) => /health-checker-.*\.js$/.test(r.url()));
  await page.goto("/blog");
  await toolCode;
});

test("Inter is on every page; a script font only on its language's pages, declared in the page", async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "font") fonts.push(new URL(r.url()).pathname);
  });
  await page.goto("/allproduct");
  await page.waitForLoadState("networkidle");
  expect(fonts.some((f) => f.includes("inter-subset"))).toBe(true);
  expect(fonts.filter((f) => f.includes("noto-sans"))).toEqual([]);

  fonts.length = 0;
  await page.goto("/hi/allproduct");
  await page.waitForLoadState("networkidle");
  expect(fonts.filter((f) => f.includes("noto-sans"))).toEqual([
    expect.stringContaining("noto-sans-devanagari"),
  ]);
  expect(
    await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', "हिन्दी")),
  ).toBe(true);
  // No stylesheet request for it: its rules are in the page's head.
  const sheets = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute("href")),
  );
  expect(sheets).toHaveLength(1);
});
