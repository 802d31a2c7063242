import { data, Link } from "react-router";
import { placeNames } from "~/components/site-nav";
import { RegistrationDetails, RegistrationNotFound } from "~/components/warranty-owner";
import { ownerView } from "~/features/warranty/owner-view.server";
import { warrantyPageMessages as m } from "~/features/warranty/warranty.messages";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { fill } from "~/lib/i18n/translate";
import { sessionUser } from "~/lib/request-state.server";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta } from "~/root";
import type { Route } from "./+types/warranty-registration";
import { findRegistration, privateHeaders, warrantyPath } from "./warranty-access.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.registration
      ? fill(WARRANTY_OF, { model: args.data.registration.model })
      : m.notFoundTitle,
    description: msg("Your battery's warranty: its cover, its dates and its claims."),
    noindex: true,
  });

const WARRANTY_OF = msg("Warranty of {model}");

/**
 * A registration for its owner (the account it belongs to) or the holder of a look-up's pass
 * (`?pass=`); anyone else gets the same 404 (ADR 032). One person's page: never kept by a cache.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = await findRegistration(request, params, context);
  const i18n = pageMessages(request, ["warranty"]);
  if (!found) {
    return data(
      { i18n, registration: null, claimHref: "", signedIn: false },
      {
        status: 404,
        headers: privateHeaders,
      },
    );
  }
  return data(
    {
      i18n,
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
  const t = useT("warranty");
  const { registration, claimHref, signedIn } = loaderData;
  if (!registration) return <RegistrationNotFound />;
  return (
    <div className="container-page max-w-3xl py-8">
      <p className="text-sm font-semibold text-brand-700">
        <Link to="/warranty" className="inline-flex min-h-11 items-center hover:underline">
          {t(placeNames.warranty)}
        </Link>
      </p>
      <h1 className="text-3xl font-bold break-words text-slate-900">
        {registration.model}{" "}
        <span className="block text-lg font-medium text-slate-600">
          {t.rich(
            "Serial <0>{serial}</0>",
            { 0: (serial) => <span className="font-mono">{serial}</span> },
            { serial: registration.serial },
          )}
        </span>
      </h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <RegistrationDetails registration={registration} claimHref={claimHref} />
      </div>
      {signedIn ? (
        <p className="mt-6">
          <Link to="/account#batteries" className="btn-outline">
            {t("My batteries")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
