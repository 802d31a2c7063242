// `npm run start:cluster`: several store processes on one PostgreSQL behind nginx, round robin and
// no sticky sessions, on this machine (ADR 040). nginx runs deploy/nginx.conf, the example for
// operators, with this script's ports put in.
//
//   DATABASE_URL   the PostgreSQL every process shares (required)
//   CLUSTER_PORT   where nginx listens (default 8080); the processes listen on the next ports
//   CLUSTER_SIZE   how many processes (default 2)
//   DATA_DIR       shared by the processes on this machine: uploads, outbox, the auth secret
//   BETTER_AUTH_URL, BETTER_AUTH_SECRET, TRUST_PROXY: as for one process; the defaults here are
//                  nginx's address, one secret kept in DATA_DIR, and 1 (nginx)
//   CLUSTER_ENTRY  the file each process runs (default dist/server.js; the browser tests' own)
//
// Each process answers with `X-Served-By: app-<n>` (APP_INSTANCE). Ctrl-C stops them all; if one
// process stops by itself, the others are stopped too and the script fails.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

function fail(message) {
  console.error(`start:cluster: ${message}`);
  process.exit(1);
}

const env = process.env;
if (!env.DATABASE_URL) {
  fail(
    "DATABASE_URL is not set. Several processes need one PostgreSQL to share, e.g.\n" +
      "  DATABASE_URL=postgres://user:password@127.0.0.1:5432/store npm run start:cluster",
  );
}
const port = Number(env.CLUSTER_PORT ?? 8080);
const size = Number(env.CLUSTER_SIZE ?? 2);
if (!Number.isInteger(port) || port < 1 || port > 65535 - size) fail("CLUSTER_PORT is not a port");
if (!Number.isInteger(size) || size < 1 || size > 16) fail("CLUSTER_SIZE must be 1 to 16");
const entry = path.resolve(env.CLUSTER_ENTRY ?? "dist/server.js");
if (!existsSync(entry)) fail(`${entry} is missing: run \`npm run build\` first.`);
const nginx = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((file) => existsSync(file));
const nginxCommand = nginx ?? "nginx";
if (spawnSync(nginxCommand, ["-v"]).error) {
  fail("nginx is not installed: `apt-get install -y nginx` (Debian and Ubuntu).");
}

const dataDir = path.resolve(env.DATA_DIR ?? "./data");
const publicUrl = env.BETTER_AUTH_URL || `http://localhost:${port}`;
const appPorts = Array.from({ length: size }, (_, i) => port + 1 + i);

/** One auth secret for every process (a session made by one is read by the others). */
function sharedSecret() {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "auth-secret");
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

/** deploy/nginx.conf with this run's ports, inside a main configuration of this run's own. */
function writeNginxConfig() {
  const run = path.join(os.tmpdir(), `store-cluster-${port}`);
  mkdirSync(run, { recursive: true });
  chmodSync(run, 0o755);
  const temp = ["body", "proxy", "fastcgi", "uwsgi", "scgi"];
  for (const name of temp) {
    mkdirSync(path.join(run, name), { recursive: true });
    // nginx started by root runs its workers as nobody, who writes request bodies here.
    chmodSync(path.join(run, name), 0o777);
  }
  const example = readFileSync(path.resolve("deploy/nginx.conf"), "utf8");
  const upstream = appPorts
    .map((appPort) => `  server 127.0.0.1:${appPort} max_fails=1 fail_timeout=5s;`)
    .join("\n");
  const site = example
    .replace(/^ {2}server 127\.0\.0\.1:\d+ .*;\n/gm, "")
    .replace(/^upstream store \{\n/m, `upstream store {\n${upstream}\n`)
    .replace(/^ {2}listen 80;$/m, `  listen 127.0.0.1:${port};`);
  if (!site.includes(`listen 127.0.0.1:${port};`) || !site.includes(upstream)) {
    fail(
      "deploy/nginx.conf no longer has the `listen 80;` and upstream lines this script replaces",
    );
  }
  writeFileSync(path.join(run, "store.conf"), site);
  const main = [
    "worker_processes 1;",
    `pid ${run}/nginx.pid;`,
    "error_log stderr warn;",
    "daemon off;",
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    ...temp.map((name) => `  ${name === "body" ? "client_body" : name}_temp_path ${run}/${name};`),
    `  include ${run}/store.conf;`,
    "}",
    "",
  ].join("\n");
  writeFileSync(path.join(run, "nginx.conf"), main);
  return { run, config: path.join(run, "nginx.conf") };
}

const children = [];
let stopping = false;

/** Passes a child's output on, each line marked with its name. */
function prefixed(child, name) {
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = "";
    from.setEncoding("utf8");
    from.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) to.write(`[${name}] ${line}\n`);
    });
  }
}

function start(name, command, args, childEnv, stopSignal = "SIGTERM") {
  const child = spawn(command, args, { env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  prefixed(child, name);
  children.push({ child, stopSignal });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(
      `start:cluster: ${name} stopped (${signal ?? `exit code ${code}`}); stopping all`,
    );
    stop(1);
  });
  return child;
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  const running = children.filter(({ child }) => child.exitCode === null && !child.signalCode);
  if (running.length === 0) process.exit(code);
  let left = running.length;
  for (const { child, stopSignal } of running) {
    child.once("exit", () => {
      left -= 1;
      if (left === 0) process.exit(code);
    });
    child.kill(stopSignal);
  }
  setTimeout(() => process.exit(code), 12_000).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

/** Resolves once `url` answers 200 (start-up: migrations, the first seed). */
async function answers(url, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

const secret = sharedSecret();
const started = performance.now();
// All at once: migrations and the first seed take turns under an advisory lock (ADR 040).
appPorts.forEach((appPort, i) => {
  start(`app-${i + 1}`, process.execPath, [entry], {
    ...env,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    APP_INSTANCE: `app-${i + 1}`,
    TRUST_PROXY: env.TRUST_PROXY || "1",
    BETTER_AUTH_URL: publicUrl,
    BETTER_AUTH_SECRET: secret,
    DATA_DIR: dataDir,
  });
});
try {
  await Promise.all(appPorts.map((appPort) => answers(`http://127.0.0.1:${appPort}/readyz`)));
  const { config, run } = writeNginxConfig();
  start("nginx", nginxCommand, ["-e", "stderr", "-p", run, "-c", config], env, "SIGQUIT");
  await answers(`http://127.0.0.1:${port}/readyz`, 10_000);
} catch (error) {
  console.error(`start:cluster: ${error.message}`);
  stop(1);
}
if (stopping) await new Promise(() => {});
process.stdout.write(
  [
    "",
    `  ${size} store processes on one PostgreSQL behind nginx (round robin): ${publicUrl}`,
    ...appPorts.map((appPort, i) => `    app-${i + 1}: http://127.0.0.1:${appPort}`),
    `  Ready in ${((performance.now() - started) / 1000).toFixed(1)} s. Ctrl-C stops them all.`,
    "",
    "",
  ].join("\n"),
);
