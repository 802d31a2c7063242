// `npm test`: every check, stopping after the first stage that fails, then how long each took,
// so a slower suite shows which step grew (ADR 024).
//
// Lint and the type-check run while the unit tests do: the type-check is one process on one core
// for about 15 s, beside tests that keep both cores busy for a minute. Their output is held and
// printed whole when they end, so it does not cut into the tests' lines.
import { spawn } from "node:child_process";

const stages = [
  [["Chromium present", "node", ["scripts/check-chromium.mjs"]]],
  [
    ["lint", "npm", ["run", "lint"], { quiet: true }],
    ["type-check", "npm", ["run", "typecheck"], { quiet: true }],
    ["unit and integration tests", "npm", ["run", "test:unit"]],
  ],
  [["browser tests (build included)", "npm", ["run", "test:e2e"]]],
];

/** Runs one step; resolves with its exit code and seconds (its output held when quiet). */
function run([name, command, args, { quiet = false } = {}]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    const held = [];
    child.stdout?.on("data", (chunk) => held.push(chunk));
    child.stderr?.on("data", (chunk) => held.push(chunk));
    child.on("close", (status, signal) => {
      if (quiet) process.stdout.write(`\n> ${name}\n${Buffer.concat(held).toString()}`);
      resolve({ name, status, signal, seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** The steps of a stage: the quiet ones one after another (lint is quick), beside the others. */
async function runStage(steps) {
  const quiet = steps.filter((step) => step[3]?.quiet);
  const loud = steps.filter((step) => !step[3]?.quiet);
  const inTurn = (async () => {
    const results = [];
    for (const step of quiet) {
      const result = await run(step);
      results.push(result);
      if (result.status !== 0) break;
    }
    return results;
  })();
  const together = await Promise.all([inTurn, ...loud.map(run)]);
  return together.flat();
}

const took = [];
let failed = 0;
for (const steps of stages) {
  const results = await runStage(steps);
  took.push(...results);
  const failure = results.find((result) => result.status !== 0);
  if (failure) {
    failed = failure.status ?? 1;
    console.error(
      `\nnpm test: "${failure.name}" failed (${failure.signal ?? `exit code ${failure.status}`}).`,
    );
    break;
  }
}
const lines = took.map(({ name, seconds }) => `  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
process.stdout.write(`\nnpm test, step by step:\n${lines.join("\n")}\n`);
process.exit(failed);
