// The browser the Playwright tests drive (ADR 049): CHROMIUM_PATH when set; else Debian's
// headless shell (package chromium-headless-shell), which draws no browser window around the page
// and takes the browser suite about a quarter less time; else Debian's Chromium.
import { existsSync } from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM = "/usr/bin/chromium";

/** The executable the tests launch. */
export function testBrowserPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;
}
