import { data, redirect } from "react-router";
import { findArticleByOldPath } from "~/features/content/articles.server";
import type { Route } from "./+types/blog-old";

/**
 * The old site's article addresses (/blog1, /blog2, /blog3; routes.ts registers this module once
 * for each): a permanent redirect to the article that has it as its `oldPath`.
 */
export function loader({ request }: Route.LoaderArgs) {
  const article = findArticleByOldPath(new URL(request.url).pathname);
  if (!article) throw data(null, { status: 404 });
  return redirect(article.path, 301);
}
