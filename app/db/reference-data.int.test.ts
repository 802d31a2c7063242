import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db";
import type { Db } from "./client.server";
import { loadReferenceData, pincodeFile, readPincodeFile } from "./reference-data.server";
import { pincodes } from "./schema";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const folder = mkdtempSync(path.join(tmpdir(), "pincodes-"));
function directory(name: string, lines: string[]): string {
  const file = path.join(folder, name);
  writeFileSync(file, `# a test directory\n${lines.join("\n")}\n`);
  return file;
}
const howMany = async (db: Pick<Db, "select">) =>
  (await db.select({ n: count() }).from(pincodes))[0]?.n;

/** How many pincodes the committed file holds (18,763 today). */
const committed = readPincodeFile(readFileSync(pincodeFile, "utf8")).length;

/** Thrown to undo a test's changes to the directory, which every test file shares. */
class Undo extends Error {}

describe("the pincode directory's loading (ADR 030)", () => {
  it("is loaded in every test database, as the committed file has it", async () => {
    expect(committed).toBeGreaterThan(18_000);
    expect(await howMany(t.db)).toBe(committed);
    expect(readPincodeFile("# note\n380015\t23.024349\t72.530152\tAhmedabad\tGujarat\n")).toEqual([
      {
        pincode: "380015",
        latitude: 23.024349,
        longitude: 72.530152,
        district: "Ahmedabad",
        state: "Gujarat",
        place: "Ahmedabad",
      },
    ]);
  });

  it("loads a changed file in place of the rows, and leaves them be while it is unchanged", async () => {
    const first = directory("first.tsv", [
      "380015\t23.024349\t72.530152\tAhmedabad\tGujarat",
      "395003\t21.2\t72.83\tSurat\tGujarat",
    ]);
    const second = directory("second.tsv", ["110001\t28.632743\t77.219597\tCentral Delhi\tDelhi"]);
    const undone = t.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await loadReferenceData(db, first);
      expect(await howMany(db)).toBe(2);
      // Unchanged: not loaded again (a row taken out by hand stays out).
      await db.delete(pincodes).where(eq(pincodes.pincode, "395003"));
      await loadReferenceData(db, first);
      expect(await howMany(db)).toBe(1);
      // Changed: the new file's rows, and only those.
      await loadReferenceData(db, second);
      expect(await db.select({ place: pincodes.place }).from(pincodes)).toEqual([
        { place: "Central Delhi" },
      ]);
      throw new Undo();
    });
    await expect(undone).rejects.toBeInstanceOf(Undo);
    expect(await howMany(t.db)).toBe(committed);
  });
});
