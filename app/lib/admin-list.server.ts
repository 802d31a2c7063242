import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { requireAdmin } from "./guards.server";
import type { SessionUser } from "./session.server";
import { readListUrl } from "./url-dialogs";

/** What a list page's loads are given: the parsed query, the dialog the URL opens, and who asks. */
export type AdminListInput<Q> = {
  db: Db;
  query: Q;
  admin: SessionUser;
  /** Whether the URL opens the add dialog. */
  adding: boolean;
  /** The record the edit dialog is for, as a numeric id (null: none, or not a number). */
  editId: number | null;
  /** The same, as sent (records keyed by text: users, delivery areas). */
  editKey: string | null;
};

/** Each value a promise or a value; the loader's data has them all settled. */
type Loads = Record<string, unknown>;
type Settled<L extends Loads> = { [K in keyof L]: Awaited<L[K]> };

/**
 * The loader half of an `AdminResourcePage` (components/admin/resource-page.tsx): checks the
 * admin role on the server, reads the list's URL (its filters, the add or edit dialog it opens
 * and the address that closes it), parses the filters with the page's schema, and runs the
 * page's loads at once (the list, the record being edited, choices for the form).
 */
export async function loadAdminList<S extends z.ZodType, L extends Loads>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  schema: S,
  loads: (input: AdminListInput<z.output<S>>) => L,
): Promise<{ query: z.output<S>; adding: boolean; closeHref: string } & Settled<L>> {
  const admin = requireAdmin(request, context);
  const { values, adding, editId, editKey, closeHref } = readListUrl(request.url);
  const query = schema.parse(values);
  const pending = loads({ db: context.db, query, admin, adding, editId, editKey });
  const entries = await Promise.all(
    Object.entries(pending).map(async ([key, value]) => [key, await value] as const),
  );
  return { query, adding, closeHref, ...(Object.fromEntries(entries) as Settled<L>) };
}
