/**
 * React Router's `<Scripts>`, with every module preload asked for at low priority (ADR 038).
 *
 * A page is drawn on the server: what its first paint needs is the document, the stylesheet
 * and its first pictures. Preloaded at the browser's default (high) priority, the scripts that
 * only make the page interactive share a slow phone connection with those, and the page paints
 * later; at low priority they are still fetched at once, after what the paint needs. React does
 * the same for its own bootstrap modules. The preloads are the elements `<Scripts>` draws, with
 * `fetchPriority` added, so the list of modules stays React Router's.
 */
import { Children, cloneElement, isValidElement, type ReactNode } from "react";
import { Scripts, type ScriptsProps } from "react-router";

function lowPriority(node: ReactNode): ReactNode {
  if (!isValidElement<{ rel?: string; children?: ReactNode }>(node)) return node;
  if (node.type === "link" && node.props.rel === "modulepreload") {
    return cloneElement(node as React.ReactElement<{ fetchPriority?: string }>, {
      fetchPriority: "low",
    });
  }
  if (node.props.children === undefined) return node;
  return cloneElement(node, undefined, ...Children.toArray(node.props.children).map(lowPriority));
}

export function PaintFirstScripts(props: ScriptsProps) {
  // Called as a function (not rendered) so that its elements can be read here; it is a plain
  // function component whose hooks run in this component's place, on every render alike.
  return lowPriority(Scripts(props));
}
