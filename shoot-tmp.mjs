import { chromium } from "@playwright/test";

const base = "http://localhost:3600";
const pages = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
  ],
});
for (const width of [375, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    const name = p.replace(/[^a-z0-9]+/gi, "_");
    await page.screenshot({ path: `/tmp/shots/${name}_${width}.png`, fullPage: false });
  }
  await ctx.close();
}
await browser.close();
