import { data } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { OutletFinder } from "~/components/outlets/outlet-finder";
import { placeNames } from "~/components/site-nav";
import { outletJsonLd } from "~/features/outlets/outlet-json-ld";
import { readOutletSearch } from "~/features/outlets/outlet-search.schema";
import { searchOutlets } from "~/features/outlets/outlet-search.server";
import { fallbackStore } from "~/features/settings/public-store";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { pageMeta, useRootData } from "~/root";
import type { Route } from "./+types/dealers";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Dealer Locator"),
    description: msg(
      "Find a battery dealer near you by pincode or city, with hours, phone and directions.",
    ),
  });

/** The search (a GET form); a malformed pincode answers 400 with its error next to the field. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readOutletSearch(new URL(request.url));
  const result = await searchOutlets(context.db, "dealer", query);
  const page = { query, result, i18n: pageMessages(request, ["places", "outlets"]) };
  return query.pincodeError ? data(page, { status: 400 }) : page;
}

export default function Dealers({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const tiles = root?.store.map ?? fallbackStore.map;
  const t = useT("outlets");
  return (
    <div className="container-page py-8">
      {root && loaderData.result.rows.length > 0 ? (
        <JsonLd
          data={loaderData.result.rows.map((row) => outletJsonLd(row, "dealer", root.publicUrl))}
        />
      ) : null}
      <h1 className="text-3xl font-bold text-slate-900">{t(placeNames.dealers)}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        {t(
          "Buy, fit and exchange batteries at a dealer near you. Search by pincode or city, or share your location to see the nearest first.",
        )}
      </p>
      <OutletFinder
        kind="dealer"
        query={loaderData.query}
        result={loaderData.result}
        tiles={tiles}
      />
    </div>
  );
}
