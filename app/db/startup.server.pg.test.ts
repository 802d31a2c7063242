import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnv } from "~/lib/env.server";
import { indiaDayOf } from "~/lib/india-time";
import { createServices } from "../../server/services";
import { databaseUrl, dropDatabase } from "../../tests/helpers/template";
import { type Database, migrationsFolder, postgresDatabase } from "./client.server";
import { outlets, products, settings, testimonials, user, vehicles } from "./schema";
import { demoAdmin, SEED_MARKER_KEY } from "./seed";
import { seedOutlets } from "./seed-data/outlets";
import { seedProducts } from "./seed-data/products";
import { seedTestimonials } from "./seed-data/store";
import { seedVehicles } from "./seed-data/vehicles";
import { prepareDatabase } from "./startup.server";

/**
 * Two app processes starting at the same moment on one new PostgreSQL database (ADR 040): each
 * opens its own pool and services, as server/index.ts does, and runs the same start-up work.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const name = `${new URL(adminUrl).pathname.slice(1)}__race_${randomBytes(4).toString("hex")}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "store-race-"));
const opened: Database[] = [];

async function startingProcess() {
  const env = loadEnv({
    DATABASE_URL: databaseUrl(adminUrl, name),
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "race-test-secret-0123456789abcdefghij",
    DEMO_ADMIN_PASSWORD: "Race-test-pass-1",
  });
  // As openDatabase makes it; the drop at the end, ending its connections, is no error of the test.
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 });
  pool.on("error", () => {});
  const database = postgresDatabase(pool);
  opened.push(database);
  const { auth } = createServices(env, database.db);
  return () => prepareDatabase(database, { seed: true, auth, admin: demoAdmin(env) });
}

afterAll(async () => {
  for (const database of opened) await database.close();
  await dropDatabase(adminUrl, name);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("two processes starting at once on a new PostgreSQL database", () => {
  it("migrate it and load the demo data exactly once, taking turns", async () => {
    const server = new pg.Client({ connectionString: adminUrl });
    await server.connect();
    await server.query(`create database "${name}" template template0`);
    await server.end();

    const starts = await Promise.all([startingProcess(), startingProcess()]);
    const results = await Promise.all(starts.map((start) => start()));

    // One of them loaded the demo data; the other found it loaded.
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    expect(results.filter((r) => r.adminCreated)).toHaveLength(1);

    const db = opened[0]!.db;
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    const raced = new pg.Client({ connectionString: databaseUrl(adminUrl, name) });
    await raced.connect();
    const applied = await raced.query<{ n: number }>(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    await raced.end();
    expect(applied.rows[0]?.n).toBe(journal.entries.length);

    const counted = async (
      from: typeof products | typeof outlets | typeof testimonials | typeof vehicles,
    ) => (await db.select({ n: count() }).from(from))[0]?.n;
    expect(await counted(products)).toBe(seedProducts.length);
    expect(await counted(outlets)).toBe(seedOutlets.length);
    expect(await counted(testimonials)).toBe(seedTestimonials.length);
    const year = Number(indiaDayOf(new Date()).slice(0, 4));
    expect(await counted(vehicles)).toBe(seedVehicles(year).length);
    const admins = await db.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
    expect(admins).toHaveLength(1);
    const markers = await db.select().from(settings).where(eq(settings.key, SEED_MARKER_KEY));
    expect(markers).toHaveLength(1);

    // Started again (a restart of both), nothing is loaded twice.
    const again = await Promise.all(starts.map((start) => start()));
    expect(again.every((r) => !r.seeded)).toBe(true);
    expect(await counted(products)).toBe(seedProducts.length);
  });
});
