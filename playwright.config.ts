import { defineConfig } from "@playwright/test";
import { testBrowserPath } from "./scripts/chromium-path.mjs";

/**
 * Chromium 13x opens the address bar's suggestion list as a web page of its own (a "top chrome"
 * renderer, chrome://omnibox-popup.top-chrome) for every window, so for every test's browser
 * context, and it took more CPU than the store's page: a headless test never sees it. Chromium
 * reads only the last --disable-features, so this one repeats the features Playwright 1.65
 * disables (its chromiumSwitches) before adding the popup's three. A quarter off the suite (ADR 047).
 * The headless shell the tests now prefer (ADR 049) has no address bar; the switches are for a
 * machine that has only the full Chromium.
 */
const disabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
  "WebUIOmniboxPopup",
  "WebUIOmniboxFullPopup",
  "WebUIOmniboxAimPopup",
];

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
/** The test-only control port beside the store (tests/e2e/control-server.ts, ADR 011). */
const controlPort = Number(process.env.E2E_CONTROL_PORT ?? port + 1);
process.env.E2E_CONTROL_PORT = String(controlPort);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: true,
  // CI retries a failed test once, to record its trace, and still fails the run if the retry
  // passes: a test that passes only on retry is a failing test.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  // Three on two cores: a worker waiting on the store or on its page leaves the CPU to the others
  // (two left it idle a tenth of the time); 5 % faster, measured on 88 tests.
  workers: 3,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  // toPass blocks (a list read again until it holds) would otherwise retry until the test times out.
  expect: { timeout: 7_000, toPass: { timeout: 7_000 } },
  use: {
    baseURL,
    // Recording a trace of every test costs about a third of the suite's time on two cores: on CI
    // (one retry) the retry of a failed test records it; locally every failure keeps its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: testBrowserPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        `--disable-features=${disabledFeatures.join(",")}`,
      ],
    },
  },
  webServer: {
    command: "node scripts/e2e-server.mjs",
    // Answers once the store's /readyz does and the control port is up.
    url: `http://127.0.0.1:${controlPort}/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      E2E_CONTROL_PORT: String(controlPort),
      DATA_DIR: ".e2e-data",
      BETTER_AUTH_URL: baseURL,
      // No NODE_ENV: the store is started the way users start it (dist/server.js sets it).
      LOG_LEVEL: "warn",
      // Each test sends its own X-Forwarded-For (tests/e2e/fixtures.ts), like visitors behind one
      // proxy: with one trusted hop the browser's header is what that proxy would have sent.
      TRUST_PROXY: "1",
      // A developer's .env must not point the browser tests elsewhere (variables set here win).
      DATABASE_URL: "",
      SEED_ON_START: "true",
      DEMO_ADMIN_EMAIL: "admin@urjacell.in",
      DEMO_ADMIN_PASSWORD: "UrjaAdmin@2026",
    },
  },
});
