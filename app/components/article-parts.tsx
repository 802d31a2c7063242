import { Link } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import type { ArticleSummary } from "~/features/content/articles.server";
import { formatDate } from "~/lib/format";
import type { Locale } from "~/lib/i18n/locales";
import { englishLang } from "~/lib/i18n/localized";
import { useT } from "~/lib/i18n/react";

/** A calendar day of an article ("2026-01-12") as the store writes days: "12 Jan 2026" (in
 * the page's language: "12 जन॰ 2026"). */
export const articleDay = (day: string, locale: Locale = "en") =>
  formatDate(new Date(`${day}T12:00:00+05:30`), locale);

/** "Home › Blog › This article": the links above, then the page itself (not a link). */
export function Breadcrumb({
  trail,
  here,
  hereLang,
}: {
  trail: { to: string; label: string }[];
  here: string;
  /** "en" when `here` (an article's title) is shown in English on a Hindi or Gujarati page. */
  hereLang?: "en";
}) {
  const t = useT("blog");
  return (
    <nav aria-label={t("Breadcrumb")} className="text-sm text-slate-600">
      <ol className="breadcrumb">
        {trail.map((crumb) => (
          <li key={crumb.to}>
            <Link to={crumb.to} className="underline hover:text-brand-700">
              {crumb.label}
            </Link>
          </li>
        ))}
        <li aria-current="page" lang={hereLang}>
          {here}
        </li>
      </ol>
    </nav>
  );
}

/** When an article was written (or last changed) and how long it takes to read. */
export function ArticleDates({ article }: { article: ArticleSummary }) {
  const t = useT("blog");
  const date = articleDay(article.lastModified, t.locale);
  const time = (text: React.ReactNode) => <time dateTime={article.lastModified}>{text}</time>;
  return (
    <p className="text-sm text-slate-600">
      {article.updated ? t.rich("Updated <0>{date}</0>", { 0: time }, { date }) : time(date)}
      {t(" · {minutes} min read", {
        minutes: article.readingMinutes,
      })}
    </p>
  );
}

/** An article on the blog page: its title (the link, stretched over the card) and summary. */
export function ArticleCard({ article }: { article: ArticleSummary }) {
  return (
    <article className="relative flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md">
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <SpriteIcon name="book-open" className="size-6" />
      </span>
      <h3 className="mt-4 text-xl font-semibold text-slate-900">
        <Link
          to={article.path}
          lang={englishLang(article.english, "title")}
          className="after:absolute after:inset-0 after:rounded-2xl"
        >
          {article.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-slate-600" lang={englishLang(article.english, "description")}>
        {article.description}
      </p>
      <div className="mt-4 flex items-center justify-between gap-2">
        <ArticleDates article={article} />
        <SpriteIcon name="arrow-right" className="size-5 text-brand-700" />
      </div>
    </article>
  );
}
