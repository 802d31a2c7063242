import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Database, type Db, openDatabase, postgresDatabase } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import {
  createBooking,
  createOrder,
  createOutlet,
  createProduct,
  createReview,
  createUser,
  createVehicle,
  createWarranty,
} from "../../tests/factories";
import { copyDatabase, databaseUrl, dropDatabase } from "../../tests/helpers/template";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db";
import {
  archiveUploads,
  BACKUP_SUFFIX,
  backupPglite,
  backupPostgres,
  backupStem,
  extractUploads,
  RestoreRefused,
  restorePglite,
  restorePostgres,
  uploadsArchiveOf,
} from "./backup";

/**
 * A round trip on the database the run uses (in-memory PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set): rows made by the factories, backed up, restored into a new database,
 * and compared table by table and on one order with its lines.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const folder = mkdtempSync(path.join(tmpdir(), "store-backup-"));
let t: TestDatabase;
let sampleOrderId: number;
let backupFile: string;
/** The database restored from the backup, and how to reach it again. */
let restored: Database;
let restoredTarget: { DATA_DIR: string } | { DATABASE_URL: string };
let dropRestored = async () => {};

/** Every table of the store's schemas (public, and drizzle's record of migrations) and its rows. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ name: string }>(
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: string | number }>(
      sql.raw(`select count(*) as n from ${name}`),
    );
    counts[name] = Number(row?.n);
  }
  return counts;
}

async function orderWithLines(db: Db, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.id));
  return { order, lines };
}

/** A new, empty PostgreSQL database beside the test's, dropped with the run's others. */
async function freshPostgres(): Promise<string> {
  const from = inject("testDatabaseTemplate");
  const base = from?.kind === "postgres" ? from.name : "store_test";
  const name = `${base}__restore_${randomBytes(4).toString("hex")}`;
  await copyDatabase(adminUrl ?? "", "template0", name);
  dropRestored = () => dropDatabase(adminUrl ?? "", name);
  return databaseUrl(adminUrl ?? "", name);
}

/** Runs a backup command as an operator would (tsx, as `npm run` does): its exit code and output. */
function command(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  const customer = await createUser(t);
  await createUser(t, { role: "admin" });
  const [a, b, c] = [
    await createProduct(t, { pricePaise: 450_000 }),
    await createProduct(t, { category: "bike", capacityAh: 9 }),
    await createProduct(t, { category: "inverter", capacityAh: 150, pricePaise: 1_450_000 }),
  ];
  if (!a || !b || !c) throw new Error("products were not made");
  await createVehicle(t, [a.id, b.id]);
  await createReview(t, { productId: a.id, userId: customer.id });
  const outlet = await createOutlet(t);
  await createBooking(t, { outletId: outlet.id, date: "2026-12-01", time: "10:00" });
  await createWarranty(t, { productId: a.id, purchaseDate: "2026-06-01" });
  const sample = await createOrder(t, {
    userId: customer.id,
    customerName: "Meera Shah — मीरा",
    discountPaise: 10_000,
    shippingPaise: 5_000,
    lines: [
      { productId: a.id, model: a.model, quantity: 2, unitPricePaise: 450_000 },
      {
        productId: c.id,
        model: c.model,
        quantity: 1,
        unitPricePaise: 1_450_000,
        exchangeCreditPaise: 50_000,
      },
    ],
  });
  sampleOrderId = sample.id;
  await createOrder(t, { lines: [{ quantity: 1 }] });
});

afterAll(async () => {
  await restored?.close();
  await dropRestored();
  await t?.close();
  // The dump and two restored databases: a hundred megabytes not to leave behind.
  await rm(folder, { recursive: true, force: true });
});

