// The browser tests use the system Chromium; say how to get it when it is missing.
import { accessSync, constants } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
try {
  accessSync(chromium, constants.X_OK);
} catch {
  console.error(
    `Chromium was not found at ${chromium}: install it with "apt-get update && apt-get install -y chromium" (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
  );
  process.exit(1);
}
