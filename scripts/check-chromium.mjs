// The browser tests use the system's Chromium (scripts/chromium-path.mjs); say how to get it
// when it is missing.
import { accessSync, constants } from "node:fs";
import { testBrowserPath } from "./chromium-path.mjs";

const chromium = testBrowserPath();
try {
  accessSync(chromium, constants.X_OK);
} catch {
  console.error(
    `Chromium was not found at ${chromium}: install it with "apt-get update && apt-get install -y chromium-headless-shell" (Debian/Ubuntu; the package chromium works too) or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
  );
  process.exit(1);
}
