import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { settings } from "~/db/schema";
import {
  resolveSettings,
  type SettingsPatch,
  type StoreSettings,
  settingsPatchSchema,
} from "./settings.schema";

/** The store's settings: stored values over defaults. */
export async function getSettings(db: Db): Promise<StoreSettings> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  return resolveSettings(rows).settings;
}

/** Validates and stores the given settings; throws a ZodError and stores nothing when any is bad. */
export async function updateSettings(db: Db, patch: SettingsPatch): Promise<StoreSettings> {
  const valid = settingsPatchSchema.parse(patch);
  const entries = Object.entries(valid).filter(([, value]) => value !== undefined);
  if (entries.length > 0) {
    await db
      .insert(settings)
      .values(entries.map(([key, value]) => ({ key, value })))
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
  }
  return getSettings(db);
}

/** Stores settings only where no value is stored yet (used by the demo seed). */
export async function initSettings(db: Db, values: SettingsPatch): Promise<void> {
  const valid = settingsPatchSchema.parse(values);
  const entries = Object.entries(valid).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return;
  await db
    .insert(settings)
    .values(entries.map(([key, value]) => ({ key, value })))
    .onConflictDoNothing({ target: settings.key });
}
