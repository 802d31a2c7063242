import { Link } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import { sizeItLinkText, toolPaths } from "~/features/tools/tool-paths";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";

/* Its own small catalogue ("tool-links"), so the catalogue and product pages that show it need
 * not carry the tools' texts: their loaders list "tool-links". */
msg("Which battery for my inverter? Size it");

/** "Which battery for my inverter? Size it": to the inverter battery sizing tool. */
export function SizeItLink({ className = "" }: { className?: string }) {
  const t = useT("tool-links");
  return (
    <p className={className}>
      <Link
        to={toolPaths.inverterSizing}
        discover="none"
        className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline hover:text-brand-800"
      >
        <SpriteIcon name="house-plug" className="size-5 shrink-0" />
        {t(sizeItLinkText)}
      </Link>
    </p>
  );
}
