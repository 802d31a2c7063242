import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { settings } from "~/db/schema";
import {
  resolveSettings,
  type SettingsPatch,
  type StoreSettings,
  settingsPatchSchema,
} from "./settings.schema";

/**
 * How long a process trusts its copy of the settings before it asks the database whether they
 * changed (another process may have saved them). A save in this process is seen at once.
 */
export const SETTINGS_RECHECK_MS = 1000;

type CachedSettings = { settings: StoreSettings; version: string; checkedAt: number };
/**
 * Kept on globalThis: the server (dist/server.js) and the routes (build/server) are two bundles
 * with a copy of this module each, and the server drops the routes' copy when another process
 * announces a change (ADR 040), so no page is rendered and kept with the settings before it.
 */
const CACHE = Symbol.for("battery-store.settings-cache");
const shared = globalThis as { [CACHE]?: WeakMap<Db, CachedSettings> };
shared[CACHE] ??= new WeakMap();
const cache = shared[CACHE];

/** A digest of every stored setting: changes with any write, by the store or by hand. */
async function settingsVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({
      version: sql<string>`md5(coalesce(string_agg(${settings.key} || '=' || coalesce(${settings.value}::text, ''), ',' order by ${settings.key}), ''))`,
    })
    .from(settings);
  return row?.version ?? "";
}

/**
 * The store's settings: stored values over defaults. Every page needs them, so each process
 * keeps a copy: reused as it is for SETTINGS_RECHECK_MS, then kept for as long as a one-row
 * version query says nothing changed.
 */
export async function getSettings(db: Db, now = Date.now()): Promise<StoreSettings> {
  const cached = cache.get(db);
  if (cached && now - cached.checkedAt < SETTINGS_RECHECK_MS) return cached.settings;
  const version = await settingsVersion(db);
  if (cached && cached.version === version) {
    cached.checkedAt = now;
    return cached.settings;
  }
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  const fresh = resolveSettings(rows).settings;
  cache.set(db, { settings: fresh, version, checkedAt: now });
  return fresh;
}

/** Stores these (already valid) settings, replacing what is stored; in a transaction if given one. */
export async function writeSettings(
  db: Pick<Db, "insert">,
  entries: ReadonlyArray<readonly [key: string, value: unknown]>,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(settings)
    .values(entries.map(([key, value]) => ({ key, value })))
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}

/** Drops this process's copy of the settings: the next read has what is stored now. */
export function forgetSettings(db: Db): void {
  cache.delete(db);
}

/** Validates and stores the given settings; throws a ZodError and stores nothing when any is bad. */
export async function updateSettings(db: Db, patch: SettingsPatch): Promise<StoreSettings> {
  const valid = settingsPatchSchema.parse(patch);
  await writeSettings(
    db,
    Object.entries(valid).filter(([, value]) => value !== undefined),
  );
  forgetSettings(db);
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
  forgetSettings(db);
}
