import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";

/** The brand mark (a battery with a bolt) and the brand name from the store settings. */
export function BrandLogo({ brandName }: { brandName: string }) {
  const t = useT("common");
  return (
    <Link
      to="/"
      discover="none"
      className="flex min-h-11 items-center gap-2 rounded-md font-bold tracking-tight text-brand-900"
    >
      {/* Drawn in the icon sprite (scripts/generate-icons.ts), like every icon of the shop. */}
      <svg
        viewBox="0 0 32 32"
        className="size-8 shrink-0"
        role="img"
        aria-label={t("{brand} logo", { brand: brandName })}
      >
        <use href="/icons.svg#logo" />
      </svg>
      <span className="text-xl whitespace-nowrap">{brandName}</span>
    </Link>
  );
}
