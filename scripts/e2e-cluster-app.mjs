// One process of the cluster's browser tests (scripts/e2e-cluster.mjs): the built store, and in
// the first process (app-1) the test-only control port (tests/e2e/control-server.ts, ADR 011) on
// the database e2e-cluster.mjs has just made. Its changes reach the other processes' page caches
// as an admin's do (ADR 040).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

const { started } = await import(pathToFileURL(path.resolve("dist/server.js")).href);
const store = await started;
const controlPort = process.env.E2E_CONTROL_PORT;
if (controlPort && process.env.APP_INSTANCE === "app-1") {
  const { startControlServer } = await tsImport("../tests/e2e/control-server.ts", import.meta.url);
  await startControlServer({
    store,
    port: Number(controlPort),
    // Ready once the load balancer answers (it starts once every process does).
    storeUrl: `http://127.0.0.1:${process.env.CLUSTER_PORT}`,
    freshDatabase: true,
  });
  process.stdout.write(`  Test control port: http://127.0.0.1:${controlPort}\n`);
}
