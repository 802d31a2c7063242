import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { settings } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { defaultSettings } from "./settings.schema";
import { getSettings, initSettings, updateSettings } from "./settings.server";

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
    expect((await getSettings(t.db)).brandName).toBe(defaultSettings.brandName);
  });

  it("are not overwritten by the seed's initial values", async () => {
    await updateSettings(t.db, { brandName: "Chosen By Staff" });
    await initSettings(t.db, { brandName: "Seed Name", supportEmail: "a@b.in" });
    const after = await getSettings(t.db);
    expect(after.brandName).toBe("Chosen By Staff");
    expect(after.supportEmail).toBe("a@b.in");
  });
});
