import { createServer, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Db, openDatabase, postgresDatabase } from "~/db/client.server";
import { testAppDeps } from "../tests/helpers/app-deps";
import { listen } from "../tests/helpers/listen";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-db";
import { createApp } from "./app";

/**
 * /readyz against PostgreSQL servers that are not there, hang, or hang up: each a real TCP
 * listener (or none) that node-postgres really connects to. (A closed PGlite, or a pool that was
 * ended, is app.int.test.ts's last test.)
 */

let t: TestDatabase;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  // In order: the fake servers hang up first, so a pool still connecting to one can end.
  for (const cleanup of cleanups) await cleanup();
  await t?.close();
});

/** A TCP server on a free local port that does `onConnection` with each connection. */
async function tcpServer(onConnection: (socket: Socket) => void): Promise<number> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

/** A port nothing listens on (it was free a moment ago and its listener is gone). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : 0;
}

/** The store over `db`; its /readyz's status, its body and how long it took. */
async function readyz(db: Db, readyTimeoutMs?: number) {
  const app = createApp(testAppDeps(t, { db, readyTimeoutMs }));
  const { base, close } = await listen(app);
  cleanups.push(close);
  const started = performance.now();
  const res = await fetch(`${base}/readyz`);
  const body = await res.json();
  return { status: res.status, body, ms: performance.now() - started, base };
}

/** The store on a PostgreSQL pool to `port` on this machine: its /readyz, as above. */
async function readyzOn(port: number, readyTimeoutMs: number) {
  const pool = new pg.Pool({ connectionString: `postgres://store:x@127.0.0.1:${port}/store` });
  pool.on("error", () => {});
  cleanups.push(() => pool.end().catch(() => {}));
  return readyz(postgresDatabase(pool).db, readyTimeoutMs);
}

describe("/readyz on PostgreSQL", () => {
  it("answers 503 at once when nothing listens at the database's address", async () => {
    const { status, body, ms } = await readyzOn(await closedPort(), 5000);
    expect(status).toBe(503);
    expect(body).toEqual({ status: "database unavailable" });
    expect(ms).toBeLessThan(2000);
  });

  it("answers 503 when the database hangs up on every connection", async () => {
    const port = await tcpServer((socket) => socket.destroy());
    const { status, ms } = await readyzOn(port, 5000);
    expect(status).toBe(503);
    expect(ms).toBeLessThan(2000);
  });

  it("answers 503 within its time limit when the database accepts but never answers", async () => {
    const port = await tcpServer(() => {});
    const { status, ms, base } = await readyzOn(port, 300);
    expect(status).toBe(503);
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(2000);
    // The process check does not touch the database: still 200 meanwhile.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("is ready again after PostgreSQL ended the store's connections, and the process lives on", async () => {
    // On PostgreSQL (CI's second run) the store's own pool as the server opens it; on PGlite,
    // which has no connections to end, the embedded database.
    if (!t.url) {
      expect((await readyz(t.db)).status).toBe(200);
      return;
    }
    const url = new URL(t.url);
    url.searchParams.set("application_name", "readiness_test");
    const errors: Error[] = [];
    const database = await openDatabase({ url: url.href, onPoolError: (e) => errors.push(e) });
    cleanups.push(() => database.close());
    await database.db.execute(sql`select 1`); // one connection, idle in the pool now
    expect(database.poolUse?.()).toMatchObject({ total: 1, idle: 1, waiting: 0, max: 10 });
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'readiness_test'`,
    );
    // Without the pool's error listener, this error would have ended the test process.
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(database.poolUse?.().total).toBe(0);
    expect((await readyz(database.db)).status).toBe(200);
  });

  it("answers 200 when the database answers", async () => {
    const { status, body } = await readyz(t.db);
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ready" });
  });
});
