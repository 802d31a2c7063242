import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { postgresDatabase } from "~/db/client.server";
import { PublicDataCache } from "~/lib/public-data.server";
import { PageCache } from "./page-cache";
import { cutTemplate, type Template } from "./page-template";
import { PublicChanges } from "./public-changes";

/**
 * Two store processes on one PostgreSQL, as server/index.ts wires each one: a page cache, the
 * public data emptied with it, and the channel that tells the other process of a change. Each has
 * a pool and a listening connection of its own, as two processes have.
 */
const url = process.env.TEST_DATABASE_URL ?? "";
const opened: { pool: pg.Pool; changes: PublicChanges }[] = [];

function storeProcess() {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const pages = new PageCache();
  const publicData = new PublicDataCache();
  pages.onClear(() => publicData.clear());
  const heard = { count: 0 };
  const changes = new PublicChanges({
    url,
    db: postgresDatabase(pool).db,
    logger: { info() {}, warn() {} },
    onChange: () => {
      heard.count += 1;
      pages.clear();
    },
    retryMs: 20,
  });
  pages.announceChangesWith(() => changes.announce());
  opened.push({ pool, changes });
  return { pages, publicData, changes, heard, pool };
}

/** A product page kept in `pages`, and a catalogue query kept in `publicData`. */
async function warm({ pages, publicData }: ReturnType<typeof storeProcess>) {
  const body = Buffer.from('<p nonce="n">₹4,500</p>');
  const template = cutTemplate(body, { nonce: "n" }, () => "raw") as Template;
  pages.keep("/oneprod/RIDE-9B", { status: 200, headers: new Headers(), template });
  await publicData.get("catalogue", async () => ["RIDE-9B"]);
  expect(pages.size).toBe(1);
  expect(publicData.size).toBe(1);
}

/** Milliseconds until `done` holds (it is checked every 5 ms, for at most 1 s). */
async function msUntil(done: () => boolean): Promise<number> {
  const started = performance.now();
  await vi.waitFor(() => expect(done()).toBe(true), { timeout: 1_000, interval: 5 });
  return performance.now() - started;
}

afterEach(async () => {
  for (const { pool, changes } of opened.splice(0)) {
    await changes.stop();
    if (!pool.ended) await pool.end();
  }
});

describe("page caches of several processes on one PostgreSQL (ADR 040)", () => {
  it("a change in one process empties the other's pages and public data within 1 s", async () => {
    const a = storeProcess();
    const b = storeProcess();
    await Promise.all([a.changes.start(), b.changes.start()]);
    await warm(a);
    await warm(b);

    await a.pages.changed();
    expect(a.pages.size).toBe(0);
    expect(a.publicData.size).toBe(0);
    const took = await msUntil(() => b.pages.size === 0 && b.publicData.size === 0);
    expect(took).toBeLessThan(1_000);

    // A process does not act on its own announcement: A hears B's change, and only B's
    // (PostgreSQL delivers A's own, sent earlier, before it).
    await b.pages.changed();
    await msUntil(() => a.heard.count > 0);
    expect(a.heard.count).toBe(1);
    expect(b.heard.count).toBe(1);
  });

  it("listens again after its connection is lost, and forgets what it may have missed", async () => {
    const a = storeProcess();
    const b = storeProcess();
    await Promise.all([a.changes.start(), b.changes.start()]);
    await warm(b);

    // B's listening connection is killed (as by a restart of PostgreSQL or a network cut).
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
      [`store-changes-${b.changes.id.slice(0, 8)}`],
    );
    await admin.end();
    expect(killed.rowCount).toBe(1);

    // It connects again, and empties its caches: a change announced meanwhile is not lost.
    await vi.waitFor(() => expect(b.changes.connections).toBe(2), { timeout: 5_000 });
    expect(b.changes.listening).toBe(true);
    expect(b.pages.size).toBe(0);
    expect(b.publicData.size).toBe(0);

    // And it hears the next change as before.
    await warm(b);
    await a.pages.changed();
    expect(await msUntil(() => b.pages.size === 0)).toBeLessThan(1_000);
  });

  it("a change is still made and emptied here when it cannot be announced", async () => {
    const a = storeProcess();
    await a.changes.start();
    await warm(a);
    await a.pool.end();
    await expect(a.pages.changed()).resolves.toBeUndefined();
    expect(a.pages.size).toBe(0);
  });
});
