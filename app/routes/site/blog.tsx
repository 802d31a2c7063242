import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { ArticleCard, Breadcrumb } from "~/components/article-parts";
import { ContentNotice } from "~/components/content-notice";
import { FaqList } from "~/components/faq-list";
import { VideoEmbed } from "~/components/video-embed";
import { getBlogPage, listArticles } from "~/features/content/articles.server";
import { pageContentNotice } from "~/features/content/content-notice.server";
import { toolPaths } from "~/features/tools/tool-paths";
import { localeOf, pageMessages } from "~/lib/i18n/catalogue.server";
import { englishLang } from "~/lib/i18n/localized";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { fill } from "~/lib/i18n/translate";
import { pageMeta } from "~/root";
import type { Route } from "./+types/blog";

// The two tools sit at the foot of the page: drawn on the server, their code is fetched while
// the page hydrates instead of with the page's first scripts (their forms work without it).
const HealthChecker = lazy(() =>
  import("~/components/tools/health-checker").then((m) => ({ default: m.HealthChecker })),
);
const InverterSizing = lazy(() =>
  import("~/components/tools/inverter-sizing-form").then((m) => ({ default: m.InverterSizing })),
);

/** The blog page shows at most this many of the articles' videos. */
const VIDEOS = 2;

/** The page's name (the header's) and its title with the guides' heading. */
const BLOG = msg("Blog");
const HOME = msg("Home");
const BLOG_TITLE = msg("Blog: {title}");

export function loader({ request }: Route.LoaderArgs) {
  // Read and rendered once per process (articles.server.ts); the page is kept for visitors too.
  const locale = localeOf(request);
  const { title, description, html, faq, english } = getBlogPage(locale);
  const articles = listArticles(locale);
  // The cards show titles and descriptions: one of those in English is a part in English.
  const cardsInEnglish = articles.some((a) =>
    a.english.some((part) => part === "title" || part === "description"),
  );
  const videos = articles
    .flatMap((a) =>
      a.videoId && a.videoTitle
        ? [{ ...a, videoId: a.videoId, videoTitle: a.videoTitle, article: a.title }]
        : [],
    )
    .slice(0, VIDEOS);
  return {
    // The embedded tools' words too.
    i18n: pageMessages(request, ["blog", "tools"]),
    title,
    description,
    intro: html,
    faq,
    english,
    contentNotice: pageContentNotice(locale, english.length > 0 || cardsInEnglish),
    articles,
    videos,
  };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(args, {
        title: fill(BLOG_TITLE, { title: args.loaderData.title }),
        description: args.loaderData.description,
      })
    : [];

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const t = useT("blog");
  const { title, intro, faq, articles, videos, english, contentNotice } = loaderData;
  return (
    <div className="container-page py-8">
      <Breadcrumb trail={[{ to: "/", label: t(HOME) }]} here={t(BLOG)} />
      <header className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t(BLOG)}</h1>
        <ContentNotice text={contentNotice} className="mt-3" />
        <div
          className="mt-3 text-lg text-slate-700"
          lang={englishLang(english, "body")}
          // Rendered from content/blog.md on the server, raw HTML off (articles.server.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered without raw HTML
          dangerouslySetInnerHTML={{ __html: intro }}
        />
      </header>

      <section aria-labelledby="guides-title" className="mt-10">
        <h2
          id="guides-title"
          className="text-2xl font-bold text-slate-900"
          lang={englishLang(english, "title")}
        >
          {title}
        </h2>
        <ul className="mt-5 grid gap-6 md:grid-cols-3">
          {articles.map((article) => (
            <li key={article.slug} className="flex">
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      </section>

      {videos.length > 0 ? (
        <section aria-labelledby="videos-title" className="mt-14">
          <h2 id="videos-title" className="text-2xl font-bold text-slate-900">
            {t("Watch and learn")}
          </h2>
          <ul className="mt-5 space-y-10">
            {videos.map((video) => (
              <li key={video.videoId} className="grid items-center gap-6 md:grid-cols-[3fr_2fr]">
                <VideoEmbed videoId={video.videoId} title={video.videoTitle} />
                <div>
                  <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
                    {t("The guide to go with it")}
                  </p>
                  <h3
                    className="mt-1 text-xl font-semibold text-slate-900"
                    lang={englishLang(video.english, "title")}
                  >
                    {video.article}
                  </h3>
                  <p
                    className="mt-2 text-slate-700"
                    lang={englishLang(video.english, "description")}
                  >
                    {video.description}
                  </p>
                  <Link
                    to={video.path}
                    className="btn-primary mt-4"
                    aria-label={t("Read the guide: {title}", { title: video.article })}
                  >
                    {t("Read the guide")}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {/* The two tools, as sections: each form opens its result on the tool's own page (a GET
          address that can be shared), so this page stays the same for everyone and cached. */}
      <div className="mt-14 space-y-14">
        <Suspense fallback={null}>
          <HealthChecker action={toolPaths.healthCheck} check={null} headingLevel={2} />
          <InverterSizing
            action={toolPaths.inverterSizing}
            check={null}
            offer={null}
            headingLevel={2}
          />
        </Suspense>
      </div>

      <FaqList id="blog-faq-title" entries={faq} lang={englishLang(english, "faq")} />
    </div>
  );
}
