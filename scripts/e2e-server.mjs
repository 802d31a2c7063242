// Starts the built store for the browser tests on a fresh embedded database every run, and beside
// it the test-only control port (tests/e2e/control-server.ts, ADR 011) on 127.0.0.1, through which
// tests create their own users, sessions and products in this process's database.
import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

const dataDir = process.env.DATA_DIR ?? ".e2e-data";
const port = Number(process.env.PORT ?? 3100);
const controlPort = Number(process.env.E2E_CONTROL_PORT ?? port + 1);

rmSync(dataDir, { recursive: true, force: true });
const { started } = await import(pathToFileURL(path.resolve("dist/server.js")).href);
const store = await started;
const { startControlServer } = await tsImport("../tests/e2e/control-server.ts", import.meta.url);
await startControlServer({ store, port: controlPort, storeUrl: `http://127.0.0.1:${port}` });
process.stdout.write(`  Test control port: http://127.0.0.1:${controlPort}\n`);
