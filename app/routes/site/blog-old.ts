import { data, redirect } from "react-router";
import { findArticleByOldPath } from "~/features/content/articles.server";
import { stripLocale } from "~/lib/i18n/locales";
import type { Route } from "./+types/blog-old";

/**
 * The old site's article addresses (/blog1, /blog2, /blog3; routes.ts registers this module once
 * for each): a permanent redirect to the article that has it as its `oldPath`, in the page's
 * language (/hi/blog1 -> /hi/blog/...: React Router puts the language's basename before it).
 */
export function loader({ request }: Route.LoaderArgs) {
  const article = findArticleByOldPath(stripLocale(new URL(request.url).pathname));
  if (!article) throw data(null, { status: 404 });
  return redirect(article.path, 301);
}
