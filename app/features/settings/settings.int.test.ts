import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { settings } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { defaultSettings } from "./settings.schema";
import { getSettings, initSettings, SETTINGS_RECHECK_MS, updateSettings } from "./settings.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

describe("store settings", () => {
  it("are the defaults in a new store", async () => {
    expect(await getSettings(t.db)).toEqual(defaultSettings);
  });

  it("change only the keys given", async () => {
    await updateSettings(t.db, { brandName: "Shakti Batteries", supportPhone: "+91 98765 43210" });
    const after = await updateSettings(t.db, { tagline: "Power that lasts" });
    expect(after.brandName).toBe("Shakti Batteries");
    expect(after.supportPhone).toBe("+91 98765 43210");
    expect(after.tagline).toBe("Power that lasts");
  });

  it("can be cleared back to null", async () => {
    const after = await updateSettings(t.db, { supportPhone: null });
    expect(after.supportPhone).toBeNull();
  });

  it("store nothing when any value is invalid", async () => {
    await expect(
      updateSettings(t.db, { brandName: "Good Name", upiPayeeId: "not-a-upi-id" }),
    ).rejects.toBeInstanceOf(ZodError);
    expect((await getSettings(t.db)).brandName).toBe("Shakti Batteries");
  });

  it("survive a bad stored row by using the default for it", async () => {
    await t.db.update(settings).set({ value: 42 }).where(eq(settings.key, "brandName"));
    const later = Date.now() + SETTINGS_RECHECK_MS;
    expect((await getSettings(t.db, later)).brandName).toBe(defaultSettings.brandName);
  });

  it("are kept by the process, and a change made elsewhere is seen after the recheck", async () => {
    await updateSettings(t.db, { tagline: "Saved here" });
    const savedAt = Date.now();
    // Another process (or a person with psql) changes a setting.
    await t.db
      .update(settings)
      .set({ value: "Saved elsewhere" })
      .where(eq(settings.key, "tagline"));
    expect((await getSettings(t.db, savedAt)).tagline).toBe("Saved here");
    expect((await getSettings(t.db, savedAt + SETTINGS_RECHECK_MS)).tagline).toBe(
      "Saved elsewhere",
    );
  });

  it("are not overwritten by the seed's initial values", async () => {
    await updateSettings(t.db, { brandName: "Chosen By Staff" });
    await initSettings(t.db, { brandName: "Seed Name", supportEmail: "a@b.in" });
    const after = await getSettings(t.db);
    expect(after.brandName).toBe("Chosen By Staff");
    expect(after.supportEmail).toBe("a@b.in");
  });
});
