import { OutletAdminPage } from "~/components/admin/outlet-admin-page";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/service-centres";
import { outletAdminAction, outletAdminLoader } from "./outlet-admin.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Service centres · Admin") },
];

export const loader = outletAdminLoader("service_centre");

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = outletAdminAction("service_centre");

export default function AdminServiceCentres({ loaderData, actionData }: Route.ComponentProps) {
  return <OutletAdminPage loaderData={loaderData} actionData={actionData} />;
}
