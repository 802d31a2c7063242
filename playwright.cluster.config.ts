import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * The browser journeys through a load balancer (ADR 040): two store processes on one new
 * PostgreSQL database behind nginx, round robin (scripts/e2e-cluster.mjs). The store's own
 * browser settings (playwright.config.ts), its fixtures and its control port, which runs in the
 * first process. `npm run test:cluster`; needs PostgreSQL (CLUSTER_TEST_DATABASE_URL) and nginx.
 */
const port = Number(process.env.CLUSTER_E2E_PORT ?? 3200);
const baseURL = `http://localhost:${port}`;
/** The processes listen on the next ports (port + 1, port + 2); the control port after them. */
const controlPort = port + 9;
process.env.E2E_CONTROL_PORT = String(controlPort);
process.env.CLUSTER_E2E_PORT = String(port);

export default defineConfig({
  ...base,
  testDir: "tests/cluster",
  use: { ...base.use, baseURL },
  webServer: {
    command: "node scripts/e2e-cluster.mjs",
    url: `http://127.0.0.1:${controlPort}/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      CLUSTER_PORT: String(port),
      CLUSTER_SIZE: "2",
      E2E_CONTROL_PORT: String(controlPort),
      DATA_DIR: ".cluster-e2e-data",
      BETTER_AUTH_URL: baseURL,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      SEED_ON_START: "true",
      DEMO_ADMIN_EMAIL: "admin@urjacell.in",
      DEMO_ADMIN_PASSWORD: "UrjaAdmin@2026",
    },
  },
});
