import { Link } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import { useT } from "~/lib/i18n/react";

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
  const t = useT("common");
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("Pages")} className="mt-6 flex items-center justify-between">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="btn-outline">
          <SpriteIcon name="chevron-left" className="size-4" /> {t("Previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        {t("Page {page} of {pageCount}", { page: String(page), pageCount: String(pageCount) })}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className="btn-outline">
          {t("Next")} <SpriteIcon name="chevron-right" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