describe("a backup restored into a new database", () => {
  it("holds every table's rows and the same order with its lines", async () => {
    const stem = path.join(folder, backupStem(new Date("2026-11-27T13:45:07.123Z")));
    expect(path.basename(stem)).toBe("store-2026-11-27T13-45-07Z");
    if (adminUrl && t.url) {
      backupFile = `${stem}${BACKUP_SUFFIX.postgres}`;
      await backupPostgres(t.url, backupFile);
      const url = await freshPostgres();
      await restorePostgres(backupFile, url, { force: false });
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      restored = postgresDatabase(pool);
      restoredTarget = { DATABASE_URL: url };
    } else {
      if (!t.pglite) throw new Error("the test database is not PGlite");
      backupFile = `${stem}${BACKUP_SUFFIX.pglite}`;
      await backupPglite(t.pglite, backupFile);
      const dataDir = path.join(folder, "restored");
      await restorePglite(backupFile, dataDir, { force: false, now: new Date() });
      restored = await openDatabase({ dataDir });
      restoredTarget = { DATA_DIR: dataDir };
    }
    expect(existsSync(`${backupFile}.partial`)).toBe(false);

    const before = await rowCounts(t.db);
    expect(before["public.orders"]).toBe(2);
    expect(before["public.order_items"]).toBe(3);
    expect(before["drizzle.__drizzle_migrations"]).toBeGreaterThan(0);
    expect(await rowCounts(restored.db)).toEqual(before);

    const sample = await orderWithLines(restored.db, sampleOrderId);
    expect(sample.lines).toHaveLength(2);
    expect(sample).toEqual(await orderWithLines(t.db, sampleOrderId));
    // The order numbers go on from where they were, not from the start again.
    const [next] = await restored.db
      .insert(orders)
      .values({
        customerName: "After the restore",
        phone: "9876543210",
        address: "1 New Road",
        city: "Surat",
        pincode: "395003",
        subtotalPaise: 100,
        totalPaise: 100,
        reference: "UCAFTERRESTORE",
      })
      .returning({ id: orders.id });
    expect(next?.id).toBeGreaterThan(sampleOrderId);
  });

  it("refuses to overwrite a database that holds data, unless forced", async () => {
    const target = "DATA_DIR" in restoredTarget ? restoredTarget : null;
    if (target) {
      await restored.close();
      await expect(
        restorePglite(backupFile, target.DATA_DIR, { force: false, now: new Date() }),
      ).rejects.toBeInstanceOf(RestoreRefused);
      const now = new Date("2026-11-27T14:00:00Z");
      const { movedAside } = await restorePglite(backupFile, target.DATA_DIR, { force: true, now });
      expect(movedAside).toBe(
        `${path.join(target.DATA_DIR, "db")}.before-restore-2026-11-27T14-00-00Z`,
      );
      expect(existsSync(path.join(movedAside ?? "", "PG_VERSION"))).toBe(true);
      restored = await openDatabase({ dataDir: target.DATA_DIR });
    } else {
      const url = (restoredTarget as { DATABASE_URL: string }).DATABASE_URL;
      await expect(restorePostgres(backupFile, url, { force: false })).rejects.toThrow(
        /already holds \d+ tables; nothing was changed/,
      );
      await restorePostgres(backupFile, url, { force: true });
    }
    // Forced: the backup's rows again, without the order added after the first restore.
    expect(await rowCounts(restored.db)).toEqual(await rowCounts(t.db));
  });

  it("as commands: a usage error exits 2, a refusal 3, each with a sentence", async () => {
    const [usage, refused] = await Promise.all([
      command("restore", [], {}),
      command("restore", [backupFile], restoredTarget),
    ]);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain("Name one backup file to restore.");
    expect(usage.output).toContain("Usage: npm run restore -- <backup file> [--force]");
    expect(refused.code).toBe(3);
    expect(refused.output).toContain("nothing was changed");
  });
});

describe("uploads in a backup", () => {
  it("are put in a tar beside the dump and unpacked into the uploads folder", async () => {
    const uploads = path.join(folder, "uploads");
    await mkdir(path.join(uploads, "products"), { recursive: true });
    await writeFile(path.join(uploads, "products", "ab12-card.webp"), "card");
    const archive = uploadsArchiveOf(path.join(folder, `store-x${BACKUP_SUFFIX.pglite}`));
    expect(path.basename(archive)).toBe(`store-x${BACKUP_SUFFIX.uploads}`);
    expect(await archiveUploads(uploads, archive)).toBe(true);
    const elsewhere = path.join(folder, "other", "uploads");
    await extractUploads(archive, elsewhere);
    expect(readFileSync(path.join(elsewhere, "products", "ab12-card.webp"), "utf8")).toBe("card");
    expect(await archiveUploads(path.join(folder, "none"), `${archive}.2`)).toBe(false);
    expect(existsSync(`${archive}.2`)).toBe(false);
  });
});
