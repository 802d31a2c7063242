/**
 * React Router's `<Scripts>`, asked for once the page has painted (ADR 038, ADR 045).
 *
 * A page is drawn on the server: what its first paint needs is the document, the stylesheet,
 * its font and its first pictures. The scripts only make the page interactive; on a slow phone
 * connection, fetched beside those, they share the bandwidth and the page paints later. So the
 * module preloads and the module script that `<Scripts>` draws are not put in the page as they
 * are: the module script is kept inert (`type="text/plain"`), and a small inline script adds the
 * preloads and a live copy of it once the browser reports the first contentful paint (at once in
 * a hidden tab, which paints nothing). The list of modules and the code that starts the app stay React
 * Router's; without JavaScript nothing changes, every page works as a plain form and link.
 */
import { Children, isValidElement, type ReactNode } from "react";
import { Scripts, type ScriptsProps } from "react-router";

type Props = { rel?: string; href?: string; type?: string; children?: ReactNode };

/** The id of the inert copy of React Router's module script. */
const BOOT_ID = "rr-boot";

/** Runs in the browser: adds the preloads and the module script once the page has painted. */
function startAfterPaint(bootId: string, preloads: string[]) {
  const boot = document.getElementById(bootId) as HTMLScriptElement | null;
  if (!boot) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = boot.nonce;
    script.textContent = boot.textContent;
    document.body.appendChild(script);
  };
  if (document.visibilityState === "hidden") return start();
  // Once the browser reports the first contentful paint; where it cannot, after the next frame.
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: "paint", buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  // A page that never reports its paint (a browser that does not) still starts.
  setTimeout(start, 3000);
}

/** The elements of `<Scripts>` (nested in fragments), in order. */
function flatten(node: ReactNode): ReactNode[] {
  return Children.toArray(node).flatMap((child) =>
    isValidElement<Props>(child) && child.type !== "link" && child.type !== "script"
      ? flatten(child.props.children)
      : [child],
  );
}

export function PaintFirstScripts(props: ScriptsProps) {
  // Called as a function (not rendered) so that its elements can be read here; it is a plain
  // function component whose hooks run in this component's place, on every render alike.
  const elements = flatten(Scripts(props));
  const preloads: string[] = [];
  const kept: ReactNode[] = [];
  let boot: { __html: string } | null = null;
  for (const element of elements) {
    if (!isValidElement<Props & { dangerouslySetInnerHTML?: { __html: string } }>(element)) {
      kept.push(element);
      continue;
    }
    const { rel, href, type, dangerouslySetInnerHTML } = element.props;
    if (element.type === "link" && rel === "modulepreload" && href) preloads.push(href);
    else if (element.type === "script" && type === "module" && dangerouslySetInnerHTML)
      boot = dangerouslySetInnerHTML;
    else kept.push(element);
  }
  if (!boot) return <>{kept}</>;
  return (
    <>
      {kept}
      <script
        id={BOOT_ID}
        type="text/plain"
        nonce={props.nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React Router's own module script
        dangerouslySetInnerHTML={boot}
      />
      <script
        nonce={props.nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the store's own function and module addresses
        dangerouslySetInnerHTML={{
          __html: `(${startAfterPaint.toString()})(${JSON.stringify(BOOT_ID)},${JSON.stringify(preloads)});`,
        }}
      />
    </>
  );
}
