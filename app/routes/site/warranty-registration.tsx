import { data, Link } from "react-router";
import { placeNames } from "~/components/site-nav";
import { RegistrationDetails, RegistrationNotFound } from "~/components/warranty-owner";
import { ownerView } from "~/features/warranty/owner-view.server";
import { warrantyPageMessages as m } from "~/features/warranty/warranty.messages";
import { sessionUser } from "~/lib/request-state.server";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta } from "~/root";
import type { Route } from "./+types/warranty-registration";
import { findRegistration, privateHeaders, warrantyPath } from "./warranty-access.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.registration
      ? `Warranty of ${args.data.registration.model}`
      : m.notFoundTitle,
    description: "Your battery's warranty: its cover, its dates and its claims.",
    noindex: true,
  });

/**
 * A registration for its owner (the account it belongs to) or the holder of a look-up's pass
 * (`?pass=`); anyone else gets the same 404 (ADR 032). One person's page: never kept by a cache.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = await findRegistration(request, params, context);
  if (!found) {
    return data(
      { registration: null, claimHref: "", signedIn: false },
      {
        status: 404,
        headers: privateHeaders,
      },
    );
  }
  return data(
    {
      registration: ownerView(found.view),
      claimHref: warrantyPath(found.view.id, found.pass, "/claim"),
      signedIn: sessionUser(context) !== null,
    },
    { headers: privateHeaders },
  );
}

/** Keeps the loader's Cache-Control. */
export const headers = passHeaders;

export default function WarrantyRegistration({ loaderData }: Route.ComponentProps) {
  const { registration, claimHref, signedIn } = loaderData;
  if (!registration) return <RegistrationNotFound />;
  return (
    <div className="container-page max-w-3xl py-8">
      <p className="text-sm font-semibold text-brand-700">
        <Link to="/warranty" className="inline-flex min-h-11 items-center hover:underline">
          {placeNames.warranty}
        </Link>
      </p>
      <h1 className="text-3xl font-bold break-words text-slate-900">
        {registration.model}{" "}
        <span className="block text-lg font-medium text-slate-600">
          Serial <span className="font-mono">{registration.serial}</span>
        </span>
      </h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <RegistrationDetails registration={registration} claimHref={claimHref} />
      </div>
      {signedIn ? (
        <p className="mt-6">
          <Link to="/account#batteries" className="btn-outline">
            My batteries
          </Link>
        </p>
      ) : null}
    </div>
  );
}
