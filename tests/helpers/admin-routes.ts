import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { FormAction } from "~/lib/form-action.server";

export type AdminRoute = { file: string; url: string };

/** Every route of the URL map under /admin, with an address that reaches it. */
export function adminRoutes(entries: RouteConfigEntry[], parent = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const below = adminRoutes(entry.children ?? [], own);
    // A pathless layout is reached through its children: use its index child's address.
    const url = (entry.path || entry.index ? own : below[0]?.url) ?? "";
    const address = url.replace("*", "no-such-page").replace(/:(\w+)/g, "1");
    const here = address.startsWith("/admin") ? [{ file: entry.file, url: address }] : [];
    return [...here, ...below];
  });
}

export type RouteModule = {
  loader?: (args: unknown) => unknown;
  action?: ((args: unknown) => unknown) & Partial<FormAction>;
};

/** A route module of the app, by its file in the URL map ("routes/admin/users.tsx"). */
export const loadRoute = async (file: string): Promise<RouteModule> =>
  import(pathToFileURL(path.resolve("app", file)).href);
