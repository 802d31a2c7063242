import { data } from "react-router";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/not-found";

/** Unknown admin addresses: only an admin learns that the page does not exist. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  throw data(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
