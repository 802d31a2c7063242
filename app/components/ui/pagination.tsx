import { Link } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";

/** Previous / "Page X of Y" / Next links; renders nothing for a single page. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="btn-outline">
          <SpriteIcon name="chevron-left" className="size-4" /> Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">{`Page ${page} of ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className="btn-outline">
          Next <SpriteIcon name="chevron-right" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
