import { data } from "react-router";
import { HealthChecker } from "~/components/tools/health-checker";
import { OtherTool } from "~/components/tools/tool-parts";
import { readHealthQuery } from "~/features/tools/health-check";
import { toolPaths } from "~/features/tools/tool-paths";
import { healthMessages as m } from "~/features/tools/tools.messages";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/react";
import { pageMeta } from "~/root";
import type { Route } from "./+types/battery-health";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: m.title, description: m.metaDescription });

/**
 * The Battery Health Checker's own page (`?voltage=12.4&temperature=20`): the result is in the
 * address, so it works without JavaScript and can be shared. A reading that is not a voltage
 * answers 400 with its error next to the field, as the store's other GET forms do (/dealer).
 * Public and the same for everyone: kept by the page caches (server/page-cache.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  const check = readHealthQuery(new URL(request.url).searchParams);
  const body = { check, i18n: pageMessages(request, ["tools"]) };
  return check?.ok === false ? data(body, { status: 400 }) : body;
}

export default function BatteryHealth({ loaderData }: Route.ComponentProps) {
  const t = useT("tools");
  return (
    <div className="container-page py-8">
      <HealthChecker action={toolPaths.healthCheck} check={loaderData.check} headingLevel={1} />
      <OtherTool
        question={t(m.otherTool)}
        to={toolPaths.inverterSizing}
        label={t(m.otherToolLink)}
      />
    </div>
  );
}
