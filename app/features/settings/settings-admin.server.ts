import { isDeepStrictEqual } from "node:util";
import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { settings } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import {
  resolveSettings,
  type SettingKey,
  type SettingsPatch,
  settingsPatchSchema,
} from "./settings.schema";
import { forgetSettings, writeSettings } from "./settings.server";

/**
 * An admin's change to the store settings: stores the given settings that differ from what is
 * in effect, each change with an audit row (`setting.update`, the key as its id, `from` and
 * `to` the value before and after), in one transaction. Throws a ZodError and stores nothing
 * when any value breaks its rule. Returns the keys that changed (none: nothing was written).
 *
 * The store shows the new values at once: this process's copy of the settings is dropped here,
 * other processes see the change within SETTINGS_RECHECK_MS (at once on PostgreSQL, when the
 * change is announced: ADR 040), and the page handler empties the kept pages and public data
 * after any successful post to /admin (ADR 016, ADR 017).
 */
export async function saveSettings(
  db: Db,
  patch: SettingsPatch,
  actor: { id: string },
): Promise<SettingKey[]> {
  const valid = settingsPatchSchema.parse(patch);
  const given = (Object.keys(valid) as SettingKey[]).filter((key) => valid[key] !== undefined);
  if (given.length === 0) return [];
  const changed = await db.transaction(async (tx) => {
    // The stored rows of these keys, locked so that two admins saving at once each record
    // what the other left, not what both started from.
    const rows = await tx
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(inArray(settings.key, given))
      .for("update");
    const before = resolveSettings(rows).settings;
    const changed = given.filter((key) => !isDeepStrictEqual(before[key], valid[key]));
    if (changed.length === 0) return changed;
    await writeSettings(
      tx,
      changed.map((key) => [key, valid[key]] as const),
    );
    for (const key of changed) {
      await recordAudit(tx, actor, "setting", key, { value: before[key] }, { value: valid[key] });
    }
    return changed;
  });
  // The very next page (this admin's, or a visitor's) has the new values.
  if (changed.length > 0) forgetSettings(db);
  return changed;
}
