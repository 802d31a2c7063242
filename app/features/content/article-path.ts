/** The blog's address, and an article's under it (browser-safe: cards and links use them). */
export const BLOG_PATH = "/blog";

export function articlePath(slug: string): string {
  return `${BLOG_PATH}/${slug}`;
}
