import { data } from "react-router";
import { InverterSizing } from "~/components/tools/inverter-sizing-form";
import { OtherTool } from "~/components/tools/tool-parts";
import { loadInverterSizing } from "~/features/tools/inverter-sizing.server";
import { toolPaths } from "~/features/tools/tool-paths";
import { sizingMessages as m } from "~/features/tools/tools.messages";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/react";
import { pageMeta } from "~/root";
import type { Route } from "./+types/inverter-sizing";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: m.title, description: m.metaDescription });

/**
 * Inverter battery sizing's own page: the appliances, hours and assumptions are in the address
 * (a GET form), so it works without JavaScript and can be shared; a form with a mistake answers
 * 400 with each error next to its field, as the store's other GET forms do (/dealer). Public
 * and the same for everyone: kept by the page caches (server/page-cache.ts), which are emptied
 * when stock or prices change.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { check, offer } = await loadInverterSizing(context.db, new URL(request.url).searchParams);
  // The batteries' stock badges and Add to Cart say their words in the "catalog" messages.
  const body = { check, offer, i18n: pageMessages(request, ["tools", "catalog", "cart"]) };
  return check?.ok === false ? data(body, { status: 400 }) : body;
}

export default function InverterSizingPage({ loaderData }: Route.ComponentProps) {
  const t = useT("tools");
  return (
    <div className="container-page py-8">
      <InverterSizing
        action={toolPaths.inverterSizing}
        check={loaderData.check}
        offer={loaderData.offer}
        headingLevel={1}
      />
      <OtherTool question={t(m.otherTool)} to={toolPaths.healthCheck} label={t(m.otherToolLink)} />
    </div>
  );
}
