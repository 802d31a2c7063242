// Starts the cluster the cluster's browser tests run against (playwright.cluster.config.ts): a new
// PostgreSQL database and data folder every run, then scripts/start-cluster.mjs with each process
// running scripts/e2e-cluster-app.mjs (the store; in the first process also the control port).
//
//   CLUSTER_TEST_DATABASE_URL  the database to make afresh (dropped first if it exists); default
//                              postgres://postgres:postgres@127.0.0.1:5432/store_cluster_e2e
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const target = new URL(
  process.env.CLUSTER_TEST_DATABASE_URL ??
    "postgres://postgres:postgres@127.0.0.1:5432/store_cluster_e2e",
);
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[\w-]+$/.test(name)) throw new Error(`Not a database name for the tests: "${name}"`);
const server = new URL(target);
server.pathname = "/postgres";
const client = new pg.Client({ connectionString: server.toString() });
await client.connect();
try {
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
} finally {
  await client.end();
}
rmSync(path.resolve(process.env.DATA_DIR ?? ".cluster-e2e-data"), { recursive: true, force: true });

process.env.DATABASE_URL = target.toString();
process.env.CLUSTER_ENTRY = "scripts/e2e-cluster-app.mjs";
await import("./start-cluster.mjs");
