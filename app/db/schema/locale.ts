import { sql } from "drizzle-orm";
import { check, text } from "drizzle-orm/pg-core";
import { LOCALES, type Locale } from "../../lib/i18n/locales";
import { sqlList } from "./enums";

/**
 * The language a record was made in (issue 26): an account's is the language of its sign-up, an
 * order's, a booking's, a registration's the language of the page it was made on. Its mails are
 * written in it.
 */
export const localeColumn = () => text("locale").$type<Locale>().notNull().default("en");

/** The table's CHECK that its `locale` is one of the store's languages. */
export const localeCheck = (table: string) =>
  check(`${table}_locale_check`, sql.raw(`"locale" in (${sqlList(LOCALES)})`));
