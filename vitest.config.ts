import { defineConfig } from "vitest/config";

/** Unit tests (pure rules) and integration tests (*.int.test.ts, on a fresh database each). */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["app/**/*.int.test.ts", "server/**/*.int.test.ts", "scripts/**/*.int.test.ts"],
          exclude: ["node_modules/**"],
          // Migrates one template database; each file starts from a copy (tests/helpers/test-db.ts).
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
