import { redirect } from "react-router";
import { z } from "zod";
import { sidebarCookie } from "~/lib/cookies.server";
import { formAction } from "~/lib/form-action.server";
import { requireAdmin } from "~/lib/guards.server";
import { refererPath } from "~/lib/http.server";
import type { Route } from "./+types/preferences";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return redirect("/admin");
}

/** Stores the sidebar state; a plain form post (no JavaScript) goes back where it came from. */
export const action = formAction(
  {
    guard: "admin",
    defaultIntent: "sidebar",
    resource: true,
    back: ({ request }) => refererPath(request, "/admin"),
  },
  (intent) => ({
    sidebar: intent({
      schema: z.object({ sidebar: z.string().optional() }),
      async run({ data }) {
        const value = data.sidebar === "collapsed" ? "collapsed" : "expanded";
        return { headers: new Headers({ "Set-Cookie": await sidebarCookie.serialize(value) }) };
      },
      reply: "data",
    }),
  }),
);
