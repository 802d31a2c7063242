import { data } from "react-router";
import { HealthChecker } from "~/components/tools/health-checker";
import { OtherTool } from "~/components/tools/tool-parts";
import { readHealthQuery } from "~/features/tools/health-check";
import { toolPaths } from "~/features/tools/tool-paths";
import { healthMessages as m } from "~/features/tools/tools.messages";
import { pageTitle } from "~/root";
import type { Route } from "./+types/battery-health";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: pageTitle(matches, m.title) },
  { name: "description", content: m.metaDescription },
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.canonical }] : []),
];

/**
 * The Battery Health Checker's own page (`?voltage=12.4&temperature=20`): the result is in the
 * address, so it works without JavaScript and can be shared. A reading that is not a voltage
 * answers 400 with its error next to the field, as the store's other GET forms do (/dealer).
 * Public and the same for everyone: kept by the page caches (server/page-cache.ts).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const check = readHealthQuery(new URL(request.url).searchParams);
  // The configured address, never the request's Host (ADR 027): this page is kept for many.
  const canonical = new URL(toolPaths.healthCheck, context.publicUrl).toString();
  const body = { check, canonical };
  return check?.ok === false ? data(body, { status: 400 }) : body;
}

export default function BatteryHealth({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8">
      <HealthChecker action={toolPaths.healthCheck} check={loaderData.check} headingLevel={1} />
      <OtherTool question={m.otherTool} to={toolPaths.inverterSizing} label={m.otherToolLink} />
    </div>
  );
}
