import { redirect } from "react-router";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/old-dashboard";

/**
 * The original site's /admin/dashboard (the old URLs keep working, seed-spec preface rule 1): a
 * permanent redirect to the dashboard's address today, /admin, the query kept. For an admin only,
 * as every admin address: anyone else is asked to sign in, or refused. (The old /test stays a
 * 404 for everyone, issue 25.)
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return redirect(`/admin${new URL(request.url).search}`, 301);
}
