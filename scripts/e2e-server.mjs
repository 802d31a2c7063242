// Starts the built store for the browser tests on a fresh embedded database every run.
import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dataDir = process.env.DATA_DIR ?? ".e2e-data";
rmSync(dataDir, { recursive: true, force: true });
await import(pathToFileURL(path.resolve("dist/server.js")).href);
