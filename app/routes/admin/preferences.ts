import { data, redirect } from "react-router";
import { sidebarCookie } from "~/features/accounts/admin-preferences.server";
import { requireAdmin } from "~/lib/guards.server";
import { readForm, refererPath } from "~/lib/http.server";
import type { Route } from "./+types/preferences";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return redirect("/admin");
}

/** Stores the sidebar state; a plain form post (no JavaScript) goes back where it came from. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await readForm(request);
  const value = form.get("sidebar") === "collapsed" ? "collapsed" : "expanded";
  const headers = { "Set-Cookie": await sidebarCookie.serialize(value) };
  if (request.headers.get("Accept")?.includes("text/html")) {
    return redirect(refererPath(request, "/admin"), { headers });
  }
  return data({ ok: true }, { headers });
}
