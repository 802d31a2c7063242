import { redirect } from "react-router";
import { accountMessages as m } from "~/features/accounts/accounts.messages";
import { signOut } from "~/features/accounts/sign-in.server";
import { redirectWithFlash } from "~/lib/flash.server";
import type { Route } from "./+types/logout";

/** Logging out changes state, so it is a POST; a GET only goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut(context, { headers: request.headers });
  return redirectWithFlash(context, "/login", { type: "success", message: m.loggedOut }, headers);
}
