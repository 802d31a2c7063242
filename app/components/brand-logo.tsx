import { Link } from "react-router";

/** The brand mark (a battery with a bolt) and the brand name from the store settings. */
export function BrandLogo({ brandName }: { brandName: string }) {
  return (
    <Link
      to="/"
      className="flex min-h-11 items-center gap-2 rounded-md font-bold tracking-tight text-brand-900"
    >
      <svg
        viewBox="0 0 32 32"
        className="size-8 shrink-0"
        role="img"
        aria-label={`${brandName} logo`}
      >
        <rect x="3" y="7" width="24" height="20" rx="4" fill="#1e2d89" />
        <rect x="27" y="13" width="3" height="8" rx="1.5" fill="#1e2d89" />
        <path d="M17 9.5 10.5 18h4.5l-1.5 6.5L20 16h-4.5z" fill="#fbbf24" />
      </svg>
      <span className="text-xl whitespace-nowrap">{brandName}</span>
    </Link>
  );
}
