import { data, Link } from "react-router";
import { ArticleDates, Breadcrumb } from "~/components/article-parts";
import { ContentNotice } from "~/components/content-notice";
import { FaqList } from "~/components/faq-list";
import { JsonLd } from "~/components/json-ld";
import { SpriteIcon } from "~/components/sprite-icon";
import { VideoEmbed } from "~/components/video-embed";
import { articleStructuredData } from "~/features/content/article-json-ld";
import { BLOG_PATH } from "~/features/content/article-path";
import { articleNeighbours, findArticle } from "~/features/content/articles.server";
import { articleContentNotice } from "~/features/content/content-notice.server";
import { localeOf, pageMessages } from "~/lib/i18n/catalogue.server";
import { englishLang } from "~/lib/i18n/localized";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { pageMeta, useRootData } from "~/root";
import type { Route } from "./+types/blog-article";

const BLOG = msg("Blog");
const HOME = msg("Home");

export function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOf(request);
  // In the page's language; the parts not translated yet in English (listed in `english`).
  const article = findArticle(params.slug, locale);
  // An unknown article: the site's 404 page (the layout's error boundary), status 404.
  if (!article) throw data(null, { status: 404 });
  return {
    i18n: pageMessages(request, ["blog"]),
    article,
    contentNotice: articleContentNotice(locale, article.english),
    ...articleNeighbours(article.slug, locale),
    // The configured address, never the request's Host: this page is kept for every visitor.
    url: new URL(article.path, context.publicUrl).href,
    publicUrl: context.publicUrl,
  };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(args, {
        title: args.loaderData.article.title,
        description: args.loaderData.article.description,
        type: "article",
      })
    : [];

/** The article before or after this one, as a link that says which way it goes. */
function NeighbourLink({
  article,
  rel,
}: {
  article: { path: string; title: string; english: readonly string[] } | null;
  rel: "prev" | "next";
}) {
  const t = useT("blog");
  if (!article) return <span />;
  const next = rel === "next";
  return (
    <Link
      to={article.path}
      rel={rel}
      className={`group flex min-h-11 flex-col rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-300 ${next ? "sm:items-end sm:text-right" : ""}`}
    >
      <span className="flex items-center gap-1 text-sm text-slate-600">
        {next ? null : <SpriteIcon name="chevron-left" className="size-4" />}
        {next ? t("Next guide") : t("Previous guide")}
        {next ? <SpriteIcon name="chevron-right" className="size-4" /> : null}
      </span>
      <span
        className="mt-1 font-semibold text-brand-700 group-hover:underline"
        lang={englishLang(article.english, "title")}
      >
        {article.title}
      </span>
    </Link>
  );
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const t = useT("blog");
  const { article, previous, next, url, publicUrl, contentNotice } = loaderData;
  const lang = (part: "title" | "description" | "body" | "faq") =>
    englishLang(article.english, part);
  const brandName = useRootData()?.store.brandName ?? "";
  const structured = articleStructuredData(article, {
    url,
    publicUrl,
    brandName,
    homeName: t(HOME),
    blogName: t(BLOG),
    locale: t.locale,
  });
  return (
    <div className="container-page py-8">
      {structured.map((item) => (
        <JsonLd key={item["@type"]} data={item} />
      ))}
      <Breadcrumb
        trail={[
          { to: "/", label: t(HOME) },
          { to: BLOG_PATH, label: t(BLOG) },
        ]}
        here={article.title}
        hereLang={lang("title")}
      />
      <article className="mx-auto mt-6 max-w-3xl" aria-labelledby="article-title">
        <header>
          <ContentNotice text={contentNotice} className="mb-4" />
          <h1
            id="article-title"
            className="text-3xl font-bold text-slate-900 sm:text-4xl"
            lang={lang("title")}
          >
            {article.title}
          </h1>
          <p className="mt-3 text-lg text-slate-700" lang={lang("description")}>
            {article.description}
          </p>
          <div className="mt-3">
            <ArticleDates article={article} />
          </div>
        </header>

        {article.videoId && article.videoTitle ? (
          <div className="mt-8">
            <VideoEmbed videoId={article.videoId} title={article.videoTitle} />
          </div>
        ) : null}

        <nav
          aria-labelledby="contents-title"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-5"
        >
          <h2
            id="contents-title"
            className="text-sm font-semibold tracking-wide text-slate-600 uppercase"
          >
            {t("On this page")}
          </h2>
          <ol className="mt-2 space-y-1">
            {article.headings.map((heading) => (
              <li key={heading.id} lang={lang("body")}>
                <a
                  href={`#${heading.id}`}
                  className="inline-flex min-h-9 items-center text-brand-700 underline"
                >
                  {heading.text}
                </a>
              </li>
            ))}
            <li>
              <a
                href="#article-faq-title"
                className="inline-flex min-h-9 items-center text-brand-700 underline"
              >
                {t("Frequently asked questions")}
              </a>
            </li>
          </ol>
        </nav>

        <div
          className="prose-article mt-8"
          lang={lang("body")}
          // Rendered from content/articles/*.md on the server with raw HTML off.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered without raw HTML
          dangerouslySetInnerHTML={{ __html: article.html }}
        />

        <FaqList id="article-faq-title" entries={article.faq} lang={lang("faq")} />

        <nav aria-label={t("More guides")} className="mt-14 grid gap-4 sm:grid-cols-2">
          <NeighbourLink article={previous} rel="prev" />
          <NeighbourLink article={next} rel="next" />
        </nav>
        <p className="mt-6">
          <Link
            to={BLOG_PATH}
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            {t("All battery care guides")}
            <SpriteIcon name="arrow-right" className="size-4" />
          </Link>
        </p>
      </article>
    </div>
  );
}
