// `npm test`: every check in turn (stopping at the first that fails), then how long each took,
// so a slower suite shows which step grew (ADR 024).
import { spawnSync } from "node:child_process";

const steps = [
  ["Chromium present", "node", ["scripts/check-chromium.mjs"]],
  ["lint", "npm", ["run", "lint"]],
  ["type-check", "npm", ["run", "typecheck"]],
  ["unit and integration tests", "npm", ["run", "test:unit"]],
  ["browser tests (build included)", "npm", ["run", "test:e2e"]],
];

const took = [];
let failed = 0;
for (const [name, command, args] of steps) {
  const started = performance.now();
  const { status, signal } = spawnSync(command, args, { stdio: "inherit" });
  took.push([name, (performance.now() - started) / 1000]);
  if (status !== 0) {
    failed = status ?? 1;
    console.error(`\nnpm test: "${name}" failed (${signal ?? `exit code ${status}`}).`);
    break;
  }
}
const lines = took.map(([name, seconds]) => `  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
process.stdout.write(`\nnpm test, step by step:\n${lines.join("\n")}\n`);
process.exit(failed);
