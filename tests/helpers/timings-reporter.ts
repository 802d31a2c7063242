import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** What `npm run test:unit` may take: 90 s for the first 840 tests, 60 ms for each one more. */
export function unitBudgetSeconds(tests: number): number {
  return 90 + Math.max(0, tests - 840) * 0.06;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`.padStart(9);

/**
 * `npm run test:timings`: after the run, the ten slowest test files (importing the file and what
 * it imports, then its tests and hooks), the run's wall time and the suite's budget for its
 * number of tests (ADR 024), so whoever slows the suite down sees where.
 */
export default class SlowestFiles implements Reporter {
  private started = 0;

  onTestRunStart() {
    this.started = performance.now();
  }

  onTestRunEnd(modules: readonly TestModule[]) {
    const wall = performance.now() - this.started;
    const rows = modules.map((module) => {
      const d = module.diagnostic();
      const imports = d.prepareDuration + d.setupDuration + d.collectDuration;
      return {
        file: relative(process.cwd(), module.moduleId),
        project: module.project.name,
        tests: [...module.children.allTests()].length,
        imports,
        run: d.duration,
        total: imports + d.duration,
      };
    });
    rows.sort((a, b) => b.total - a.total);
    const count = rows.reduce((sum, row) => sum + row.tests, 0);
    const lines = [
      "",
      "Ten slowest test files (import = loading the file and its modules; tests = tests and hooks):",
      `${"total".padStart(9)} ${"import".padStart(9)} ${"tests".padStart(9)} count  file`,
      ...rows
        .slice(0, 10)
        .map(
          (row) =>
            `${seconds(row.total)} ${seconds(row.imports)} ${seconds(row.run)} ${String(row.tests).padStart(5)}  ${row.file} (${row.project})`,
        ),
      "",
      `${count} tests in ${rows.length} files, ${(wall / 1000).toFixed(1)} s wall; the budget for ${count} tests is ${unitBudgetSeconds(count).toFixed(1)} s on a 2-core machine.`,
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}
