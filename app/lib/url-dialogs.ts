import { queryValues } from "./forms";
import { stripLocale } from "./i18n/locales";
import { recordIdSchema } from "./record-id";

/** Admin dialogs keep their open state in the URL (?add=1, ?edit=<id>, ?import=new|<id>); see
 * ADR 007 and ADR 034. */
const dialogParams = ["add", "edit", "import"];

/** The current query with one parameter set and any open dialog closed, e.g. "?q=x&page=2". */
export function queryWith(search: string, key: string, value: string): string {
  const params = new URLSearchParams(search);
  for (const name of dialogParams) params.delete(name);
  params.set(key, value);
  return `?${params}`;
}

/** The address of the list behind a dialog: same path and filters, dialog closed. Like every
 * path a route hands to React Router (a link, a redirect), it is written without the language
 * prefix: the router of a Hindi page adds `/hi` itself (ADR 037). */
export function withoutDialog(requestUrl: string): string {
  const url = new URL(requestUrl);
  for (const name of dialogParams) url.searchParams.delete(name);
  return `${stripLocale(url.pathname)}${url.search}`;
}

/** What an admin list page's URL says: its query values, the open dialog, and how to close it. */
export function readListUrl(requestUrl: string) {
  const url = new URL(requestUrl);
  const values = queryValues(url.searchParams);
  const edit = values.edit ?? null;
  const editId = recordIdSchema.safeParse(edit);
  return {
    values,
    adding: url.searchParams.get("add") === "1",
    /** The record to edit, as sent. */
    editKey: edit,
    /** The record to edit as a numeric id, or null when it is not one. */
    editId: editId.success ? editId.data : null,
    closeHref: withoutDialog(requestUrl),
  };
}
