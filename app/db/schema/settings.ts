import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Store settings as key -> JSON value (SQL NULL for an unset optional setting); the shape of
 * each key is enforced by the settings schema.
 */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
