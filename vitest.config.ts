import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Unit tests (pure rules) and integration tests (*.int.test.ts, each file on an emptied database).
 * One worker per core: Vitest's default leaves one core idle, which on a 2-core machine is half
 * of it (ADR 024).
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/helpers/**/*.test.ts",
          ],
          exclude: ["**/*.int.test.ts", "**/*.pg.test.ts", "node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: [
            "app/**/*.int.test.ts",
            "server/**/*.int.test.ts",
            "scripts/**/*.int.test.ts",
            "tests/helpers/**/*.int.test.ts",
          ],
          exclude: ["node_modules/**"],
          // Migrates one template database; each worker loads it once and empties it for every
          // file it runs (tests/helpers/test-db.ts), so its files share modules and one database.
          isolate: false,
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Several processes on one PostgreSQL (*.pg.test.ts, ADR 040): only where there is one
      // (TEST_DATABASE_URL); each file makes the databases it needs on that server, or copies the
      // migrated template as the integration tests do.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: ["app/**/*.pg.test.ts", "server/**/*.pg.test.ts"],
                // A migrated template for the files that use the test databases (test-db.ts).
                globalSetup: ["tests/helpers/global-setup.ts"],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
